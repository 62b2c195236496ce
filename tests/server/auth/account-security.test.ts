// Account security on the real server and database (both databases; docs/security.md "Second factor", "Sessions
// and devices", "Payout holds", "Withdrawal confirmation", "Lock-out rules"): TOTP set-up, replay and its window,
// recovery codes used once, the factor asked where it guards, the lock-out that a stranger cannot turn against the
// owner, the sessions list and signing sessions out (HTTP and websocket), the 24 h payout holds on a fake clock, the
// withdrawal code (used once), and the notices each step sends.
import { describe, expect, it } from 'vitest';
import type { FactorSetup, RecoveryCodes, SecurityOverview } from '../../../domain/security-types.ts';
import type { LoginResult } from '../../../domain/types.ts';
import type { WithdrawCurrency, WithdrawMethod } from '../../../domain/wallet-types.ts';
import { totpCode, TOTP_PERIOD_S } from '../../../server/auth/second-factor.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { leaveInOutbox } from '../../../server/notify/outbox-repository.ts';
import { messageText } from '../../../server/notify/message-text.ts';
import type { Message } from '../../../server/core/services.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import {
  api,
  demoClient,
  manualClock,
  outboxCode,
  registerAndLogin,
  TEST_OPERATOR,
  useTestServer,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';
import { isType, useSocketServer } from '../support/ws-client.ts';

const clock = manualClock();
const sent: Message[] = [];
let current: TestServer | undefined;
const sockets = useSocketServer({
  clock,
  market: { manual: true },
  trustProxy: true,
  notifier: {
    async send(m) {
      sent.push(m);
      if (current) await leaveInOutbox(current.ctx.db, m.channel, m.to, messageText(m), clock.now());
    },
  },
});
const server = (): TestServer => {
  current = sockets.server;
  return current;
};

const STEP_MS = TOTP_PERIOD_S * 1000;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A login as a browser would send it: its user agent and address. */
async function login(
  u: RegisteredUser,
  extra: Record<string, string> = {},
  opts: { ua?: string; ip?: string; password?: string } = {},
): Promise<{ status: number; code: number; msg: string; data: LoginResult & { second_factor?: number } }> {
  const res = await fetch(`${server().baseUrl}/api/user/loginForU`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      lang: 'en',
      'user-agent': opts.ua ?? CHROME,
      'x-forwarded-for': opts.ip ?? '10.9.0.1',
    },
    body: new URLSearchParams({
      account: u.account,
      password: opts.password ?? u.password,
      login_type: 'email',
      ...extra,
    }).toString(),
  });
  const env = (await res.json()) as { code: number; msg: string; data: LoginResult & { second_factor?: number } };
  return { status: res.status, ...env };
}

/** Turns the factor on; returns the secret and the recovery codes. */
async function factorOn(u: RegisteredUser): Promise<{ secret: string; codes: string[] }> {
  const begun = await u.client.post<FactorSetup>('/api/security/factor/begin', { password: u.password });
  expect(begun.code, begun.msg).toBe(1);
  expect(begun.data.uri).toMatch(/^otpauth:\/\/totp\//);
  const confirmed = await u.client.post<RecoveryCodes>('/api/security/factor/confirm', {
    code: totpCode(begun.data.secret, clock.now()),
  });
  expect(confirmed.code, confirmed.msg).toBe(1);
  return { secret: begun.data.secret, codes: confirmed.data.recovery_codes };
}

const next = (): void => clock.advance(STEP_MS); // the next TOTP step
const kinds = (userId: number) => sent.filter((m) => m.userId === userId).map((m) => m.kind);

describe('second factor (TOTP)', () => {
  it('set-up: a secret and its URI, one code turns it on, ten recovery codes, a notice; the overview says so', async () => {
    const u = await registerAndLogin(server(), { clock });
    const wrong = await u.client.post('/api/security/factor/confirm', { code: '000000' });
    expect(wrong.code).toBe(0); // nothing begun
    const { codes } = await factorOn(u);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const view = await u.client.get<SecurityOverview>('/api/security/overview');
    expect(view.data).toMatchObject({ second_factor: 1, recovery_left: 10 });
    expect(kinds(u.user.id)).toContain('second_factor_on');
    // Only hashes are stored.
    const stored = await server().ctx.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM recovery_codes WHERE owner_kind = 'user' AND owner_id = $1",
      [u.user.id],
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    // A second set-up is refused while it is on.
    expect((await u.client.post('/api/security/factor/begin', { password: u.password })).code).toBe(0);
  });

  it('login asks for a code; a code is never accepted twice; ±1 step is accepted, 2 steps off is not', async () => {
    const u = await registerAndLogin(server(), { clock });
    const { secret } = await factorOn(u);
    const asked = await login(u);
    expect(asked.code).toBe(0);
    expect(asked.data).toEqual({ second_factor: 1 });
    // The code that confirmed the set-up is spent: the same step is refused.
    expect((await login(u, { code: totpCode(secret, clock.now()) })).code).toBe(0);
    next();
    const code = totpCode(secret, clock.now());
    expect((await login(u, { code })).code).toBe(1);
    expect((await login(u, { code })).code).toBe(0); // replayed
    // One step behind the clock is still accepted (a phone that drifts), as long as it is a new step.
    next();
    next();
    expect((await login(u, { code: totpCode(secret, clock.now() - STEP_MS) })).code).toBe(1);
    // Two steps away is outside the window.
    next();
    next();
    next();
    expect((await login(u, { code: totpCode(secret, clock.now() - 2 * STEP_MS) })).code).toBe(0);
    expect((await login(u, { code: totpCode(secret, clock.now() + 2 * STEP_MS) })).code).toBe(0);
    expect((await login(u, { code: totpCode(secret, clock.now()) })).code).toBe(1);
  });

  it('a recovery code signs in once; the count falls; a used one is refused', async () => {
    const u = await registerAndLogin(server(), { clock });
    const { codes } = await factorOn(u);
    const first = codes[0] ?? '';
    expect((await login(u, { code: first.toUpperCase() })).code).toBe(1);
    expect((await login(u, { code: first })).code).toBe(0);
    expect((await u.client.get<SecurityOverview>('/api/security/overview')).data.recovery_left).toBe(9);
  });

  it('two requests racing with one code: exactly one passes', async () => {
    const u = await registerAndLogin(server(), { clock });
    const { secret } = await factorOn(u);
    next();
    const code = totpCode(secret, clock.now());
    const results = await Promise.all(Array.from({ length: 4 }, () => login(u, { code })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
  });

  it('turning it off needs a code, holds withdrawals (a factor reset) and sends a notice', async () => {
    const u = await registerAndLogin(server(), { clock });
    const { secret } = await factorOn(u);
    expect((await u.client.post('/api/security/factor/off')).data).toEqual({ second_factor: 1 });
    next();
    const off = await u.client.post('/api/security/factor/off', { code: totpCode(secret, clock.now()) });
    expect(off.code, off.msg).toBe(1);
    const view = await u.client.get<SecurityOverview>('/api/security/overview');
    expect(view.data.second_factor).toBe(0);
    expect(view.data.withdrawals_held_until).toBe(clock.now() + 24 * 3_600_000);
    expect(kinds(u.user.id)).toContain('second_factor_off');
    expect((await login(u)).code).toBe(1); // no code asked any more
  });
});

describe('lock-out rules of the second factor (real figures)', () => {
  const strictClock = manualClock();
  const strict = useTestServer({
    clock: strictClock,
    market: { manual: true },
    trustProxy: true,
    security: { factor: 1 },
  });

  it('wrong codes from many addresses lock only those addresses: the owner still signs in from their own', async () => {
    const s = strict.server;
    const u = await registerAndLogin(s, { clock: strictClock });
    const begun = await u.client.post<FactorSetup>('/api/security/factor/begin', { password: u.password });
    const secret = begun.data.secret;
    expect(
      (await u.client.post('/api/security/factor/confirm', { code: totpCode(secret, strictClock.now()) })).code,
    ).toBe(1);
    const at = (ip: string, code: string) =>
      fetch(`${s.baseUrl}/api/user/loginForU`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ account: u.account, password: u.password, login_type: 'email', code }).toString(),
      }).then(async (r) => (r.status === 200 ? ((await r.json()) as { code: number }).code : r.status));
    const cap = s.ctx.limits.failures('second_factor_account');
    // A stranger who knows the password sprays wrong codes from `cap` addresses: the account is now "locked".
    for (let i = 0; i < cap; i++) expect(await at(`10.20.0.${i + 1}`, '000000')).toBe(0);
    strictClock.advance(STEP_MS);
    // An address that already tried is refused before its code is looked at, even a right one…
    expect(await at('10.20.0.1', totpCode(secret, strictClock.now()))).toBe(429);
    // …each new address gets one try…
    expect(await at('10.20.1.1', '111111')).toBe(0);
    expect(await at('10.20.1.1', '222222')).toBe(429);
    // …and the owner, from their own address, signs in with a good code.
    expect(await at('10.99.0.1', totpCode(secret, strictClock.now()))).toBe(1);
  });
});

describe('sessions and devices', () => {
  it('lists each session with its device, address and times, "this device"; last seen moves at most once a minute', async () => {
    const u = await registerAndLogin(server(), { clock });
    const ff = await login(u, {}, { ua: FIREFOX, ip: '10.30.0.7' });
    const view = await api(server().baseUrl, { token: ff.data.token }).get<SecurityOverview>('/api/security/overview');
    const mine = view.data.sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: 'Firefox 128 · Windows 10', address: '10.30.0.7', created_at: clock.now() });
    expect(view.data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(view.data.sessions.length).toBe(3); // registration's, registerAndLogin's login, this one
    const created = clock.now();
    clock.advance(30_000);
    await api(server().baseUrl, { token: ff.data.token }).get('/api/user/info');
    const seen = async (): Promise<number> =>
      (
        await api(server().baseUrl, { token: ff.data.token }).get<SecurityOverview>('/api/security/overview')
      ).data.sessions.find((s) => s.current)?.last_seen_at ?? -1;
    expect(await seen()).toBe(created);
    clock.advance(40_000);
    await api(server().baseUrl, { token: ff.data.token }).get('/api/user/info');
    expect(await seen()).toBe(clock.now());
  });

  it('a sign-in from a new device is noticed; the same device again is not', async () => {
    const u = await registerAndLogin(server(), { clock });
    await login(u, {}, { ua: CHROME });
    await login(u, {}, { ua: FIREFOX });
    const before = kinds(u.user.id).filter((k) => k === 'new_device_sign_in').length;
    await login(u, {}, { ua: FIREFOX });
    expect(kinds(u.user.id).filter((k) => k === 'new_device_sign_in').length).toBe(before);
    const notice = sent.filter((m) => m.userId === u.user.id && m.kind === 'new_device_sign_in').at(-1);
    expect(notice?.values).toMatchObject({ device: 'Firefox 128 · Windows 10', address: '10.9.0.1' });
  });

  it('signing out one session ends it over HTTP and on its socket at once; others stay', async () => {
    const u = await registerAndLogin(server(), { clock });
    const other = await login(u, {}, { ua: FIREFOX });
    const sock = await sockets.client();
    sock.send({ type: 'login', token: other.data.token });
    expect(await sock.next(isType('login'))).toMatchObject({ ok: true });
    const view = await u.client.get<SecurityOverview>('/api/security/overview');
    const target = view.data.sessions.find((s) => !s.current && s.device.startsWith('Firefox'));
    expect((await u.client.post('/api/security/sessions/revoke', { id: target?.id ?? 0 })).code).toBe(1);
    expect(await sock.next(isType('revoked'))).toMatchObject({ type: 'revoked' });
    expect((await api(server().baseUrl, { token: other.data.token }).get('/api/user/info')).code).toBe(999);
    expect((await u.client.get('/api/user/info')).code).toBe(1);
    // Someone else's session id is not found, and changes nothing.
    const stranger = await registerAndLogin(server(), { clock });
    const own = (await u.client.get<SecurityOverview>('/api/security/overview')).data.sessions[0];
    expect((await stranger.client.post('/api/security/sessions/revoke', { id: own?.id ?? 0 })).code).toBe(0);
    expect((await u.client.get('/api/user/info')).code).toBe(1);
  });

  it('"sign out all others" keeps this device only, and their sockets are logged out', async () => {
    const u = await registerAndLogin(server(), { clock });
    const a = await login(u, {}, { ua: FIREFOX });
    const b = await login(u, {}, { ua: CHROME });
    const sock = await sockets.client();
    sock.send({ type: 'login', token: a.data.token });
    await sock.next(isType('login'));
    expect((await u.client.post('/api/security/sessions/revoke_others')).code).toBe(1);
    expect(await sock.next(isType('revoked'))).toMatchObject({ type: 'revoked' });
    for (const t of [a.data.token, b.data.token])
      expect((await api(server().baseUrl, { token: t }).get('/api/user/info')).code).toBe(999);
    const view = await u.client.get<SecurityOverview>('/api/security/overview');
    expect(view.data.sessions.map((s) => s.current)).toEqual([true]);
  });

  it('demo accounts get the real-account message', async () => {
    const d = await demoClient(server(), 'acctsec-demo-1');
    expect((await d.get('/api/security/overview')).msg).toBe('Please register or log in to a real account');
    expect((await d.post('/api/security/factor/begin', { password: 'x' })).msg).toBe(
      'Please register or log in to a real account',
    );
  });
});

describe('payout holds and the withdrawal code', () => {
  async function funded(): Promise<{ u: RegisteredUser; coin: WithdrawCurrency }> {
    const u = await registerAndLogin(server(), { clock });
    await move(server().ctx.db, u.user.id, { balance: '1000', type: RecordType.MEMO, memo: 'test', at: clock.now() });
    const [coin] = (await u.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 1 })).data;
    if (!coin) throw new Error('no coin currency');
    return { u, coin };
  }
  const methodOf = async (u: RegisteredUser): Promise<WithdrawMethod | undefined> =>
    (await u.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: 1 })).data[0];
  const sendCode = async (u: RegisteredUser): Promise<{ key: string; code: string }> => {
    const s = await u.client.post<{ key: string; channel: string }>('/api/security/withdraw_code');
    expect(s.code, s.msg).toBe(1);
    expect(s.data.channel).toBe('email');
    return { key: s.data.key, code: await outboxCode(server().ctx, u.account) };
  };
  const balance = async (u: RegisteredUser): Promise<string> =>
    (
      await server().ctx.db.query<{ b: string }>('SELECT balance::text AS b FROM accounts WHERE user_id = $1', [
        u.user.id,
      ])
    )[0]?.b ?? '';

  it('a new payout method is refused for 24 h (fake clock), then accepted with the e-mail code; a code used twice is refused', async () => {
    const { u, coin } = await funded();
    const bound = await u.client.post('/api/wallet/bind_draw_method', { type: 1, draw_id: coin.id, dc_address: TRON });
    expect(bound.code, bound.msg).toBe(1);
    const m = await methodOf(u);
    expect(m?.usable_from).toBe(clock.now() + 24 * 3_600_000);
    expect(kinds(u.user.id)).toContain('payout_method_added');
    const form = { draw_currency_id: coin.id, number: '100', draw_method_id: m?.id ?? 0 };
    const money = await balance(u);
    const held = await u.client.withLang('en').post('/api/account/draw', form);
    expect(held.code).toBe(0);
    expect(held.msg).toContain(new Date(m?.usable_from ?? 0).toISOString().slice(0, 16).replace('T', ' '));
    clock.advance(23 * 3_600_000);
    expect((await u.client.post('/api/account/draw', form)).code).toBe(0);
    clock.advance(3_600_000);
    // Usable now, but only with a code.
    expect((await u.client.post('/api/account/draw', form)).code).toBe(0);
    expect(await balance(u)).toBe(money);
    const { key, code } = await sendCode(u);
    expect((await u.client.post('/api/account/draw', { ...form, key, code: '000000' })).code).toBe(0);
    const ok = await u.client.post('/api/account/draw', { ...form, key, code });
    expect(ok.code, ok.msg).toBe(1);
    expect(kinds(u.user.id)).toContain('withdrawal_requested');
    const again = await u.client.withLang('en').post('/api/account/draw', { ...form, key, code });
    expect(again.code).toBe(0);
    expect(again.msg).toMatch(/used/i);
    expect(Number(await balance(u))).toBe(Number(money) - 100);
  });

  it('a withdrawal code keeps its own 60 s: not held up by a password code a moment before, refused twice in a minute', async () => {
    const { u } = await funded();
    const reset = await u.client.post('/api/notify/send_email', { to: u.account, type: 2 });
    expect(reset.code).toBe(1);
    expect((await u.client.post('/api/security/withdraw_code')).code).toBe(1);
    const again = await u.client.post<{ resend_after: number }>('/api/security/withdraw_code');
    expect(again.code).toBe(0);
    expect(again.data.resend_after).toBeGreaterThan(0);
    clock.advance(61_000);
    expect((await u.client.post('/api/security/withdraw_code')).code).toBe(1);
  });

  it('withdrawals are held 24 h after a password change', async () => {
    const { u, coin } = await funded();
    await setSetting(server().ctx.db, 'payout_hold_hours', '0');
    try {
      await u.client.post('/api/wallet/bind_draw_method', { type: 1, draw_id: coin.id, dc_address: TRON });
    } finally {
      await setSetting(server().ctx.db, 'payout_hold_hours', '24');
    }
    const m = await methodOf(u);
    expect(m?.usable_from).toBe(clock.now());
    const sentReset = await u.client.post<{ key: string }>('/api/notify/send_email', { to: u.account, type: 2 });
    const changed = await u.client.post('/api/user/amend_password', {
      new_password: 'new-pass-44',
      auth_code: await outboxCode(server().ctx, u.account),
      key: sentReset.data.key,
      type: 'email',
    });
    expect(changed.code, changed.msg).toBe(1);
    expect(kinds(u.user.id)).toContain('password_changed');
    clock.advance(61_000);
    const form = { draw_currency_id: coin.id, number: '10', draw_method_id: m?.id ?? 0 };
    const { key, code } = await sendCode(u);
    const held = await u.client.withLang('en').post('/api/account/draw', { ...form, key, code });
    expect(held.code).toBe(0);
    expect(held.msg).toMatch(/held|password/i);
    clock.advance(24 * 3_600_000);
    const ok = await u.client.post('/api/account/draw', {
      ...form,
      key: (await sendCode(u)).key,
      code: await outboxCode(server().ctx, u.account),
    });
    expect(ok.code, ok.msg).toBe(1);
  });

  it('with the factor on: adding a method, a withdrawal and a password change ask for its code', async () => {
    const { u, coin } = await funded();
    const { secret } = await factorOn(u);
    const bind = { type: 1, draw_id: coin.id, dc_address: TRON };
    expect((await u.client.post('/api/wallet/bind_draw_method', bind)).data).toEqual({ second_factor: 1 });
    next();
    expect(
      (await u.client.post('/api/wallet/bind_draw_method', { ...bind, code: totpCode(secret, clock.now()) })).code,
    ).toBe(1);
    clock.advance(24 * 3_600_000);
    const m = await methodOf(u);
    const form = { draw_currency_id: coin.id, number: '10', draw_method_id: m?.id ?? 0 };
    expect((await u.client.post('/api/account/draw', form)).data).toEqual({ second_factor: 1 });
    expect((await u.client.post<{ channel: string }>('/api/security/withdraw_code')).data.channel).toBe('factor');
    const code = totpCode(secret, clock.now());
    expect((await u.client.post('/api/account/draw', { ...form, code })).code).toBe(1);
    expect((await u.client.post('/api/account/draw', { ...form, code })).code).toBe(0); // the same code again
    next();
    const del = await u.client.post('/api/wallet/del_draw_method', { id: m?.id ?? 0 });
    expect(del.data).toEqual({ second_factor: 1 });
    const sentReset = await u.client.post<{ key: string }>('/api/notify/send_email', { to: u.account, type: 2 });
    const change = {
      new_password: 'new-pass-55',
      auth_code: await outboxCode(server().ctx, u.account),
      key: sentReset.data.key,
      type: 'email',
    };
    expect((await u.client.post('/api/user/amend_password', change)).data).toEqual({ second_factor: 1 });
  });

  it('the notices of the operator: withdrawal paid and rejected', async () => {
    const { u, coin } = await funded();
    await setSetting(server().ctx.db, 'payout_hold_hours', '0');
    try {
      await u.client.post('/api/wallet/bind_draw_method', { type: 1, draw_id: coin.id, dc_address: TRON });
    } finally {
      await setSetting(server().ctx.db, 'payout_hold_hours', '24');
    }
    const m = await methodOf(u);
    const { WITHDRAW_COMMANDS } = await import('../../../server/ops/commands/withdrawals.ts');
    for (const name of ['withdraw-paid', 'withdraw-reject']) {
      clock.advance(61_000);
      const { key, code } = await sendCode(u);
      const form = { draw_currency_id: coin.id, number: '10', draw_method_id: m?.id ?? 0, key, code };
      expect((await u.client.post('/api/account/draw', form)).code).toBe(1);
      const [row] = await server().ctx.db.query<{ id: string }>(
        'SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [u.user.id],
      );
      const cmd = WITHDRAW_COMMANDS.find((c) => c.name === name);
      await cmd?.run(server().ctx, { id: String(row?.id), reason: 'wrong network' }, TEST_OPERATOR);
    }
    const paid = sent.find((x) => x.userId === u.user.id && x.kind === 'withdrawal_paid');
    expect(paid?.values).toEqual({ amount: '10.00', currency: 'USD' });
    const rejected = sent.find((x) => x.userId === u.user.id && x.kind === 'withdrawal_rejected');
    expect(rejected?.values).toEqual({ amount: '10.00', currency: 'USD', reason: 'wrong network' });
  });
});
