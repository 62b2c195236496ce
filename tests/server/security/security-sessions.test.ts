// Sessions: logout revokes the token on the server, revocations are announced (the socket hub logs those sockets
// out), a user holds a bounded number of sessions, old scrypt hashes are upgraded at login, loss_url is only
// ever http(s), and demo accounts per address per day are capped. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { hashPassword, needsRehash, OWASP_SCRYPT } from '../../../server/auth/password.ts';
import { tokenHash } from '../../../server/auth/tokens.ts';
import { DAILY_CAPS } from '../../../server/security/counters.ts';
import { makeLimits, MAX_SESSIONS_PER_USER, RATE_WINDOW_MS } from '../../../server/security/limits.ts';
import type { Revocation } from '../../../server/security/revocations.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import {
  api,
  manualClock,
  outboxCode,
  registerAndLogin,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

const clock = manualClock();
let server: TestServer;
const seen: Revocation[] = [];
beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  server.ctx.revocations.onRevoked((r) => seen.push(r));
});
afterAll(async () => {
  await server?.close();
});

const login = (account: string, password: string) =>
  api(server.baseUrl, { lang: 'en' }).post<LoginResult>('/api/user/loginForU', {
    account,
    password,
    login_type: 'email',
  });

describe('sessions', () => {
  it('logout ends the token on the server at once and announces it; a second logout is harmless', async () => {
    const user = await registerAndLogin(server, { clock });
    expect((await user.client.get('/api/user/info')).code).toBe(1);
    seen.length = 0;
    expect((await user.client.post('/api/user/logout')).code).toBe(1);
    expect((await user.client.get('/api/user/info')).code).toBe(999);
    expect(seen).toEqual([{ userId: user.user.id, only: tokenHash(user.token) }]);
    expect((await user.client.post('/api/user/logout')).code).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('a user holds at most MAX_SESSIONS_PER_USER sessions: the oldest ends', async () => {
    const user = await registerAndLogin(server, { clock });
    const tokens = [user.token];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) tokens.push((await login(user.account, user.password)).data.token);
    const alive = await Promise.all(
      tokens.map(async (t) => (await api(server.baseUrl).withToken(t).get('/api/user/info')).code),
    );
    expect(alive[0]).toBe(999);
    expect(alive.slice(1).every((c) => c === 1)).toBe(true);
  });

  it('a password reset announces the end of every session; a change keeps this device', async () => {
    const user = await registerAndLogin(server, { clock });
    const client = api(server.baseUrl, { lang: 'en' });
    seen.length = 0;
    const sent = await client.post<{ key: string }>('/api/notify/send_email', { to: user.account, type: 2 });
    const code = await outboxCode(server.ctx, user.account);
    const reset = await client.post('/api/user/forget_password', {
      type: 'email',
      account: user.account,
      new_password: 'new-pass-22',
      secondary_password: 'new-pass-22',
      auth_code: code,
      key: sent.data.key,
    });
    expect(reset.code).toBe(1);
    expect(seen).toEqual([{ userId: user.user.id, at: clock.now() }]);
    const again = (await login(user.account, 'new-pass-22')).data.token;
    clock.advance(61_000);
    const sent2 = await api(server.baseUrl)
      .withToken(again)
      .post<{ key: string }>('/api/notify/send_email', { to: user.account, type: 2 });
    const code2 = await outboxCode(server.ctx, user.account);
    seen.length = 0;
    const changed = await api(server.baseUrl).withToken(again).post('/api/user/amend_password', {
      new_password: 'new-pass-33',
      auth_code: code2,
      key: sent2.data.key,
      type: 'email',
    });
    expect(changed.code).toBe(1);
    expect(seen).toEqual([{ userId: user.user.id, except: tokenHash(again), at: clock.now() }]);
  });

  it('a hash under older scrypt parameters is upgraded at the next good login, and still logs in', async () => {
    const user = await registerAndLogin(server, { clock });
    const old = await hashPassword(user.password, { N: 1024, r: 8, p: 1 });
    await server.ctx.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.user.id, old]);
    expect((await login(user.account, 'wrong-password')).code).toBe(0);
    const still = await server.ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [user.user.id],
    );
    expect(still[0]?.password_hash).toBe(old);
    expect((await login(user.account, user.password)).code).toBe(1);
    const now = await server.ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      user.user.id,
    ]);
    expect(needsRehash(now[0]?.password_hash ?? '', server.ctx.limits.scrypt)).toBe(false);
    expect((await login(user.account, user.password)).code).toBe(1);
  });

  it('production hashes use the OWASP figure', () => {
    expect(makeLimits().scrypt).toEqual(OWASP_SCRYPT);
    // One of the OWASP cheat sheet's configurations (N=2^17/p=1 … N=2^13/p=10, all r=8).
    const listed = [
      [2 ** 17, 1],
      [2 ** 16, 2],
      [2 ** 15, 3],
      [2 ** 14, 5],
      [2 ** 13, 10],
    ];
    expect(OWASP_SCRYPT.r).toBe(8);
    expect(listed).toContainEqual([OWASP_SCRYPT.N, OWASP_SCRYPT.p]);
  });

  it('loss_url is handed out only when it is http(s)', async () => {
    await setSetting(server.ctx.db, 'app_status', '1');
    try {
      await setSetting(server.ctx.db, 'loss_url', 'javascript:alert(1)');
      const bad = await api(server.baseUrl).get<{ loss_url: string }>('/api/company/getCompanyStatus');
      expect(bad.data.loss_url).toBe('');
      await setSetting(server.ctx.db, 'loss_url', 'https://example.com/closed');
      const good = await api(server.baseUrl).get<{ loss_url: string }>('/api/company/getCompanyStatus');
      expect(good.data.loss_url).toBe('https://example.com/closed');
    } finally {
      await setSetting(server.ctx.db, 'app_status', '0');
      await setSetting(server.ctx.db, 'loss_url', '');
    }
  });
});

describe('demo accounts per address per day (real figures)', () => {
  const demoClock = manualClock();
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ clock: demoClock, market: { manual: true }, security: { factor: 1 } });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('creates DAILY_CAPS.demo_address new demo accounts, then refuses; returning to one still works', async () => {
    const client = api(strict.baseUrl, { lang: 'en' });
    const ids: string[] = [];
    for (let i = 0; i < DAILY_CAPS.demo_address; i++) {
      if (i % 5 === 4) demoClock.advance(RATE_WINDOW_MS); // stay inside the per-minute budget
      const id = `capdemo${i}xxxxxxxx`;
      ids.push(id);
      expect((await client.get('/api/user/createAccountDemoForU', { demo_id: id })).code).toBe(1);
    }
    demoClock.advance(RATE_WINDOW_MS);
    const over = await client.get('/api/user/createAccountDemoForU', { demo_id: 'capdemo-over-xxxx' });
    expect(over).toMatchObject({ code: 0, msg: 'Daily limit reached, please try again tomorrow' });
    expect((await client.get('/api/user/createAccountDemoForU', { demo_id: ids[0] ?? '' })).code).toBe(1);
  });
});
