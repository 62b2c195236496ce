// The account flows of server/accounts/ called directly, without HTTP: the branches a route could
// only reach through a whole request — the order of the sign-up's checks (nothing spent before the code), the
// demo refusals, the same-password refusal before a code is spent, the device notice only for a named new device,
// logout of a token that is gone — each with the error key the routes answer.
import { describe, expect, it } from 'vitest';
import type { Requester } from '../../../server/accounts/requester.ts';
import { changePassword, resetPassword } from '../../../server/accounts/password-reset.ts';
import { register, type SignUpForm } from '../../../server/accounts/registration.ts';
import { demoSignIn, signIn, signOut } from '../../../server/accounts/sign-in.ts';
import { resetDemoAccount } from '../../../server/accounts/demo.ts';
import { issueCode, PURPOSE_REGISTER } from '../../../server/accounts/verification.ts';
import { userFromToken } from '../../../server/auth/session.ts';
import { findUser } from '../../../server/auth/users.ts';
import type { Message } from '../../../server/core/services.ts';
import { leaveInOutbox } from '../../../server/notify/outbox-repository.ts';
import { messageText } from '../../../server/notify/message-text.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import { manualClock, outboxCode, refusalKey, useTestServer } from '../support/harness.ts';

const clock = manualClock();
const sent: Message[] = [];
const http = useTestServer({
  clock,
  market: { manual: true },
  notifier: {
    async send(m) {
      sent.push(m);
      // Codes land in the outbox, as with the default notifier, so a test can read one.
      await leaveInOutbox(http.server.ctx.db, m.channel, m.to, messageText(m), clock.now());
    },
  },
});
const ctx = () => http.server.ctx;
let n = 0;
const email = (): string => `svc${++n}-${Math.floor(Math.random() * 1e6)}@example.com`;

const who = (over: Partial<Requester> = {}): Requester => ({
  ip: '127.0.0.1',
  device: '',
  lang: 'en',
  token: null,
  log: http.server.app.log,
  ...over,
});

/** A register code for `account`, and its key. */
async function code(account: string): Promise<{ sms_code: string; key: string }> {
  const target = { channel: 'email', target: account, purpose: PURPOSE_REGISTER } as const;
  const key = await issueCode(ctx(), target, account, 'en');
  clock.advance(61_000); // the next send to the same address is past the resend wait
  return { sms_code: await outboxCode(ctx(), account), key };
}

const form = (account: string, proof: { sms_code: string; key: string }): SignUpForm => ({
  type: 'email',
  account,
  password: 'abc12345',
  re_password: 'abc12345',
  ...proof,
});

const attempts = async (account: string): Promise<number> =>
  Number(
    (
      await ctx().db.query<{ n: string }>(
        'SELECT coalesce(sum(attempts), 0)::text AS n FROM verification_codes WHERE target = $1',
        [account],
      )
    )[0]?.n,
  );

describe('registration', () => {
  it('refuses a mobile sign-up without an area, or with an unknown one, before the code is looked at', async () => {
    const mobile = { type: 'mobile', mobile: '91234567', password: 'abc12345', re_password: 'abc12345' } as const;
    expect(await refusalKey(register(ctx(), { ...mobile, sms_code: '000000' }, who()))).toBe('area_required');
    expect(await refusalKey(register(ctx(), { ...mobile, area_id: 999_999, sms_code: '000000' }, who()))).toBe(
      'area_invalid',
    );
  });

  it('checks passwords, the invite and an existing account before it spends a code attempt', async () => {
    const account = email();
    const proof = await code(account);
    const wrong = { ...form(account, proof), re_password: 'other123' };
    expect(await refusalKey(register(ctx(), wrong, who()))).toBe('password_mismatch');
    expect(await refusalKey(register(ctx(), { ...form(account, proof), invite_code: 'ZZZZZZ' }, who()))).toBe(
      'invite_code_invalid',
    );
    expect(await attempts(account)).toBe(0);

    const made = await register(ctx(), form(account, proof), who({ device: 'Firefox on Linux' }));
    expect(made.user).toMatchObject({ email: account, is_demo: 0 });
    expect((await userFromToken(ctx(), made.token))?.id).toBe(made.user.id);

    const again = await code(account);
    const before = await attempts(account);
    expect(await refusalKey(register(ctx(), form(account, again), who()))).toBe('account_exists');
    expect(await attempts(account)).toBe(before);
  });

  it('asks for the captcha key in captcha mode before it spends the daily allowance', async () => {
    await setSetting(ctx().db, 'verify_reg_type', '2');
    try {
      const f = { ...form(email(), { sms_code: 'abcd', key: '  ' }) };
      expect(await refusalKey(register(ctx(), f, who()))).toBe('captcha_required');
    } finally {
      await setSetting(ctx().db, 'verify_reg_type', '1');
    }
  });
});

describe('sign-in and out', () => {
  it('answers invalid_credentials alike for an unknown account and a wrong password', async () => {
    const account = email();
    await register(ctx(), form(account, await code(account)), who());
    expect(await refusalKey(signIn(ctx(), { account: email(), password: 'abc12345' }, who()))).toBe(
      'invalid_credentials',
    );
    expect(await refusalKey(signIn(ctx(), { account, password: 'wrong-pass' }, who()))).toBe('invalid_credentials');
  });

  it('tells the owner of a new named device once, and never of an unnamed one', async () => {
    const account = email();
    await register(ctx(), form(account, await code(account)), who());
    const notices = (): number => sent.filter((m) => m.kind === 'new_device_sign_in' && m.to === account).length;
    await signIn(ctx(), { account, password: 'abc12345' }, who());
    expect(notices()).toBe(0);
    await signIn(ctx(), { account, password: 'abc12345' }, who({ device: 'Chrome on Android' }));
    expect(notices()).toBe(1);
    expect(sent.filter((m) => m.kind === 'new_device_sign_in').at(-1)?.values).toMatchObject({
      device: 'Chrome on Android',
      address: '127.0.0.1',
    });
    await signIn(ctx(), { account, password: 'abc12345' }, who({ device: 'Chrome on Android' }));
    expect(notices()).toBe(1);
  });

  it('signs out a token once, and a token that is gone (or none) without an error', async () => {
    const account = email();
    const { token, user } = await register(ctx(), form(account, await code(account)), who());
    const ended: number[] = [];
    const stop = ctx().revocations.onRevoked((r) => ended.push(r.userId));
    try {
      await signOut(ctx(), token);
      await signOut(ctx(), token);
      await signOut(ctx(), null);
    } finally {
      stop();
    }
    expect(ended).toEqual([user.id]);
    expect(await userFromToken(ctx(), token)).toBeNull();
  });
});

describe('passwords', () => {
  it('fails a reset for an unknown account exactly like a wrong code', async () => {
    const reset = {
      type: 'email' as const,
      account: email(),
      new_password: 'newpass12',
      secondary_password: 'newpass12',
    };
    expect(await refusalKey(resetPassword(ctx(), { ...reset, auth_code: '123456', key: 'x' }, who()))).toBe(
      'code_invalid',
    );
  });

  it('refuses a change for a demo user, and the current password again before a code attempt is spent', async () => {
    const demo = await demoSignIn(ctx(), `svc-demo2-${Date.now()}`, who());
    const demoRow = await findUser(ctx().db, 'id', demo.user.id);
    if (!demoRow) throw new Error('no demo row');
    const change = { new_password: 'newpass12', auth_code: '123456' };
    expect(await refusalKey(changePassword(ctx(), demoRow, change, who()))).toBe('real_account_required');

    const account = email();
    const made = await register(ctx(), form(account, await code(account)), who());
    const row = await findUser(ctx().db, 'id', made.user.id);
    if (!row) throw new Error('no row');
    const before = await attempts(account);
    expect(await refusalKey(changePassword(ctx(), row, { ...change, new_password: 'abc12345' }, who()))).toBe(
      'password_same',
    );
    expect(await attempts(account)).toBe(before);
  });

  it('resets a demo balance, and refuses a real account the demo reset', async () => {
    const demo = await demoSignIn(ctx(), `svc-demo3-${Date.now()}`, who());
    const demoRow = await findUser(ctx().db, 'id', demo.user.id);
    if (!demoRow) throw new Error('no demo row');
    expect(await resetDemoAccount(ctx(), demoRow)).toEqual({ balance: '100000.00', lock_balance: '0.00' });
    const account = email();
    const made = await register(ctx(), form(account, await code(account)), who());
    const row = await findUser(ctx().db, 'id', made.user.id);
    if (!row) throw new Error('no row');
    expect(await refusalKey(resetDemoAccount(ctx(), row))).toBe('demo_only');
  });
});
