// /api/fund/*: the list and detail, buying within the fund's limits and the balance in one ledger transaction,
// redemption maths to the cent, a refused second redemption, ownership, demo users, and bad input writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/domain/types.ts';
import type { Fund, FundPage, IncomeItem } from '../../src/domain/fund-types.ts';
import { api, countRows, manualClock, startTestServer, type TestServer } from './harness.ts';
import { balanceOf, creditedUser, DAY, expectLedgerHolds, fundId, idleTimers, subscriptions } from './funds-helpers.ts';

const clock = manualClock(Date.UTC(2026, 0, 6, 12, 0, 0));
let server: TestServer;
const FUND_TABLES = ['fund_subscriptions', 'fund_income', 'financial_records'];

beforeAll(async () => {
  server = await startTestServer({ clock, timers: idleTimers, market: { manual: true } });
});
afterAll(async () => {
  await server?.close();
});

describe('fund list and detail', () => {
  it('lists the seeded funds with the SPEC §3 fields, paged by last_page, without a session', async () => {
    const r = await api(server.baseUrl).get<FundPage<Fund>>('/api/fund/list', { page: 1 });
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ current_page: 1, last_page: 1 });
    expect(r.data.data.length).toBeGreaterThanOrEqual(4);
    expect(new Set(r.data.data.map((f) => f.currency_code)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(r.data.data.map((f) => f.lock_dividend_days)).size).toBe(r.data.data.length);
    expect(r.data.data[0]).toEqual({
      id: expect.any(Number) as number, title: 'Starter 7-day', image: expect.stringMatching(/^data:image\/svg/) as string,
      currency_code: 'USDT', lock_dividend_days: 7, dividend_percentage: '0.5', staring_sub_amount: '100.00',
      max_sub_amount: '5000.00', desc: expect.any(String) as string, liquidated_damages: '5',
    });
    const empty = await api(server.baseUrl).get<FundPage<Fund>>('/api/fund/list', { page: 2 });
    expect(empty.data).toMatchObject({ data: [], current_page: 2, last_page: 1 });
  });

  it('gives one fund by id and refuses an unknown one', async () => {
    const id = await fundId(server, 'Growth 30-day');
    const r = await api(server.baseUrl).get<Fund>('/api/fund/info', { id });
    expect(r.data).toMatchObject({ id, currency_code: 'USDC', lock_dividend_days: 30, dividend_percentage: '1.2' });
    const missing = await api(server.baseUrl, { lang: 'en' }).get('/api/fund/info', { id: 999_999 });
    expect(missing).toMatchObject({ code: 0, msg: 'This fund does not exist' });
  });
});

describe('buying', () => {
  it('moves the amount from the balance into a subscription with its ledger record', async () => {
    const user = await creditedUser(server, clock, '1000.50');
    const id = await fundId(server, 'Steady 15-day');
    const r = await user.client.get('/api/fund/buy', { id, amount: '600.25' });
    expect(r).toMatchObject({ code: 1, data: { share_amount: '600.25', day_profit: '4.802', balance: '400.25' } });
    expect(await balanceOf(server, user.user.id)).toBe('400.25');
    const [sub] = await subscriptions(user);
    expect(sub).toMatchObject({
      status: 1, share_amount: '600.25', day_profit: '4.802', sum_profit: '72.03', paid_profit: '0.00',
      sub_time: '2026-01-06 12:01:01', get_fund: { id, title: 'Steady 15-day' },
    });
    const [rec] = await server.ctx.db.query<{ value: string; type: number }>(
      'SELECT value, type FROM financial_records WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [user.user.id],
    );
    expect(rec).toMatchObject({ type: 41 });
    expect(Number(rec?.value)).toBe(-600.25);
    await expectLedgerHolds(server, user.user.id);
  });

  it('refuses bad input, out-of-range amounts, a short balance and demo users, writing nothing', async () => {
    const user = await creditedUser(server, clock, '150');
    const id = await fundId(server, 'Starter 7-day'); // 100 .. 5000
    const demo = await api(server.baseUrl).get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: `fund-demo-${process.pid}` });
    expect(demo.code).toBe(1);
    const demoClient = api(server.baseUrl, { lang: 'en', token: demo.data.token });
    const before = await countRows(server.ctx, FUND_TABLES);
    const cases: Array<[Record<string, string | number>, string, typeof user.client?]> = [
      [{ id: 999_999, amount: '100' }, 'This fund does not exist'],
      [{ id }, 'Please enter the lock amount'],
      [{ id, amount: '' }, 'Please enter the lock amount'],
      [{ id, amount: 'abc' }, 'Please enter a valid amount'],
      [{ id, amount: '1e3' }, 'Please enter a valid amount'],
      [{ id, amount: '-100' }, 'Please enter a valid amount'],
      [{ id, amount: '100.001' }, 'The amount can have at most 2 decimals'],
      [{ id, amount: '99.99' }, 'The minimum amount is 100.00'],
      [{ id, amount: '5000.01' }, 'The maximum amount is 5000.00'],
      [{ id, amount: '150.01' }, 'Insufficient balance'],
      [{ id, amount: '100' }, 'Please register or log in to a real account', demoClient],
    ];
    for (const [params, msg, client] of cases) {
      const r = await (client ?? user.client).get('/api/fund/buy', params);
      expect({ params, code: r.code, msg: r.msg }).toEqual({ params, code: 0, msg });
    }
    expect(await countRows(server.ctx, FUND_TABLES)).toEqual(before);
    expect(await balanceOf(server, user.user.id)).toBe('150');
    expect((await api(server.baseUrl).get('/api/fund/buy', { id, amount: '100' })).code).toBe(999);
  });
});

describe('redemption', () => {
  it('returns amount − penalty to the cent, keeps the income paid, and refuses a second request', async () => {
    const user = await creditedUser(server, clock, '10000');
    const id = await fundId(server, 'Growth 30-day'); // 1.2 % a day, penalty 10 %
    const buy = await user.client.get<{ sub_id: number }>('/api/fund/buy', { id, amount: '1234.57' });
    expect(buy.code).toBe(1);
    clock.advance(2 * DAY);
    await server.ctx.fundJob.runOnce();
    // Two days of 1234.57 × 1.2 / 100 = 14.81484.
    expect(await balanceOf(server, user.user.id)).toBe('8795.05968');
    const r = await user.client.get('/api/fund/applyRefund', { sub_id: buy.data.sub_id });
    // Penalty 1234.57 × 10 / 100 = 123.457; back 1111.113.
    expect(r).toMatchObject({ code: 1, data: { status: 3, penalty: '123.457', refund: '1111.113' } });
    expect(await balanceOf(server, user.user.id)).toBe('9906.17268');
    const [sub] = await subscriptions(user);
    expect(sub).toMatchObject({ status: 3, paid_profit: '29.62968', penalty: '123.457', days_paid: 2 });
    const types = await server.ctx.db.query<{ type: number; value: string }>(
      'SELECT type, value FROM financial_records WHERE user_id = $1 AND type IN (44, 45) ORDER BY id', [user.user.id],
    );
    expect(types.map((t) => [t.type, Number(t.value)])).toEqual([[44, 1234.57], [45, -123.457]]);

    const before = await countRows(server.ctx, FUND_TABLES);
    const again = await user.client.get('/api/fund/applyRefund', { sub_id: buy.data.sub_id });
    expect(again).toMatchObject({ code: 0, msg: 'This subscription can no longer be redeemed' });
    expect(await countRows(server.ctx, FUND_TABLES)).toEqual(before);
    // No more income after redemption.
    clock.advance(3 * DAY);
    await server.ctx.fundJob.runOnce();
    expect(await balanceOf(server, user.user.id)).toBe('9906.17268');
    await expectLedgerHolds(server, user.user.id);
  });

  it('two simultaneous redemptions refund once', async () => {
    const user = await creditedUser(server, clock, '500');
    const buy = await user.client.get<{ sub_id: number }>('/api/fund/buy', { id: await fundId(server, 'Flexible 3-day'), amount: '333.33' });
    const rs = await Promise.all([1, 2, 3].map(() => user.client.get('/api/fund/applyRefund', { sub_id: buy.data.sub_id })));
    expect(rs.map((r) => r.code).sort()).toEqual([0, 0, 1]);
    // 333.33 × 1.5 % = 4.99995 penalty.
    expect(await balanceOf(server, user.user.id)).toBe('495.00005');
    await expectLedgerHolds(server, user.user.id);
  });

  it("refuses another user's subscription and an unknown one, for redemption and for the income list", async () => {
    const owner = await creditedUser(server, clock, '200');
    const other = await creditedUser(server, clock, '200');
    const buy = await owner.client.get<{ sub_id: number }>('/api/fund/buy', { id: await fundId(server, 'Flexible 3-day'), amount: '50' });
    const before = await countRows(server.ctx, FUND_TABLES);
    for (const sub_id of [buy.data.sub_id, 999_999]) {
      expect(await other.client.get('/api/fund/applyRefund', { sub_id })).toMatchObject({ code: 0, msg: 'Subscription not found' });
      expect(await other.client.get('/api/fund/insList', { sub_id })).toMatchObject({ code: 0, msg: 'Subscription not found' });
    }
    expect(await countRows(server.ctx, FUND_TABLES)).toEqual(before);
    expect(await balanceOf(server, owner.user.id)).toBe('150');
    const list = await owner.client.get<FundPage<IncomeItem>>('/api/fund/insList', { sub_id: buy.data.sub_id });
    expect(list).toMatchObject({ code: 1, data: { data: [], last_page: 1 } });
    expect(await subscriptions(other)).toEqual([]);
  });

  it('a redemption after the term has run finishes the subscription instead of charging a penalty', async () => {
    const user = await creditedUser(server, clock, '100');
    const buy = await user.client.get<{ sub_id: number }>('/api/fund/buy', { id: await fundId(server, 'Flexible 3-day'), amount: '100' });
    clock.advance(3 * DAY); // matured, but the job has not run yet
    const r = await user.client.get('/api/fund/applyRefund', { sub_id: buy.data.sub_id });
    expect(r).toMatchObject({ code: 1, data: { status: 4, penalty: '0.00' } });
    expect(await balanceOf(server, user.user.id)).toBe('100.75');
    await expectLedgerHolds(server, user.user.id);
  });
});
