// Abuse floods against the real budgets (factor 1): logins, code sends, demo creation, captchas, uploads and order
// submits are refused with HTTP 429, the §8 envelope and a translated message, per address and per account; the
// window is on the injected clock, so moving it a minute lets the caller back in. Accounts are counted as the
// route reads them (a one-item array or another spelling of a number is the same account), sessions as the token
// the session lookup reads; a flood cannot lock the owner out; the operator token has a wrong-guess budget.
// Each budget is declared on its route (config.budget): every state-changing route declares one or says why not,
// and a route mounted under another path keeps its budget; signed-in changes share a write budget, logout has none.
// Both databases.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/http/http-app.ts';
import { userRoutes } from '../../../server/routes/user.ts';
import { isBudget, type Keyed, type RouteBudget } from '../../../server/security/budgets.ts';
import { FAILURE_BUDGETS, RATE_BUDGETS, RATE_WINDOW_MS, type RateGroup } from '../../../server/security/limits.ts';
import { accountKey as keyOf } from '../../../server/security/rate-limit.ts';
import { api, manualClock, registerAndLogin, startTestServer, type TestServer } from '../support/harness.ts';

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
async function json(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Raw> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string };
  return { status: res.status, code: env.code, msg: env.msg, retryAfter: res.headers.get('retry-after') };
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
      call(
        'POST',
        '/api/user/loginForU',
        { account: `nobody${i}@example.com`, password: 'x' },
        { 'x-forwarded-for': ip, lang: 'en' },
      ),
    );
    expect(replies.every((r) => r.status === 200 && r.code === 0)).toBe(true);
    const over = await call(
      'POST',
      '/api/user/loginForU',
      { account: 'another@example.com', password: 'x' },
      { 'x-forwarded-for': ip, lang: 'en' },
    );
    expect(over).toMatchObject({ status: 429, code: 0, msg: TOO_MANY_EN });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    const hk = await call(
      'POST',
      '/api/user/loginForU',
      { account: 'x@example.com', password: 'x' },
      { 'x-forwarded-for': ip, lang: 'hk' },
    );
    expect(hk).toMatchObject({ status: 429, msg: '操作過於頻繁，請稍後再試' });
    // Another address is not affected.
    expect(
      (
        await call(
          'POST',
          '/api/user/loginForU',
          { account: 'x@example.com', password: 'x' },
          { 'x-forwarded-for': freshIp() },
        )
      ).status,
    ).toBe(200);
    clock.advance(RATE_WINDOW_MS);
    expect(
      (
        await call(
          'POST',
          '/api/user/loginForU',
          { account: 'y@example.com', password: 'x' },
          { 'x-forwarded-for': ip },
        )
      ).status,
    ).toBe(200);
  });

  it('malformed requests spend the budget too (counted before the schema)', async () => {
    const ip = freshIp();
    await flood(RATE_BUDGETS.login.perAddress, () =>
      call('POST', '/api/user/loginForU', {}, { 'x-forwarded-for': ip }),
    );
    expect((await call('POST', '/api/user/loginForU', {}, { 'x-forwarded-for': ip })).status).toBe(429);
  });

  it('code sends, demo creation and captchas each have their budget', async () => {
    const cases: Array<[number, (i: number, ip: string) => Promise<Raw>]> = [
      [
        RATE_BUDGETS.code.perAddress,
        (i, ip) =>
          call('POST', '/api/notify/send_email', { to: `flood${i}@example.com`, type: '1' }, { 'x-forwarded-for': ip }),
      ],
      [
        RATE_BUDGETS.demo.perAddress,
        (i, ip) =>
          call(
            'GET',
            '/api/user/createAccountDemoForU',
            { demo_id: `flooddemo${ipSeq}x${i}` },
            { 'x-forwarded-for': ip },
          ),
      ],
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
  it('login: the account budget is per account and address; once an account has had its wrong passwords, each other address gets one try', async () => {
    const victim = `victim${ipSeq}@example.com`;
    const max = RATE_BUDGETS.login.perAccount;
    const ip = freshIp();
    const replies = await flood(max + 1, () =>
      call('POST', '/api/user/loginForU', { account: victim, password: 'guess' }, { 'x-forwarded-for': ip }),
    );
    expect(replies.slice(0, max).every((r) => r.status === 200 && r.code === 0)).toBe(true);
    expect(replies[max]?.status).toBe(429);
    // The account has had FAILURE_BUDGETS.login_account wrong passwords: guessing from many addresses gets one
    // guess per address, a second from the same address is refused before the password is checked.
    expect(FAILURE_BUDGETS.login_account).toBeLessThanOrEqual(max);
    for (let i = 0; i < 5; i++) {
      const other = freshIp();
      const first = await call(
        'POST',
        '/api/user/loginForU',
        { account: victim, password: `guess${i}` },
        { 'x-forwarded-for': other },
      );
      expect([first.status, first.code]).toEqual([200, 0]);
      const second = await call(
        'POST',
        '/api/user/loginForU',
        { account: victim, password: `again${i}` },
        { 'x-forwarded-for': other },
      );
      expect(second.status).toBe(429);
    }
    clock.advance(RATE_WINDOW_MS);
  });

  it('the owner still signs in from another address after a flood of wrong passwords', async () => {
    const owner = await registerAndLogin(server, { clock });
    const login = (password: string, ip: string) =>
      call(
        'POST',
        '/api/user/loginForU',
        { account: owner.account, password, login_type: 'email' },
        { 'x-forwarded-for': ip, lang: 'en' },
      );
    const attacker = freshIp();
    for (let i = 0; i < RATE_BUDGETS.login.perAccount; i++) expect((await login(`wrong${i}`, attacker)).code).toBe(0);
    // The attacker's own address is shut, even with the right password…
    expect((await login(owner.password, attacker)).status).toBe(429);
    // …the owner, from their own address, is not.
    const home = await login(owner.password, freshIp());
    expect([home.status, home.code]).toEqual([200, 1]);
    // A new address that guesses wrong has used its one try for this window.
    const other = freshIp();
    expect(await login('wrong-again', other)).toMatchObject({
      status: 200,
      code: 0,
      msg: 'Incorrect account or password',
    });
    expect((await login(owner.password, other)).status).toBe(429);
    expect((await login(owner.password, freshIp())).code).toBe(1);
    clock.advance(RATE_WINDOW_MS);
    expect((await login(owner.password, attacker)).code).toBe(1);
  });

  it('login: a one-item array and the plain account spend one budget; the array form cannot sign in once it is spent', async () => {
    const owner = await registerAndLogin(server, { clock });
    clock.advance(RATE_WINDOW_MS);
    const ip = freshIp();
    const max = RATE_BUDGETS.login.perAccount;
    for (let i = 0; i < max; i++) {
      const account = i % 2 === 0 ? owner.account : [owner.account.toUpperCase()];
      expect(
        (await json('/api/user/loginForU', { account, password: `wrong${i}` }, { 'x-forwarded-for': ip })).status,
      ).toBe(200);
    }
    expect(
      (
        await json(
          '/api/user/loginForU',
          { account: [owner.account], password: owner.password },
          { 'x-forwarded-for': ip },
        )
      ).status,
    ).toBe(429);
    expect(
      (
        await json(
          '/api/user/loginForU',
          { account: owner.account, password: owner.password },
          { 'x-forwarded-for': ip },
        )
      ).status,
    ).toBe(429);
    clock.advance(RATE_WINDOW_MS);
  });

  it('login: every spelling of one mobile number spends one budget', async () => {
    const ip = freshIp();
    const spellings = ['91234567', '9123-4567', '(9123)4567', '9123 4567', ' 91234567 ', ['9123-4567']];
    const max = RATE_BUDGETS.login.perAccount;
    const replies = await flood(max + 1, (i) =>
      json(
        '/api/user/loginForU',
        { account: spellings[i % spellings.length], password: 'guess', login_type: 'mobile' },
        { 'x-forwarded-for': ip },
      ),
    );
    expect(replies.slice(0, max).every((r) => r.status === 200)).toBe(true);
    expect(replies[max]?.status).toBe(429);
    clock.advance(RATE_WINDOW_MS);
  });

  it('register, password reset and code sending: arrays and spellings of one account spend one budget', async () => {
    const to = `target${ipSeq}@example.com`;
    const forms = (account: unknown): Array<[number, string, unknown]> => [
      [RATE_BUDGETS.code.perAccount, '/api/notify/send_email', { to: account, type: 1 }],
      [
        RATE_BUDGETS.register.perAccount,
        '/api/user/register',
        { type: 'email', account, password: 'abc12345', re_password: 'abc12345', sms_code: '123456', key: 'k' },
      ],
      [
        RATE_BUDGETS.password.perAccount,
        '/api/user/forget_password',
        { type: 'email', account, new_password: 'abc12345', secondary_password: 'abc12345', auth_code: '123456' },
      ],
    ];
    const spellings: unknown[] = [to, [to], ` ${to.toUpperCase()} `, [to.toUpperCase()]];
    for (let g = 0; g < forms(to).length; g++) {
      const max = forms(to)[g]?.[0] ?? 0;
      // From a fresh address each time: only the account's budget can refuse.
      const replies = await flood(max + 1, (i) => {
        const [, path, body] = forms(spellings[i % spellings.length])[g] ?? [0, '', {}];
        return json(path, body, { 'x-forwarded-for': freshIp() });
      });
      expect(replies.slice(0, max).every((r) => r.status === 200)).toBe(true);
      expect(replies[max]?.status).toBe(429);
    }
    clock.advance(RATE_WINDOW_MS);
  });

  it('uploads and order submits are limited per session', async () => {
    const user = await registerAndLogin(server, { clock });
    const headers = (): Record<string, string> => ({ authorization: user.token, 'x-forwarded-for': freshIp() });
    const up = await flood(RATE_BUDGETS.upload.perAccount + 1, async () => {
      const fd = new FormData();
      fd.append('file', new Blob(['not an image']), 'x.png');
      const res = await fetch(`${server.baseUrl}/api/common/image_upload`, {
        method: 'POST',
        headers: headers(),
        body: fd,
      });
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

  it('signed-in changes share one write budget per session; logging out is never refused', async () => {
    clock.advance(RATE_WINDOW_MS);
    const user = await registerAndLogin(server, { clock });
    const headers = (): Record<string, string> => ({ authorization: user.token, 'x-forwarded-for': freshIp() });
    const writes = await flood(RATE_BUDGETS.write.perAccount + 1, (i) =>
      i % 2 === 0
        ? call('POST', '/v1/api/watchlist/add', { forex_id: '1' }, headers())
        : call('POST', '/v1/api/watchlist/remove', { forex_id: '1' }, headers()),
    );
    expect(writes.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expect(writes.at(-1)?.status).toBe(429);
    // No budget on logout: from one address, past any group's figure, every one is answered.
    const ip = freshIp();
    const outs = await flood(RATE_BUDGETS.write.perAddress + 1, () =>
      call('POST', '/api/user/logout', {}, { 'x-forwarded-for': ip }),
    );
    expect(outs.every((r) => r.status === 200 && r.code === 1)).toBe(true);
  });

  it('a session has one budget however its authorization header is written', async () => {
    clock.advance(RATE_WINDOW_MS);
    const user = await registerAndLogin(server, { clock });
    const spellings = [user.token, `Bearer ${user.token}`, `bearer   ${user.token}`, ` BEARER ${user.token} `];
    const up = await flood(RATE_BUDGETS.upload.perAccount + 1, async (i) => {
      const fd = new FormData();
      fd.append('file', new Blob(['not an image']), 'x.png');
      const headers = { authorization: spellings[i % spellings.length] ?? '', 'x-forwarded-for': freshIp() };
      const res = await fetch(`${server.baseUrl}/api/common/image_upload`, { method: 'POST', headers, body: fd });
      const env = (await res.json()) as { code: number; msg: string };
      return { status: res.status, code: env.code, msg: env.msg, retryAfter: null };
    });
    expect(up.slice(0, -1).every((r) => r.status === 200 && r.code === 0)).toBe(true);
    expect(up.at(-1)?.status).toBe(429);
  });
});

describe('operator token', () => {
  it('wrong tokens from one address are limited: past the budget even the right token answers 429 there, not elsewhere', async () => {
    const ops = (token: string, ip: string) =>
      fetch(`${server.baseUrl}/api/ops/commands`, {
        headers: { 'x-ops-token': token, 'x-forwarded-for': ip, lang: 'en' },
      });
    const ip = freshIp();
    for (let i = 0; i < FAILURE_BUDGETS.ops_address; i++) {
      expect((await ops(`wrong-token-${i}-xxxxxxxxxxxxxxxx`, ip)).status).toBe(401);
    }
    const refused = await ops(server.opsToken, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 0, msg: TOO_MANY_EN });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Private images answer the same way to that address.
    expect(
      (
        await fetch(`${server.baseUrl}/api/common/image/AAAAAAAAAAAAAAAAAAAAAA`, {
          headers: { 'x-ops-token': 'x', 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(429);
    expect((await ops(server.opsToken, freshIp())).status).toBe(200);
    clock.advance(RATE_WINDOW_MS);
    expect((await ops(server.opsToken, ip)).status).toBe(200);
  });
});

describe('routing of budgets (pure)', () => {
  /** What the route declares, as the running app registered it. */
  const declared = (method: string, url: string): RouteBudget | undefined =>
    server.app.routeTable.find((r) => r.method === method && r.url === url)?.budget;
  const rateGroupFor = (method: string, url: string): RateGroup | null => {
    const b = declared(method, url);
    return isBudget(b) ? b.group : null;
  };
  /** A request's account key under the budget that `method url` declares. */
  const accountKey = (method: string, url: string, request: Keyed): string | null => {
    const b = declared(method, url);
    if (!isBudget(b)) throw new Error(`${method} ${url} declares no budget`);
    return keyOf(b, request);
  };

  it('maps routes to groups and keys accounts as the routes read them, never in clear', () => {
    expect(rateGroupFor('POST', '/api/user/loginForU')).toBe('login');
    expect(rateGroupFor('GET', '/v1/api/forex/submit')).toBe('order');
    expect(rateGroupFor('GET', '/api/user/info')).toBeNull();
    const login = (request: Keyed): string | null => accountKey('POST', '/api/user/loginForU', request);
    const req = { query: {}, headers: {}, ip: '192.0.2.1' };
    const key = login({ ...req, body: { account: ' Victim@Example.com ' } });
    expect(key).toBe(login({ ...req, body: { account: 'victim@example.com' } }));
    expect(key).not.toContain('victim');
    // Login counts per account and address.
    expect(login({ ...req, ip: '192.0.2.2', body: { account: 'victim@example.com' } })).not.toBe(key);
    // Not a string, or not a valid account: not counted here (the schema or the route refuses it first).
    expect(login({ ...req, body: { account: ['victim@example.com'] } })).toBeNull();
    expect(login({ ...req, body: { account: 'not-an-account' } })).toBeNull();
    const mobile = (to: string) => accountKey('POST', '/api/notify/send_sms', { ...req, body: { to } });
    expect(mobile('9123-4567')).toBe(mobile('(9123) 4567'));
    expect(accountKey('POST', '/api/common/image_upload', { ...req, body: {} })).toBeNull();
    const session = (authorization: string) =>
      accountKey('GET', '/v1/api/forex/submit', { ...req, headers: { authorization }, body: {} });
    const token = 'A'.repeat(43);
    expect(session(`Bearer ${token}`)).toBe(session(`bearer   ${token}`));
    expect(session(token)).toBe(session(`Bearer ${token}`));
  });

  // The legacy API changes state with GET too (the app's wire, docs/contract.md §7): these must declare a budget like any POST.
  const STATE_CHANGING_GETS = [
    '/api/captcha',
    '/api/user/createAccountDemoForU',
    '/v1/api/main/user/resetForexDemoAccount',
    '/api/quickCharge/submit',
    '/api/quickCharge/wire_submit',
    '/api/fund/buy',
    '/api/fund/applyRefund',
    '/v1/api/forex/submit',
    '/v1/api/forex/close',
    '/v1/api/forex/close_all',
    '/v1/api/forex/cancel_trade',
    '/v1/api/forex/set_stop_price',
  ];

  it('every state-changing route declares its budget, or no budget and why', () => {
    const routes = server.app.routeTable.filter((r) => !r.websocket && r.method !== 'HEAD');
    for (const url of STATE_CHANGING_GETS)
      expect(
        routes.some((r) => r.method === 'GET' && r.url === url),
        url,
      ).toBe(true);
    const changing = routes.filter((r) => r.method !== 'GET' || STATE_CHANGING_GETS.includes(r.url));
    expect(changing.length).toBeGreaterThan(30);
    const undeclared = changing.filter((r) => r.budget === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    for (const r of changing) {
      const b = r.budget;
      if (isBudget(b)) expect(Object.keys(RATE_BUDGETS), `${r.method} ${r.url}`).toContain(b.group);
      else expect(b?.none.length ?? 0, `${r.method} ${r.url}: say why there is no budget`).toBeGreaterThan(20);
    }
  });
});

describe('a budget follows its route, not its URL', () => {
  it('the login route mounted under another path keeps the login budget', async () => {
    // The real account routes under a prefix: a path a URL-matching table would never have listed.
    const moved = await buildApp(server.ctx, {
      distDir: join(server.dataDir, 'no-dist'),
      routes: [async (app, ctx) => app.register(async (scope) => userRoutes(scope, ctx), { prefix: '/renamed' })],
    });
    try {
      await moved.ready();
      const entry = moved.routeTable.find((r) => r.method === 'POST' && r.url === '/renamed/api/user/loginForU');
      expect(isBudget(entry?.budget) && entry.budget.group).toBe('login');
      const login = (i: number) =>
        moved.inject({
          method: 'POST',
          url: '/renamed/api/user/loginForU',
          payload: { account: `moved${i}@example.com`, password: 'x' },
        });
      for (let i = 0; i < RATE_BUDGETS.login.perAddress; i++) expect((await login(i)).statusCode).toBe(200);
      expect((await login(-1)).statusCode).toBe(429);
    } finally {
      await moved.close();
    }
  });
});
