// Abuse of verification codes and picture captchas: attempts are counted in the statement that reads the code, so
// 40 parallel wrong guesses cannot all be compared before the count lands; only a request carrying the code's key
// spends its checks (strangers cannot burn a reset code); daily caps per target, per address and per account, and
// the same daily cap on picture-captcha sign-ups as on code sign-ups. Runs on PGlite and on PostgreSQL
// (TEST_DB=postgres).
import { describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../../server/accounts/verification.ts';
import { DAILY_CAPS } from '../../../server/security/counters.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import { RATE_BUDGETS, RATE_WINDOW_MS } from '../../../server/security/limits.ts';
import {
  countRows,
  manualClock,
  outboxCode,
  registerAndLogin,
  type ApiClient,
  type TestServer,
  useTestServer,
} from '../support/harness.ts';

let seq = 0;
const email = (): string => `sec${Date.now()}${++seq}@example.com`;
const registerForm = (account: string, code: string, key: string) => ({
  type: 'email',
  account,
  password: 'abc12345',
  re_password: 'abc12345',
  sms_code: code,
  key,
});
/** Sends a code to `to`; its text from the outbox and its key from the answer. */
async function sendCode(
  server: TestServer,
  client: ApiClient,
  to: string,
  type: 1 | 2,
): Promise<{ code: string; key: string }> {
  const sent = await client.post<{ key: string }>('/api/notify/send_email', { to, type });
  expect(sent.code, sent.msg).toBe(1);
  return { code: await outboxCode(server.ctx, to), key: sent.data.key };
}
/** A six-digit code that is not `code`. */
const wrong = (code: string, i: number): string => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('parallel guesses (budgets relaxed, so only the attempt count can refuse)', () => {
  const clock = manualClock();
  const http = useTestServer({ clock, market: { manual: true } });

  it('40 parallel wrong code guesses, then the right code: all refused, nothing written', async () => {
    const account = email();
    const { code, key } = await sendCode(http.server, http.client, account, 1);
    const before = await countRows(http.server.ctx, ['users', 'sessions']);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        http.client.post('/api/user/register', registerForm(account, wrong(code, i), key)),
      ),
    );
    expect(guesses.every((g) => g.code === 0)).toBe(true);
    const right = await http.client.post('/api/user/register', registerForm(account, code, key));
    expect(right).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
    expect(await countRows(http.server.ctx, ['users', 'sessions'])).toEqual(before);
    const rows = await http.server.ctx.db.query<{ attempts: number }>(
      'SELECT attempts FROM verification_codes WHERE target = $1',
      [account],
    );
    expect(rows[0]?.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it('parallel right guesses: exactly one account is made', async () => {
    const account = email();
    const { code, key } = await sendCode(http.server, http.client, account, 1);
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => http.client.post('/api/user/register', registerForm(account, code, key))),
    );
    expect(tries.filter((t) => t.code === 1)).toHaveLength(1);
  });

  it('40 parallel wrong captcha answers, then the right one: all refused', async () => {
    await setSetting(http.server.ctx.db, 'verify_reg_type', '2');
    try {
      const cap = await http.client.get<{ id: string }>('/api/captcha');
      const rows = await http.server.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
        cap.data.id,
      ]);
      const answer = rows[0]?.answer ?? '';
      const account = email();
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          http.client.post('/api/user/register', registerForm(account, `W${i}ZZ`, cap.data.id)),
        ),
      );
      expect(guesses.every((g) => g.code === 0)).toBe(true);
      const right = await http.client.post('/api/user/register', registerForm(account, answer, cap.data.id));
      expect(right).toMatchObject({ code: 0, msg: 'The picture code is incorrect, please try the new picture' });
      expect(await http.server.ctx.db.query('SELECT id FROM users WHERE email = $1', [account])).toHaveLength(0);
    } finally {
      await setSetting(http.server.ctx.db, 'verify_reg_type', '1');
    }
  });
});

describe('daily caps (real figures)', () => {
  const clock = manualClock();
  const http = useTestServer({ clock, market: { manual: true }, security: { factor: 1 } });

  it('caps the codes sent to one target per day, and the next day allows again', async () => {
    const account = email();
    for (let i = 0; i < DAILY_CAPS.code_send_target; i++) {
      clock.advance(61_000); // past the 60 s resend rule, still within the day and the per-minute budget
      expect((await http.client.post('/api/notify/send_email', { to: account, type: 1 })).code).toBe(1);
    }
    clock.advance(61_000);
    const over = await http.client.post('/api/notify/send_email', { to: account, type: 1 });
    expect(over).toMatchObject({ code: 0, msg: 'Daily limit reached, please try again tomorrow' });
    clock.advance(DAY_MS);
    expect((await http.client.post('/api/notify/send_email', { to: account, type: 1 })).code).toBe(1);
  });

  it('a reset code spends checks only on requests carrying its key: a stranger flooding it leaves it usable', async () => {
    clock.advance(DAY_MS);
    const victim = await registerAndLogin(http.server, { clock });
    const mine = await sendCode(http.server, http.client, victim.account, 2);
    const reset = (code: string, key: string | undefined) =>
      http.client.post('/api/user/forget_password', {
        type: 'email',
        account: victim.account,
        new_password: 'new-pass-77',
        secondary_password: 'new-pass-77',
        auth_code: code,
        ...(key === undefined ? {} : { key }),
      });
    // 20 wrong guesses without the key, or with a made-up one, spread over minutes to stay inside the request budget.
    const perMinute = RATE_BUDGETS.password.perAccount;
    for (let i = 0; i < 20; i++) {
      if (i > 0 && i % perMinute === 0) clock.advance(RATE_WINDOW_MS);
      const res = await reset(wrong(mine.code, i), i % 2 === 0 ? undefined : 'made-up-key-0000000000');
      expect(res).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
    }
    const rows = await http.server.ctx.db.query<{ attempts: number }>(
      'SELECT attempts FROM verification_codes WHERE code_key = $1',
      [mine.key],
    );
    expect(rows[0]?.attempts).toBe(0);
    // A stranger who asks for a code of their own gets a key to that code only: burning it leaves the owner's alone.
    clock.advance(RATE_WINDOW_MS);
    const theirs = await sendCode(http.server, http.client, victim.account, 2);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect((await reset(wrong(theirs.code, i), theirs.key)).code).toBe(0);
    clock.advance(RATE_WINDOW_MS);
    expect((await reset(theirs.code, theirs.key)).msg).toBe('The verification code is incorrect');
    clock.advance(RATE_WINDOW_MS);
    expect(await reset(mine.code, mine.key)).toMatchObject({ code: 1, msg: 'Your password has been changed' });
  });

  it('picture-captcha sign-ups have the same daily cap per address as code sign-ups', async () => {
    clock.advance(DAY_MS);
    await setSetting(http.server.ctx.db, 'verify_reg_type', '2');
    try {
      const cap = DAILY_CAPS.register_address;
      expect(cap).toBe(DAILY_CAPS.code_send_address);
      const perMinute = Math.min(RATE_BUDGETS.register.perAddress, RATE_BUDGETS.captcha.perAddress / 2);
      const attempt = async (i: number) => {
        if (i > 0 && i % perMinute === 0) clock.advance(RATE_WINDOW_MS);
        const pic = await http.client.get<{ id: string }>('/api/captcha');
        const [row] = await http.server.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
          pic.data.id,
        ]);
        return http.client.post('/api/user/register', registerForm(email(), row?.answer ?? '', pic.data.id));
      };
      for (let i = 0; i < cap; i++) expect((await attempt(i)).code).toBe(1);
      expect(await attempt(cap)).toMatchObject({ code: 0, msg: 'Daily limit reached, please try again tomorrow' });
      clock.advance(DAY_MS);
      expect((await attempt(cap + 1)).code).toBe(1);
    } finally {
      await setSetting(http.server.ctx.db, 'verify_reg_type', '1');
    }
  });
});
