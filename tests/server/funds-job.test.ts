// The income job on a fake clock: one payment per fund day at the day boundary, catch-up after downtime, a new job
// instance (a restart) and two racing runs never pay twice, a crash mid-run is paid on the next run, and at maturity
// the principal returns with status 4. The ledger invariant is checked after every step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, TxQueryable } from '../../server/db/db.ts';
import { FundIncomeJob } from '../../server/funds/income-job.ts';
import { fundRunCommand } from '../../server/ops/commands/funds.ts';
import { OPS_COMMANDS } from '../../server/ops/commands/index.ts';
import { dec } from '../../src/domain/decimal.ts';
import { manualClock, startTestServer, type TestServer } from './harness.ts';
import { balanceOf, creditedUser, DAY, expectLedgerHolds, fundId, idleTimers, subscriptions } from './funds-helpers.ts';

const clock = manualClock(Date.UTC(2026, 0, 6, 12, 0, 0));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock, timers: idleTimers, market: { manual: true } });
});
afterAll(async () => {
  await server?.close();
});

/** A fresh job over the server's database, as a freshly started process would build it. */
const newJob = (db: Db = server.ctx.db): FundIncomeJob => new FundIncomeJob({ ...server.ctx, db }, DAY);

describe('fund income job', () => {
  it('pays each fund day once at its boundary, catches up after downtime and returns the principal at maturity', async () => {
    const user = await creditedUser(server, clock, '1000');
    // Starter 7-day: 0.5 % a day → 200 × 0.5 / 100 = 1 a day.
    const buy = await user.client.get<{ sub_id: number }>('/api/fund/buy', { id: await fundId(server, 'Starter 7-day'), amount: '200' });
    expect(buy.code).toBe(1);
    expect(await balanceOf(server, user.user.id)).toBe('800');
    const job = newJob();

    clock.advance(DAY - 1); // one ms before the first boundary: nothing is due
    expect((await job.runOnce()).paidDays).toBe(0);
    clock.advance(1); // exactly at the boundary
    expect((await job.runOnce()).paidDays).toBe(1);
    expect((await job.runOnce()).paidDays).toBe(0); // the same day again: nothing
    expect(await balanceOf(server, user.user.id)).toBe('801');
    await expectLedgerHolds(server, user.user.id);

    clock.advance(3 * DAY + 5000); // the server was down for three days
    const restarted = newJob();
    expect((await restarted.runOnce()).paidDays).toBe(3);
    expect(await balanceOf(server, user.user.id)).toBe('804');
    const [sub] = await subscriptions(user);
    expect(sub).toMatchObject({ status: 1, days_paid: 4, paid_profit: '4.00', day_profit: '1.00', sum_profit: '7.00' });
    await expectLedgerHolds(server, user.user.id);

    clock.advance(10 * DAY); // well past maturity: only the 3 remaining days, then the principal
    const r = await newJob().runOnce();
    expect(r).toMatchObject({ paidDays: 3, finished: 1 });
    expect(await balanceOf(server, user.user.id)).toBe('1007');
    const [done] = await subscriptions(user);
    expect(done).toMatchObject({ status: 4, days_paid: 7, paid_profit: '7.00' });
    const income = await user.client.get<{ data: Array<{ interest: string; created_at: string }>; last_page: number }>(
      '/api/fund/insList', { sub_id: buy.data.sub_id },
    );
    expect(income.data.data).toHaveLength(7);
    expect(income.data.data.every((i) => i.interest === '1.00')).toBe(true);
    // A finished subscription is never paid again.
    clock.advance(DAY);
    expect((await newJob().runOnce()).paidDays).toBe(0);
    expect(await balanceOf(server, user.user.id)).toBe('1007');
    await expectLedgerHolds(server, user.user.id);
  });

  it('two racing runs (two processes) pay every day exactly once', async () => {
    const users = await Promise.all([creditedUser(server, clock, '5000'), creditedUser(server, clock, '5000')]);
    const id = await fundId(server, 'Steady 15-day');
    for (const u of users) {
      for (const amount of ['500', '1234.56']) expect((await u.client.get('/api/fund/buy', { id, amount })).code).toBe(1);
    }
    clock.advance(5 * DAY);
    const [a, b, c] = await Promise.all([newJob().runOnce(), newJob().runOnce(), newJob().runOnce()]);
    expect((a?.paidDays ?? 0) + (b?.paidDays ?? 0) + (c?.paidDays ?? 0)).toBe(4 * 5);
    for (const u of users) {
      // 500 × 0.8 % = 4, 1234.56 × 0.8 % = 9.87648: five days each.
      expect(await balanceOf(server, u.user.id)).toBe(dec(5000).minus('1734.56').plus(dec('13.87648').times(5)).toFixed());
      await expectLedgerHolds(server, u.user.id);
    }
    const [rows] = await server.ctx.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM (SELECT sub_id, day FROM fund_income GROUP BY sub_id, day HAVING count(*) > 1) d',
    );
    expect(Number(rows?.n)).toBe(0);
  });

  it('a run that crashes part-way pays the rest on the next run, nothing twice', async () => {
    const user = await creditedUser(server, clock, '3000');
    const id = await fundId(server, 'Flexible 3-day');
    const ids: number[] = [];
    for (const amount of ['100', '200', '300']) {
      const r = await user.client.get<{ sub_id: number }>('/api/fund/buy', { id, amount });
      expect(r.code).toBe(1);
      ids.push(r.data.sub_id);
    }
    clock.advance(2 * DAY);
    // A database whose connection dies in the middle of the second subscription's transaction, like a crash.
    const db = server.ctx.db;
    const dying = (q: TxQueryable): TxQueryable => ({
      exec: (sql) => q.exec(sql),
      query: (sql, params) =>
        sql.includes('INSERT INTO fund_income') && params?.[0] === ids[1] && params?.[1] === 2
          ? Promise.reject(new Error('connection lost'))
          : q.query(sql, params),
    });
    const flaky: Db = { ...db, kind: db.kind, query: (s, p) => db.query(s, p), tx: (fn) => db.tx((q) => fn(dying(q))) };
    await expect(newJob(flaky).runOnce()).rejects.toThrow('connection lost');
    // The first subscription's two days were committed; the second's day 1 was rolled back with its transaction.
    expect(await balanceOf(server, user.user.id)).toBe('2400.5');
    await expectLedgerHolds(server, user.user.id);
    await newJob().runOnce();
    // 600 × 0.25 % = 1.5 a day for two days, each day once.
    expect(await balanceOf(server, user.user.id)).toBe('2403');
    const [n] = await db.query<{ n: string }>('SELECT count(*) AS n FROM fund_income WHERE sub_id = ANY($1::int[])', [ids]);
    expect(Number(n?.n)).toBe(6);
    await expectLedgerHolds(server, user.user.id);
  });

  it('the fund-run ops command runs the job once', async () => {
    expect(OPS_COMMANDS).toContain(fundRunCommand);
    const user = await creditedUser(server, clock, '100');
    expect((await user.client.get('/api/fund/buy', { id: await fundId(server, 'Flexible 3-day'), amount: '100' })).code).toBe(1);
    clock.advance(DAY);
    expect(await fundRunCommand.run(server.ctx, {})).toMatchObject({ finished: expect.any(Number) as number });
    expect(await balanceOf(server, user.user.id)).toBe('0.25');
    expect(await fundRunCommand.run(server.ctx, {})).toMatchObject({ paidDays: 0 });
  });

  it('the server starts the job on its timers at the configured fund-day length', () => {
    expect(server.ctx.fundJob.dayMs).toBe(DAY);
    expect(server.ctx.fundJob.checkMs).toBe(60_000);
    expect(new FundIncomeJob(server.ctx, 2000).checkMs).toBe(200);
  });
});
