// Abuse of verification codes and picture captchas: attempts are counted in the statement that reads the code, so
// 40 parallel wrong guesses cannot all be compared before the count lands; daily caps per target, per address and
// per account. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../server/accounts/verification.ts';
import { DAILY_CAPS, DAY_MS } from '../../server/security/counters.ts';
import { setSetting } from '../../server/settings/settings.ts';
import { api, countRows, manualClock, outboxCode, startTestServer, type ApiClient, type TestServer } from './harness.ts';

let seq = 0;
const email = (): string => `sec${Date.now()}${++seq}@example.com`;
const registerForm = (account: string, code: string, extra: Record<string, string> = {}) => ({
  type: 'email', account, password: 'abc12345', re_password: 'abc12345', sms_code: code, ...extra,
});
/** A six-digit code that is not `code`. */
const wrong = (code: string, i: number): string => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('parallel guesses (budgets relaxed, so only the attempt count can refuse)', () => {
  const clock = manualClock();
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ clock, market: { manual: true } });
    client = api(server.baseUrl, { lang: 'en' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('40 parallel wrong code guesses, then the right code: all refused, nothing written', async () => {
    const account = email();
    expect((await client.post('/api/notify/send_email', { to: account, type: 1 })).code).toBe(1);
    const code = await outboxCode(server.ctx, account);
    const before = await countRows(server.ctx, ['users', 'sessions']);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => client.post('/api/user/register', registerForm(account, wrong(code, i)))),
    );
    expect(guesses.every((g) => g.code === 0)).toBe(true);
    const right = await client.post('/api/user/register', registerForm(account, code));
    expect(right).toMatchObject({ code: 0, msg: 'The verification code is incorrect' });
    expect(await countRows(server.ctx, ['users', 'sessions'])).toEqual(before);
    const rows = await server.ctx.db.query<{ attempts: number }>(
      'SELECT attempts FROM verification_codes WHERE target = $1',
      [account],
    );
    expect(rows[0]?.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it('parallel right guesses: exactly one account is made', async () => {
    const account = email();
    await client.post('/api/notify/send_email', { to: account, type: 1 });
    const code = await outboxCode(server.ctx, account);
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => client.post('/api/user/register', registerForm(account, code))),
    );
    expect(tries.filter((t) => t.code === 1)).toHaveLength(1);
  });

  it('40 parallel wrong captcha answers, then the right one: all refused', async () => {
    await setSetting(server.ctx.db, 'verify_reg_type', '2');
    try {
      const cap = await client.get<{ id: string }>('/api/captcha');
      const rows = await server.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
        cap.data.id,
      ]);
      const answer = rows[0]?.answer ?? '';
      const account = email();
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          client.post('/api/user/register', registerForm(account, `W${i}ZZ`, { key: cap.data.id })),
        ),
      );
      expect(guesses.every((g) => g.code === 0)).toBe(true);
      const right = await client.post('/api/user/register', registerForm(account, answer, { key: cap.data.id }));
      expect(right).toMatchObject({ code: 0, msg: 'The picture code is incorrect, please try the new picture' });
      expect(await server.ctx.db.query('SELECT id FROM users WHERE email = $1', [account])).toHaveLength(0);
    } finally {
      await setSetting(server.ctx.db, 'verify_reg_type', '1');
    }
  });
});

describe('daily caps (real figures)', () => {
  const clock = manualClock();
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ clock, market: { manual: true }, security: { factor: 1 } });
    client = api(server.baseUrl, { lang: 'en' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('caps the codes sent to one target per day, and the next day allows again', async () => {
    const account = email();
    for (let i = 0; i < DAILY_CAPS.code_send_target; i++) {
      clock.advance(61_000); // past the 60 s resend rule, still within the day and the per-minute budget
      expect((await client.post('/api/notify/send_email', { to: account, type: 1 })).code).toBe(1);
    }
    clock.advance(61_000);
    const over = await client.post('/api/notify/send_email', { to: account, type: 1 });
    expect(over).toMatchObject({ code: 0, msg: 'Daily limit reached, please try again tomorrow' });
    clock.advance(DAY_MS);
    expect((await client.post('/api/notify/send_email', { to: account, type: 1 })).code).toBe(1);
  });

  it('caps code checks per target per day across fresh codes', async () => {
    clock.advance(DAY_MS);
    const account = email();
    let refusedBy = '';
    for (let round = 0; round < 10 && !refusedBy; round++) {
      clock.advance(61_000);
      await client.post('/api/notify/send_email', { to: account, type: 1 });
      const code = await outboxCode(server.ctx, account);
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
        const res = await client.post('/api/user/register', registerForm(account, wrong(code, i)));
        if (res.msg === 'Daily limit reached, please try again tomorrow') refusedBy = 'daily';
      }
    }
    expect(refusedBy).toBe('daily');
    const rows = await server.ctx.db.query<{ count: number }>(
      "SELECT count FROM security_counters WHERE scope = 'code_guess_target' AND key = $1",
      [`email:${account}`],
    );
    expect(Number(rows[0]?.count)).toBeGreaterThan(DAILY_CAPS.code_guess_target);
  });
});
