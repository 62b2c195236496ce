// A device whose session was ended from another device (docs/security.md "Sessions and devices"), on both databases:
// its next request and its socket (live or logging in again) say "signed out from another device" with when, not
// "login expired"; its own logout and an unknown token still say "expired".
import { expect, it } from 'vitest';
import type { SecurityOverview } from '../../../domain/security-types.ts';
import type { LoginResult } from '../../../domain/types.ts';
import { api, manualClock, registerAndLogin, type RegisteredUser } from '../support/harness.ts';
import { isType, useSocketServer } from '../support/ws-client.ts';

const clock = manualClock();
const sockets = useSocketServer({ clock, market: { manual: true } });
const ELSEWHERE = 'You were signed out from another device. Please log in again';
const EXPIRED = 'Your session has expired, please log in again';

async function secondSession(u: RegisteredUser): Promise<string> {
  const res = await u.client.post<LoginResult>('/api/user/loginForU', {
    account: u.account,
    password: u.password,
    login_type: 'email',
  });
  expect(res.code, res.msg).toBe(1);
  return res.data.token;
}

it('a session ended from another device is told so with the time, over HTTP and on its socket', async () => {
  const u = await registerAndLogin(sockets.server, { clock });
  const other = await secondSession(u);
  const sock = await sockets.client();
  sock.send({ type: 'login', token: other });
  expect(await sock.next(isType('login'))).toMatchObject({ ok: true });
  const endedAt = clock.now();
  const view = await u.client.get<SecurityOverview>('/api/security/overview');
  const target = view.data.sessions.find((s) => !s.current);
  expect((await u.client.post('/api/security/sessions/revoke', { id: target?.id ?? 0 })).code).toBe(1);
  expect(await sock.next(isType('revoked'))).toMatchObject({ type: 'revoked', at: endedAt });

  clock.advance(60_000);
  const answer = await api(sockets.server.baseUrl, { token: other, lang: 'en' }).get('/api/user/info');
  expect(answer).toMatchObject({ code: 999, msg: ELSEWHERE, data: { signed_out_at: endedAt } });
  // A socket opened later with the same token (the app reopened) hears the same.
  const again = await sockets.client();
  again.send({ type: 'login', token: other });
  expect(await again.next(isType('login'))).toMatchObject({ ok: false, at: endedAt });
  // The device that did it is still signed in.
  expect((await u.client.get('/api/user/info')).code).toBe(1);
});

it('"sign out all others" is "elsewhere" too; a logout here and a made-up token are "expired"', async () => {
  const u = await registerAndLogin(sockets.server, { clock });
  const other = await secondSession(u);
  expect((await u.client.post('/api/security/sessions/revoke_others')).code).toBe(1);
  expect(await api(sockets.server.baseUrl, { token: other, lang: 'en' }).get('/api/user/info')).toMatchObject({
    code: 999,
    data: { signed_out_at: clock.now() },
  });

  const mine = await secondSession(u);
  const me = api(sockets.server.baseUrl, { token: mine, lang: 'en' });
  expect((await me.post('/api/user/logout')).code).toBe(1);
  expect(await me.get('/api/user/info')).toMatchObject({ code: 999, msg: EXPIRED, data: null });
  const made = api(sockets.server.baseUrl, { token: 'x'.repeat(43), lang: 'en' });
  expect(await made.get('/api/user/info')).toMatchObject({ code: 999, msg: EXPIRED, data: null });
});
