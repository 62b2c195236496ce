// Accounts end to end over real HTTP: register with a code from the outbox, login, info; wrong, expired and reused
// codes; the 60 s resend rule; the picture captcha; password reset and change; sessions and code 999; demo accounts.
import { describe, expect, it } from 'vitest';
import type { Balance, LoginResult, User } from '../../../domain/types.ts';
import { userFromToken } from '../../../server/auth/session.ts';
import { SESSION_TTL_MS } from '../../../server/auth/tokens.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import {
  countRows,
  manualClock,
  outboxCode,
  registerAndLogin,
  type ApiClient,
  useTestServer,
} from '../support/harness.ts';

const clock = manualClock();
const http = useTestServer({ clock, market: { manual: true } });
let n = 0;
const email = (): string => `acc${++n}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A sent code and its key (the send answer's data.key, which a check must carry). */
interface Sent {
  code: string;
  key: string;
}

async function sendCode(to: string, type: 1 | 2 = 1): Promise<Sent> {
  const sent = await http.client.post<{ key: string }>('/api/notify/send_email', { to, type });
  expect(sent).toMatchObject({ code: 1, msg: 'The verification code has been sent' });
  expect(sent.data.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { code: await outboxCode(http.server.ctx, to), key: sent.data.key };
}

const registerForm = (account: string, sent: Sent, extra: Record<string, string> = {}) => ({
  type: 'email',
  account,
  password: 'abc12345',
  re_password: 'abc12345',
  sms_code: sent.code,
  key: sent.key,
  ...extra,
});
const withCode = (sent: Sent, code: string): Sent => ({ ...sent, code });
const otherCode = (sent: Sent): string => (sent.code === '000000' ? '111111' : '000000');

describe('register → login → info', () => {
  it('registers with the e-mailed code, logs in and reads the user', async () => {
    const account = email();
    const code = await sendCode(account);
    expect(code.code).toMatch(/^\d{6}$/);
    const reg = await http.client.post<LoginResult>('/api/user/register', registerForm(account, code));
    expect(reg.code).toBe(1);
    expect(reg.data.user).toMatchObject({ email: account, is_demo: 0 });

    const login = await http.client.post<LoginResult>('/api/user/loginForU', {
      account: account.toUpperCase(),
      password: 'abc12345',
      login_type: 'email',
    });
    expect(login.code).toBe(1);
    expect(login.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = login.data.user;
    expect(user).toEqual({
      id: expect.any(Number),
      uid: expect.stringMatching(/^\d{8}$/),
      email: account,
      mobile: '',
      is_demo: 0,
      invite_code: expect.stringMatching(/^[A-Z2-9]{6}$/),
    });

    const info = await http.client.withToken(login.data.token).get<User>('/api/user/info');
    expect(info).toMatchObject({ code: 1, data: user });
    // "Bearer x" is accepted as well as the bare token.
    const bearer = await http.client.withToken(`Bearer ${login.data.token}`).get<User>('/api/user/info');
    expect(bearer.data.id).toBe(user.id);

    const balance = await http.client.withToken(login.data.token).get<Balance>('/v1/api/main/wallet/getBalance');
    expect(balance.data).toEqual({ balance: '0.00', lock_balance: '0.00', margin: '0.00' });
  });

  it('registers by mobile with an area code and logs in with the number', async () => {
    const areas =
      await http.client.get<Array<{ id: number; code: string; global_code: string }>>('/api/default/area_list');
    const hk = areas.data.find((a) => a.code === 'HK');
    expect(hk?.global_code).toBe('+852');
    const mobile = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const sent = await http.client.post<{ key: string }>('/api/notify/send_sms', {
      to: mobile,
      area_id: hk?.id,
      type: 1,
    });
    expect(sent.code).toBe(1);
    const outbox = await http.server.ctx.db.query<{ recipient: string }>(
      'SELECT recipient FROM outbox ORDER BY id DESC LIMIT 1',
    );
    expect(outbox[0]?.recipient).toBe(`+852${mobile}`);
    const code = await outboxCode(http.server.ctx, mobile);
    const reg = await http.client.post<LoginResult>('/api/user/register', {
      type: 'mobile',
      mobile,
      area_id: hk?.id,
      password: 'abc12345',
      re_password: 'abc12345',
      sms_code: code,
      key: sent.data.key,
    });
    expect(reg.code).toBe(1);
    expect(reg.data.user.mobile).toBe(mobile);
    const login = await http.client.post<LoginResult>('/api/user/loginForU', {
      account: mobile,
      password: 'abc12345',
      login_type: 'mobile',
    });
    expect(login.code).toBe(1);
    expect(login.data.user.id).toBe(reg.data.user.id);
  });

  it('records who invited whom, and refuses an unknown invitation code', async () => {
    const inviter = await registerAndLogin(http.server, { clock });
    const account = email();
    const code = await sendCode(account);
    const bad = await http.client.post('/api/user/register', registerForm(account, code, { invite_code: 'ZZZZZZ' }));
    expect(bad).toMatchObject({ code: 0, msg: 'This invitation code does not exist' });
    const ok = await http.client.post<LoginResult>(
      '/api/user/register',
      registerForm(account, code, { invite_code: inviter.user.invite_code.toLowerCase() }),
    );
    expect(ok.code).toBe(1);
    const rows = await http.server.ctx.db.query<{ invited_by: number }>('SELECT invited_by FROM users WHERE id = $1', [
      ok.data.user.id,
    ]);
    expect(rows[0]?.invited_by).toBe(inviter.user.id);
  });

  it('refuses a second registration of the same account', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const again = await http.client.post('/api/notify/send_email', { to: u.account, type: 1 });
    expect(again).toMatchObject({ code: 0, msg: 'This account is already registered, please log in' });
  });
});

describe('verification codes', () => {
  it('rejects a wrong code and writes no user', async () => {
    const account = email();
    const code = await sendCode(account);
    const before = await countRows(http.server.ctx, ['users', 'sessions', 'accounts']);
    const res = await http.client.post('/api/user/register', registerForm(account, withCode(code, otherCode(code))));
    expect(res).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
    expect(await countRows(http.server.ctx, ['users', 'sessions', 'accounts'])).toEqual(before);
    // The right code still works afterwards.
    expect((await http.client.post('/api/user/register', registerForm(account, code))).code).toBe(1);
  });

  it('rejects an expired code (10 minutes)', async () => {
    const account = email();
    const code = await sendCode(account);
    clock.advance(10 * 60 * 1000 + 1);
    const res = await http.client.post('/api/user/register', registerForm(account, code));
    expect(res).toMatchObject({ code: 0, msg: 'The verification code has expired, please request a new one' });
  });

  it('a code works once', async () => {
    const account = email();
    const code = await sendCode(account, 1);
    expect((await http.client.post('/api/user/register', registerForm(account, code))).code).toBe(1);
    clock.advance(61_000);
    // Reuse it for a password reset of the same account: a register code is not a reset code, and it is spent.
    const reset = await http.client.post('/api/user/forget_password', {
      type: 'email',
      account,
      new_password: 'newpass1',
      secondary_password: 'newpass1',
      auth_code: code.code,
      key: code.key,
    });
    expect(reset.code).toBe(0);
    // And registering again with it is refused as a used code (the account check comes first, so use the DB).
    const rows = await http.server.ctx.db.query<{ used_at: string | null }>(
      'SELECT used_at FROM verification_codes WHERE target = $1 ORDER BY id DESC LIMIT 1',
      [account],
    );
    expect(rows[0]?.used_at).not.toBeNull();
  });

  it('a reused reset code is refused with a clear message', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const code = await sendCode(u.account, 2);
    const form = {
      type: 'email',
      account: u.account,
      new_password: 'newpass1',
      secondary_password: 'newpass1',
      auth_code: code.code,
      key: code.key,
    };
    expect((await http.client.post('/api/user/forget_password', form)).code).toBe(1);
    const again = await http.client.post('/api/user/forget_password', form);
    expect(again).toMatchObject({
      code: 0,
      msg: 'This verification code has already been used, please request a new one',
    });
  });

  it('burns a code after five wrong guesses', async () => {
    const account = email();
    const code = await sendCode(account);
    for (let i = 0; i < 5; i++) {
      expect(
        (await http.client.post('/api/user/register', registerForm(account, withCode(code, otherCode(code))))).code,
      ).toBe(0);
    }
    const res = await http.client.post('/api/user/register', registerForm(account, code));
    expect(res).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
  });

  it('enforces the 60 s resend rule on the server', async () => {
    const account = email();
    await sendCode(account);
    clock.advance(30_000);
    const early = await http.client.post('/api/notify/send_email', { to: account, type: 1 });
    // The wait is data too: the app's "Send code" counts down what the server will still refuse.
    expect(early).toMatchObject({
      code: 0,
      msg: 'Please wait 30 s before requesting another code',
      data: { resend_after: 30 },
    });
    clock.advance(30_000);
    const later = await http.client.post('/api/notify/send_email', { to: account, type: 1 });
    expect(later.code).toBe(1);
  });

  it('a code is checked under its own key: the other code, or no key, is refused; a resend does not kill it', async () => {
    const account = email();
    const first = await sendCode(account);
    clock.advance(60_000);
    const second = await sendCode(account);
    if (first.code !== second.code) {
      expect(
        (await http.client.post('/api/user/register', registerForm(account, withCode(second, first.code)))).code,
      ).toBe(0);
    }
    expect(await http.client.post('/api/user/register', registerForm(account, second, { key: '' }))).toMatchObject({
      code: 0,
      msg: 'The verification code is incorrect',
    });
    expect((await http.client.post('/api/user/register', registerForm(account, first))).code).toBe(1);
  });

  it('answers a reset request for an unknown account like any other, but sends nothing', async () => {
    const before = await countRows(http.server.ctx, ['outbox']);
    const res = await http.client.post('/api/notify/send_email', { to: email(), type: 2 });
    expect(res.code).toBe(1);
    expect(await countRows(http.server.ctx, ['outbox'])).toEqual(before);
  });
});

describe('picture captcha (verify_reg_type 2)', () => {
  it('serves an SVG captcha whose answer is not in the source, and registers with it', async () => {
    await setSetting(http.server.ctx.db, 'verify_reg_type', '2');
    try {
      const info = await http.client.get<{ verify_reg_type: number }>('/api/basicSet/getBasicInfo');
      expect(info.data.verify_reg_type).toBe(2);
      const cap = await http.client.get<{ id: string; b64s: string }>('/api/captcha');
      expect(cap.code).toBe(1);
      expect(cap.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(cap.data.b64s.split(',')[1] ?? '', 'base64').toString('utf8');
      expect(svg).toContain('<svg');
      expect(svg).not.toContain('<text');
      const rows = await http.server.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
        cap.data.id,
      ]);
      const answer = rows[0]?.answer ?? '';
      expect(answer).toMatch(/^[A-Z0-9]{4,5}$/);

      const account = email();
      const noKey = await http.client.post('/api/user/register', registerForm(account, { code: answer, key: '' }));
      expect(noKey).toMatchObject({ code: 0, msg: 'Please enter the picture code' });
      const ok = await http.client.post<LoginResult>(
        '/api/user/register',
        registerForm(account, { code: answer.toLowerCase(), key: cap.data.id }),
      );
      expect(ok.code).toBe(1);
      // Single use.
      const reuse = await http.client.post(
        '/api/user/register',
        registerForm(email(), { code: answer, key: cap.data.id }),
      );
      expect(reuse).toMatchObject({ code: 0, msg: 'The picture code is incorrect, please try the new picture' });
    } finally {
      await setSetting(http.server.ctx.db, 'verify_reg_type', '1');
    }
  });

  it('a wrong answer burns the captcha; an old one has expired', async () => {
    await setSetting(http.server.ctx.db, 'verify_reg_type', '2');
    try {
      const cap = await http.client.get<{ id: string }>('/api/captcha');
      const rows = await http.server.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
        cap.data.id,
      ]);
      const answer = rows[0]?.answer ?? '';
      const account = email();
      const before = await countRows(http.server.ctx, ['users']);
      expect(
        (await http.client.post('/api/user/register', registerForm(account, { code: 'QQQQ', key: cap.data.id }))).code,
      ).toBe(0);
      expect(
        (await http.client.post('/api/user/register', registerForm(account, { code: answer, key: cap.data.id }))).code,
      ).toBe(0);
      expect(await countRows(http.server.ctx, ['users'])).toEqual(before);

      const old = await http.client.get<{ id: string }>('/api/captcha');
      const oldAnswer = (
        await http.server.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [old.data.id])
      )[0]?.answer;
      clock.advance(5 * 60 * 1000 + 1);
      const expired = await http.client.post(
        '/api/user/register',
        registerForm(account, { code: oldAnswer ?? '', key: old.data.id }),
      );
      expect(expired).toMatchObject({ code: 0, msg: 'The picture code has expired, please try the new picture' });
    } finally {
      await setSetting(http.server.ctx.db, 'verify_reg_type', '1');
    }
  });
});

describe('login and sessions', () => {
  it('gives one message for a wrong password and an unknown account', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const wrong = await http.client.post('/api/user/loginForU', {
      account: u.account,
      password: 'not-it-123',
      login_type: 'email',
    });
    const unknown = await http.client.post('/api/user/loginForU', {
      account: email(),
      password: 'not-it-123',
      login_type: 'email',
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'Incorrect account or password' });
    expect(unknown).toEqual(wrong);
  });

  it('translates messages by the lang header, traditional Chinese by default', async () => {
    const body = { account: email(), password: 'whatever1', login_type: 'email' };
    expect((await http.client.withLang(null).post('/api/user/loginForU', body)).msg).toBe('帳號或密碼錯誤');
    expect((await http.client.withLang('tw').post('/api/user/loginForU', body)).msg).toBe('帳號或密碼錯誤');
    expect((await http.client.withLang('en').post('/api/user/loginForU', body)).msg).toBe(
      'Incorrect account or password',
    );
    // A language without its own text falls back to English.
    expect((await http.client.withLang('cs').post('/api/user/loginForU', body)).msg).toMatch(/\S/);
  });

  const sessionRoutes: Array<[string, (c: ApiClient) => Promise<{ code: number }>]> = [
    ['GET /api/user/info', (c) => c.get('/api/user/info')],
    [
      'POST /api/user/amend_password',
      (c) => c.post('/api/user/amend_password', { new_password: 'abcdef12', auth_code: '123456' }),
    ],
    ['GET /v1/api/main/user/resetForexDemoAccount', (c) => c.get('/v1/api/main/user/resetForexDemoAccount')],
    ['GET /v1/api/main/wallet/getBalance', (c) => c.get('/v1/api/main/wallet/getBalance')],
    [
      'POST /api/common/image_upload',
      (c) =>
        c.upload('/api/common/image_upload', {
          file: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }),
        }),
    ],
  ];

  it.each(sessionRoutes)('%s answers 999 without, with a wrong or with an expired token', async (_name, call) => {
    expect((await call(http.client)).code).toBe(999);
    expect((await call(http.client.withToken('garbage'))).code).toBe(999);
    expect((await call(http.client.withToken('A'.repeat(43)))).code).toBe(999);
    const u = await registerAndLogin(http.server, { clock });
    clock.advance(SESSION_TTL_MS + 1);
    try {
      expect((await call(u.client)).code).toBe(999);
    } finally {
      // Keep the clock moving forward only; nothing else depends on the exact time.
    }
  });

  it('userFromToken (the websocket login) finds the user behind a live token only', async () => {
    const u = await registerAndLogin(http.server, { clock });
    expect((await userFromToken(http.server.ctx, u.token))?.id).toBe(u.user.id);
    expect((await userFromToken(http.server.ctx, `Bearer ${u.token}`))?.id).toBe(u.user.id);
    expect(await userFromToken(http.server.ctx, 'nope')).toBeNull();
    expect(
      await userFromToken(http.server.ctx, `${u.token.slice(0, -1)}${u.token.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
    clock.advance(SESSION_TTL_MS);
    expect(await userFromToken(http.server.ctx, u.token)).toBeNull();
  });

  it('says how long until the next code may be asked for (the app counts it down)', async () => {
    const sent = await http.client.post<{ key: string; resend_after: number }>('/api/notify/send_email', {
      to: email(),
      type: 1,
    });
    expect(sent.code).toBe(1);
    expect(sent.data.resend_after).toBe(60);
  });

  // The change accepted the current password as the new one.
  it('refuses the current password as the new one, before the code is spent', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const code = await sendCode(u.account, 2);
    const same = await u.client.post('/api/user/amend_password', {
      new_password: u.password,
      auth_code: code.code,
      key: code.key,
      type: 'email',
    });
    expect(same).toMatchObject({
      code: 0,
      msg: 'The new password must be different from your current one',
      data: null,
    });
    const changed = await u.client.post('/api/user/amend_password', {
      new_password: 'another-1',
      auth_code: code.code,
      key: code.key,
      type: 'email',
    });
    expect(changed.code).toBe(1); // the same code still works: the refusal spent nothing
    clock.advance(61_000);
  });

  it('a password reset ends every session; a password change keeps the current one', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const second = await http.client.post<LoginResult>('/api/user/loginForU', {
      account: u.account,
      password: u.password,
    });
    const other = http.client.withToken(second.data.token);

    // Change (logged in): a code sent to the user's own address, type 2.
    const code = await sendCode(u.account, 2);
    const changed = await u.client.post('/api/user/amend_password', {
      new_password: 'changed-1',
      auth_code: code.code,
      key: code.key,
      type: 'email',
    });
    expect(changed).toMatchObject({ code: 1, msg: 'Your password has been changed' });
    expect((await u.client.get('/api/user/info')).code).toBe(1);
    expect((await other.get('/api/user/info')).code).toBe(999);
    expect((await http.client.post('/api/user/loginForU', { account: u.account, password: u.password })).code).toBe(0);
    expect((await http.client.post('/api/user/loginForU', { account: u.account, password: 'changed-1' })).code).toBe(1);

    // Reset (forgotten): every session ends.
    clock.advance(61_000);
    const resetCode = await sendCode(u.account, 2);
    const reset = await http.client.post('/api/user/forget_password', {
      type: 'email',
      account: u.account,
      new_password: 'reset-pass-2',
      secondary_password: 'reset-pass-2',
      auth_code: resetCode.code,
      key: resetCode.key,
    });
    expect(reset.code).toBe(1);
    expect((await u.client.get('/api/user/info')).code).toBe(999);
    expect((await http.client.post('/api/user/loginForU', { account: u.account, password: 'reset-pass-2' })).code).toBe(
      1,
    );
  });

  it('forget_password checks the repeat and the length before the code', async () => {
    const u = await registerAndLogin(http.server, { clock });
    const code = await sendCode(u.account, 2);
    const base = { type: 'email', account: u.account, auth_code: code.code, key: code.key };
    expect(
      await http.client.post('/api/user/forget_password', {
        ...base,
        new_password: 'abcdef1',
        secondary_password: 'abcdef2',
      }),
    ).toMatchObject({ code: 0, msg: 'Password inconsistency' });
    expect(
      await http.client.post('/api/user/forget_password', { ...base, new_password: 'abc', secondary_password: 'abc' }),
    ).toMatchObject({ code: 0, msg: 'The password must be 6 to 32 characters long' });
    // The code survived those mistakes.
    expect(
      (
        await http.client.post('/api/user/forget_password', {
          ...base,
          new_password: 'abcdef1',
          secondary_password: 'abcdef1',
        })
      ).code,
    ).toBe(1);
  });
});

describe('demo accounts', () => {
  it('creates one demo user per demo_id with 100000 USD, and logs it in again', async () => {
    const demoId = `demo-${Math.floor(Math.random() * 1e9)}`;
    const a = await http.client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: demoId });
    expect(a.code).toBe(1);
    expect(a.data.user).toMatchObject({ is_demo: 1, email: '' });
    const b = await http.client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: demoId });
    expect(b.data.user.id).toBe(a.data.user.id);
    expect(b.data.token).not.toBe(a.data.token);
    const other = await http.client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: `${demoId}-2` });
    expect(other.data.user.id).not.toBe(a.data.user.id);

    const bal = await http.client.withToken(a.data.token).get<Balance>('/v1/api/main/wallet/getBalance');
    expect(bal.data).toEqual({ balance: '100000.00', lock_balance: '0.00', margin: '0.00' });
  });

  it('two first calls racing for one demo_id make one user', async () => {
    const demoId = `race-${Math.floor(Math.random() * 1e9)}`;
    const [a, b] = await Promise.all([
      http.client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: demoId }),
      http.client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: demoId }),
    ]);
    expect(a.code).toBe(1);
    expect(b.code).toBe(1);
    expect(a.data.user.id).toBe(b.data.user.id);
    const records = await http.server.ctx.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM financial_records WHERE user_id = $1',
      [a.data.user.id],
    );
    expect(records[0]?.n).toBe('1');
  });

  it('reset restores 100000 with nothing locked, through the ledger', async () => {
    const demo = await http.client.get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: `reset-${Math.floor(Math.random() * 1e9)}`,
    });
    const id = demo.data.user.id;
    // Simulate trading: some money spent, some locked.
    await http.server.ctx.db.query(
      'UPDATE accounts SET balance = balance - 1234.5, lock_balance = 500 WHERE user_id = $1',
      [id],
    );
    await http.server.ctx.db.query(
      "INSERT INTO financial_records (user_id, value, type, memo, balance_after, created_at) VALUES ($1, -1234.5, 10, 'test', 98765.5, 0)",
      [id],
    );
    const demoClient = http.client.withToken(demo.data.token);
    const reset = await demoClient.get<Balance>('/v1/api/main/user/resetForexDemoAccount');
    expect(reset).toMatchObject({
      code: 1,
      msg: 'The demo account has been reset',
      data: { balance: '100000.00', lock_balance: '0.00' },
    });
    const sum = await http.server.ctx.db.query<{ s: string; b: string }>(
      `SELECT (SELECT sum(value) FROM financial_records WHERE user_id = $1)::text AS s,
              (SELECT balance FROM accounts WHERE user_id = $1)::text AS b`,
      [id],
    );
    expect(Number(sum[0]?.s)).toBe(100000);
    expect(Number(sum[0]?.b)).toBe(100000);
  });

  it('a demo user cannot log in with a password, change it, and a real user cannot reset', async () => {
    const demo = await http.client.get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: `pw-${Math.floor(Math.random() * 1e9)}`,
    });
    const amend = await http.client
      .withToken(demo.data.token)
      .post('/api/user/amend_password', { new_password: 'abcdef12', auth_code: '123456' });
    expect(amend).toMatchObject({ code: 0, msg: 'Please register or log in to a real account' });
    const u = await registerAndLogin(http.server, { clock });
    const reset = await u.client.get('/v1/api/main/user/resetForexDemoAccount');
    expect(reset).toMatchObject({ code: 0, msg: 'Only a demo account can be reset' });
  });
});
