// Fixed-term funds on the real server (PGlite or PostgreSQL per TEST_DB) with a fake clock: subscribe within the
// fund's bounds, income at each fund-day boundary paid exactly once (restart, missed days, two runs racing), the
// principal back at maturity, early redemption with its penalty to the cent; the ledger adds up throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundIncome, FundSubscription, LastPaged, Fund } from '../../../domain/fund-types.ts';
import { runFundIncome } from '../../../server/funds/income-job.ts';
import { userCredit } from '../../../server/ops/commands/deposits.ts';
import { FUND_COMMANDS } from '../../../server/ops/commands/funds.ts';
import {
  api,
  countRows,
  manualClock,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
  TEST_OPERATOR,
} from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';

const DAY = 60_000; // a one-minute fund day
const clock = manualClock();
let server: TestServer;
let funds: Fund[] = [];

const job = () => runFundIncome(server.ctx, DAY);
const balance = async (u: RegisteredUser) =>
  (await u.client.get<{ balance: string }>('/v1/api/main/wallet/getBalance')).data.balance;
const subs = async (u: RegisteredUser) =>
  (await u.client.get<LastPaged<FundSubscription>>('/api/fund/subList', { page: 1 })).data;
const fund = (title: string) => funds.find((f) => f.title === title) as Fund;

async function richUser(amount = '10000'): Promise<RegisteredUser> {
  const u = await registerAndLogin(server, { clock });
  await userCredit.run(server.ctx, { user: u.account, amount }, TEST_OPERATOR);
  return u;
}

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true }, fundDayMs: DAY });
  funds = (await api(server.baseUrl, { lang: 'en' }).get<LastPaged<Fund>>('/api/fund/list', { page: 1 })).data.data;
});
afterAll(() => server.close());

describe('the funds on offer', () => {
  it('lists at least four funds with their docs/contract.md §3 fields, to visitors too, paged with last_page', async () => {
    expect(funds.length).toBeGreaterThanOrEqual(4);
    expect(new Set(funds.map((f) => f.currency_code)).size).toBeGreaterThanOrEqual(4);
    expect(Object.keys(funds[0] ?? {}).sort()).toEqual([
      'currency_code',
      'desc',
      'dividend_percentage',
      'id',
      'image',
      'lang',
      'liquidated_damages',
      'lock_dividend_days',
      'max_sub_amount',
      'staring_sub_amount',
      'title',
    ]);
    const page = (await api(server.baseUrl).get<LastPaged<Fund>>('/api/fund/list', { page: 1 })).data;
    expect(page.last_page).toBe(1);
    const info = await api(server.baseUrl, { lang: 'en' }).get<Fund>('/api/fund/info', { id: funds[0]?.id ?? 0 });
    expect(info.data).toEqual(funds[0]);
    expect((await api(server.baseUrl, { lang: 'en' }).get('/api/fund/info', { id: 999 })).msg).toBe(
      'This fund is not available',
    );
  });
});

describe('subscribing', () => {
  it('refuses what is outside the fund, the balance, or not a real account, writing nothing', async () => {
    const u = await richUser('150');
    const f = fund('Harbour Stable 7'); // 100 … 50,000
    const en = u.client.withLang('en');
    const demo = await api(server.baseUrl).get<{ token: string }>('/api/user/createAccountDemoForU', {
      demo_id: 'fund-demo-1',
    });
    const before = await countRows(server.ctx, ['fund_subscriptions', 'financial_records']);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ id: f.id, amount: '' }, 'Please enter the lock amount'],
      [{ id: f.id, amount: 'abc' }, 'Please enter a number (digits and one decimal point, such as 25.50)'],
      [{ id: f.id, amount: '-100' }, 'Please enter an amount greater than 0'],
      [{ id: f.id, amount: '100.001' }, 'The amount can have at most 2 decimals'],
      [{ id: f.id, amount: '99.99' }, 'The minimum subscription is 100'],
      [{ id: f.id, amount: '50000.01' }, 'The maximum subscription is 50000'],
      [{ id: f.id, amount: '150.01' }, 'Insufficient balance'],
      [{ id: 999, amount: '100' }, 'This fund is not available'],
    ];
    for (const [q, msg] of cases) expect((await en.get('/api/fund/buy', q)).msg, JSON.stringify(q)).toBe(msg);
    expect(
      (
        await api(server.baseUrl, { token: demo.data.token, lang: 'en' }).get('/api/fund/buy', {
          id: f.id,
          amount: '100',
        })
      ).msg,
    ).toBe('Please register or log in to a real account');
    expect((await api(server.baseUrl).get('/api/fund/buy', { id: f.id, amount: '100' })).code).toBe(999);
    expect(await countRows(server.ctx, ['fund_subscriptions', 'financial_records'])).toEqual(before);
  });

  it('takes the amount from the balance with its record; daily profit per docs/contract.md §9 with 4 decimals', async () => {
    const u = await richUser('1000');
    const f = fund('Harbour Stable 7'); // 0.35 % a day, 7 days
    const res = await u.client.withLang('en').get('/api/fund/buy', { id: f.id, amount: '333.33' });
    expect(res.msg).toBe('Subscribed');
    expect(await balance(u)).toBe('666.67');
    const [s] = (await subs(u)).data;
    // 0.35 × 333.33 / 100 = 1.1666550 → 1.1666 (4 decimals, never rounded up)
    expect(s).toMatchObject({
      status: 1,
      share_amount: '333.33',
      day_profit: '1.1666',
      sum_profit: '0.0000',
      paid_days: 0,
      get_fund: { id: f.id },
    });
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });
});

describe('the income job', () => {
  it('pays each day at its boundary exactly once, then the principal and status 4 at maturity', async () => {
    const u = await richUser('1000');
    clock.set(Date.UTC(2026, 0, 10, 0, 0, 0));
    const f = fund('Starter 3'); // 0.2 % a day, 3 days, 10 … 2,000
    await u.client.get('/api/fund/buy', { id: f.id, amount: '500' });
    const sub = (await subs(u)).data[0] as FundSubscription;
    expect(await balance(u)).toBe('500.00');

    clock.advance(DAY - 1);
    await job();
    expect(await balance(u)).toBe('500.00'); // not yet a full day
    clock.advance(1);
    await job();
    await job(); // a second run at the same moment pays nothing more
    expect(await balance(u)).toBe('501.00'); // 0.2 % of 500
    expect((await subs(u)).data[0]).toMatchObject({ paid_days: 1, sum_profit: '1.0000', status: 1 });

    clock.advance(2 * DAY);
    await job();
    // Days 2 and 3 paid, and the principal back: 500 + 3 × 1 + 500
    expect(await balance(u)).toBe('1003.00');
    expect((await subs(u)).data[0]).toMatchObject({ status: 4, paid_days: 3, sum_profit: '3.0000' });
    const incomes = (await u.client.get<LastPaged<FundIncome>>('/api/fund/insList', { sub_id: sub.id, page: 1 })).data;
    expect(incomes.data.map((i) => i.interest)).toEqual(['1.0000', '1.0000', '1.0000']);
    expect(incomes.data.map((i) => i.created_at)).toEqual([
      '2026-01-10 00:03:00',
      '2026-01-10 00:02:00',
      '2026-01-10 00:01:00',
    ]);
    clock.advance(10 * DAY);
    await job();
    expect(await balance(u)).toBe('1003.00'); // finished: nothing more, ever
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('catches up every missed day after downtime, and racing runs (two processes) never pay twice', async () => {
    const u = await richUser('5000');
    const f = fund('Harbour Stable 7'); // 0.35 %, 7 days
    await u.client.get('/api/fund/buy', { id: f.id, amount: '1000' }); // 3.5 a day
    clock.advance(5 * DAY + 30_000); // the server was down for five days
    const results = await Promise.all([job(), job(), job()]);
    expect(results.reduce((n, r) => n + r.paid, 0)).toBeGreaterThanOrEqual(5);
    const [s] = (await subs(u)).data;
    expect(s).toMatchObject({ paid_days: 5, sum_profit: '17.5000' });
    expect(await balance(u)).toBe('4017.50');
    const [rows] = await server.ctx.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM financial_records WHERE user_id = $1 AND type = 42',
      [u.user.id],
    );
    expect(rows?.n).toBe('5');
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('a restart (a new job over the same database) continues where the last one stopped', async () => {
    const u = await richUser('2000');
    const f = fund('Blue Chip 30'); // 0.5 %, 30 days, min 500
    await u.client.get('/api/fund/buy', { id: f.id, amount: '600' }); // 3 a day
    clock.advance(2 * DAY);
    await job();
    // A crash after day 3 was paid but before the run finished: the row is there, the next run skips it.
    clock.advance(DAY);
    await job();
    await FUND_COMMANDS.find((c) => c.name === 'fund-run')?.run(server.ctx, {}, TEST_OPERATOR); // the operator runs it again by hand
    expect((await subs(u)).data[0]).toMatchObject({ paid_days: 3, sum_profit: '9.0000' });
    expect(await balance(u)).toBe('1409.00');
  });
});

describe('early redemption', () => {
  it('returns the amount less the penalty to the cent, once; income already paid stays', async () => {
    const u = await richUser('3000');
    const f = fund('Meridian Growth 90'); // 0.8 %, penalty 12 %, min 1000
    await u.client.get('/api/fund/buy', { id: f.id, amount: '1234.56' });
    clock.advance(DAY);
    await job(); // one day: 0.8 % of 1234.56 = 9.87648 → 9.8764
    const [s] = (await subs(u)).data;
    expect(s?.day_profit).toBe('9.8764');
    const en = u.client.withLang('en');
    expect((await en.get('/api/fund/applyRefund', { sub_id: s?.id ?? 0 })).msg).toBe('Redeemed');
    // 3000 − 1234.56 + 9.8764 + 1234.56 − 148.15 (12 % of 1234.56 = 148.1472 → 148.15)
    expect(await balance(u)).toBe('2861.7264');
    expect((await subs(u)).data[0]?.status).toBe(3);
    expect((await en.get('/api/fund/applyRefund', { sub_id: s?.id ?? 0 })).msg).toBe(
      'This subscription can no longer be redeemed',
    );
    clock.advance(5 * DAY);
    await job();
    expect(await balance(u)).toBe('2861.7264'); // no income after redemption
    expect(await ledgerHolds(server.ctx)).toBe(true);
  });

  it('only the owner sees or redeems a subscription', async () => {
    const a = await richUser('1000');
    const b = await richUser('1000');
    await a.client.get('/api/fund/buy', { id: fund('Starter 3').id, amount: '100' });
    const [s] = (await subs(a)).data;
    const en = b.client.withLang('en');
    expect((await en.get('/api/fund/applyRefund', { sub_id: s?.id ?? 0 })).msg).toBe('Subscription not found');
    expect((await en.get('/api/fund/insList', { sub_id: s?.id ?? 0 })).msg).toBe('Subscription not found');
    expect((await subs(b)).data).toEqual([]);
    expect((await subs(a)).data[0]?.status).toBe(1);
  });
});
