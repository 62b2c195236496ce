// Abuse floods against the real budgets (factor 1): logins, code sends, demo creation, captchas, uploads and order
// submits are refused with HTTP 429, the §8 envelope and a translated message, per address and per account; the
// window is on the injected clock, so moving it a minute lets the caller back in. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_BUDGETS, RATE_WINDOW_MS } from '../../server/security/limits.ts';
import { accountKey, rateGroupFor } from '../../server/security/rate-limit.ts';
import { api, manualClock, registerAndLogin, startTestServer, type TestServer } from './harness.ts';

const clock = manualClock();
let server: TestServer;
beforeAll(async () => {
  // trustProxy: the test plays many addresses through X-Forwarded-For.
  server = await startTestServer({ clock, market: { manual: true }, security: { factor: 1 }, trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

let ipSeq = 0;
const freshIp = (): string => `198.51.100.${++ipSeq}`;

interface Raw {
  status: number;
  code: number;
  msg: string;
  retryAfter: string | null;
}
async function call(
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Raw> {
  const qs = new URLSearchParams(params).toString();
  const res =
    method === 'GET'
      ? await fetch(`${server.baseUrl}${path}?${qs}`, { headers })
      : await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: qs,
        });
  const env = (await res.json()) as { code: number; msg: string };
  return { status: res.status, code: env.code, msg: env.msg, retryAfter: res.headers.get('retry-after') };
}

/** Sends `n` requests; returns the statuses. */
async function flood(n: number, send: (i: number) => Promise<Raw>): Promise<Raw[]> {
  const out: Raw[] = [];
  for (let i = 0; i < n; i++) out.push(await send(i));
  return out;
}

const TOO_MANY_EN = 'Too many requests, please try again later';

describe('per address', () => {
  it('login: the budget per address, then 429 with the envelope in the caller language; a minute later it opens', async () => {
    const ip = freshIp();
    const max = RATE_BUDGETS.login.perAddress;
    const replies = await flood(max, (i) =>
      call('POST', '/api/user/loginForU', { account: `nobody${i}@example.com`, password: 'x' }, { 'x-forwarded-for': ip, lang: 'en' }),
    );
    expect(replies.every((r) => r.status === 200 && r.code === 0)).toBe(true);
    const over = await call('POST', '/api/user/loginForU', { account: 'another@example.com', password: 'x' }, { 'x-forwarded-for': ip, lang: 'en' });
    expect(over).toMatchObject({ status: 429, code: 0, msg: TOO_MANY_EN });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    const hk = await call('POST', '/api/user/loginForU', { account: 'x@example.com', password: 'x' }, { 'x-forwarded-for': ip, lang: 'hk' });
    expect(hk).toMatchObject({ status: 429, msg: '操作過於頻繁，請稍後再試' });
    // Another address is not affected.
    expect((await call('POST', '/api/user/loginForU', { account: 'x@example.com', password: 'x' }, { 'x-forwarded-for': freshIp() })).status).toBe(200);
    clock.advance(RATE_WINDOW_MS);
    expect((await call('POST', '/api/user/loginForU', { account: 'y@example.com', password: 'x' }, { 'x-forwarded-for': ip })).status).toBe(200);
  });

  it('malformed requests spend the budget too (counted before the schema)', async () => {
    const ip = freshIp();
    await flood(RATE_BUDGETS.login.perAddress, () => call('POST', '/api/user/loginForU', {}, { 'x-forwarded-for': ip }));
    expect((await call('POST', '/api/user/loginForU', {}, { 'x-forwarded-for': ip })).status).toBe(429);
  });

  it('code sends, demo creation and captchas each have their budget', async () => {
    const cases: Array<[number, (i: number, ip: string) => Promise<Raw>]> = [
      [RATE_BUDGETS.code.perAddress, (i, ip) => call('POST', '/api/notify/send_email', { to: `flood${i}@example.com`, type: '1' }, { 'x-forwarded-for': ip })],
      [RATE_BUDGETS.demo.perAddress, (i, ip) => call('GET', '/api/user/createAccountDemoForU', { demo_id: `flooddemo${ipSeq}x${i}` }, { 'x-forwarded-for': ip })],
      [RATE_BUDGETS.captcha.perAddress, (_i, ip) => call('GET', '/api/captcha', {}, { 'x-forwarded-for': ip })],
    ];
    for (const [max, send] of cases) {
      const ip = freshIp();
      const replies = await flood(max + 1, (i) => send(i, ip));
      expect(replies.slice(0, max).every((r) => r.status === 200)).toBe(true);
      expect(replies[max]).toMatchObject({ status: 429, code: 0 });
    }
  });
});

describe('per account', () => {
  it('login attempts on one account from many addresses are refused past the account budget', async () => {
    const max = RATE_BUDGETS.login.perAccount;
    const replies = await flood(max + 1, () =>
      call('POST', '/api/user/loginForU', { account: 'victim@example.com', password: 'guess' }, { 'x-forwarded-for': freshIp() }),
    );
    expect(replies.slice(0, max).every((r) => r.status === 200)).toBe(true);
    expect(replies[max]?.status).toBe(429);
  });

  it('uploads and order submits are limited per session', async () => {
    const user = await registerAndLogin(server, { clock });
    const headers = (): Record<string, string> => ({ authorization: user.token, 'x-forwarded-for': freshIp() });
    const up = await flood(RATE_BUDGETS.upload.perAccount + 1, async () => {
      const fd = new FormData();
      fd.append('file', new Blob(['not an image']), 'x.png');
      const res = await fetch(`${server.baseUrl}/api/common/image_upload`, { method: 'POST', headers: headers(), body: fd });
      const env = (await res.json()) as { code: number; msg: string };
      return { status: res.status, code: env.code, msg: env.msg, retryAfter: null };
    });
    expect(up.slice(0, -1).every((r) => r.status !== 429)).toBe(true);
    expect(up.at(-1)?.status).toBe(429);
    const orders = await flood(RATE_BUDGETS.order.perAccount + 1, () =>
      call('GET', '/v1/api/forex/submit', { type: '1', cont: '0.01', forex_id: '1', status: '1' }, headers()),
    );
    expect(orders.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expect(orders.at(-1)?.status).toBe(429);
    // A signed-in user's ordinary reads are not limited by these budgets.
    expect((await api(server.baseUrl).withToken(user.token).get('/api/user/info')).code).toBe(1);
  });
});

describe('routing of budgets (pure)', () => {
  it('maps routes to groups and keys accounts without keeping them in clear', () => {
    expect(rateGroupFor('POST', '/api/user/loginForU')).toBe('login');
    expect(rateGroupFor('GET', '/v1/api/forex/submit')).toBe('order');
    expect(rateGroupFor('GET', '/api/user/info')).toBeNull();
    const key = accountKey('login', { body: { account: ' Victim@Example.com ' }, query: {}, headers: {} });
    expect(key).toBe(accountKey('login', { body: { account: 'victim@example.com' }, query: {}, headers: {} }));
    expect(key).not.toContain('victim');
    expect(accountKey('upload', { body: {}, query: {}, headers: {} })).toBeNull();
  });
});
