// Overnight swaps (docs/trading.md "Swaps") on the real server and database (TEST_DB=pglite and postgres) with a
// manual clock: the dealer sets EURUSD's terms; the job charges each holding position once per rollover at 17:00 New
// York (22:00 UTC in winter), three nights on Wednesday, nothing on the weekend, catching up after downtime; two
// writers running the job at once (a fail-over's overlap) and a restarted one charge each rollover exactly once. Each
// charge is one type-26 record naming the position, the balance moves with it, and the order shows the accrued swap.
import { describe, expect, it } from 'vitest';
import type { Order, OrderList } from '../../../domain/types.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { runSwaps } from '../../../server/swaps/swap-job.ts';
import type { Queryable } from '../../../server/db/db.ts';
import { swapSet, swapList, bookAbsorbed } from '../../../server/ops/commands/book.ts';
import { expectLedgerInvariants } from '../support/engine-helpers.ts';
import { manualClock, registerAndLogin, TEST_OPERATOR, useTestServer, type ApiClient } from '../support/harness.ts';

/** The dealer who sets the terms (the swap record names them). */
const DESK = { ...TEST_OPERATOR, name: 'desk' };

// Monday 2026-01-05 12:00 UTC (07:00 in New York, EST = UTC−5).
const clock = manualClock(Date.UTC(2026, 0, 5, 12, 0, 0));
const t = useTestServer({ clock, market: { manual: true } });
const EURUSD = 1;
const at = (d: number, h: number, m = 0, s = 0): number => Date.UTC(2026, 0, d, h, m, s);

async function setPrice(p: string): Promise<void> {
  (t.server.ctx.market as unknown as { setPrice(code: string, price: string): unknown }).setPrice('EURUSD', p);
  await t.server.ctx.engine.idle();
}

/** The charges booked on a position, oldest first. */
async function chargesOf(q: Queryable, orderId: number) {
  const rows = await q.query<{ rollover_at: string; nights: number; amount: string; charged: string }>(
    'SELECT rollover_at, nights, amount, charged FROM swap_charges WHERE order_id = $1 ORDER BY rollover_at',
    [orderId],
  );
  return rows.map((r) => ({
    rolloverAt: Number(r.rollover_at),
    nights: Number(r.nights),
    amount: String(r.amount),
    charged: String(r.charged),
  }));
}

const run = () => runSwaps({ db: t.server.ctx.db, clock, log: t.server.ctx.log, engine: t.server.ctx.engine });

async function trader(amount = '100000'): Promise<{ id: number; client: ApiClient }> {
  const u = await registerAndLogin(t.server, { clock });
  await move(t.server.ctx.db, u.user.id, { balance: amount, type: RecordType.MEMO, memo: 'test', at: clock.now() });
  return { id: u.user.id, client: u.client };
}

async function open(c: ApiClient, type: 1 | 2, cont = '1'): Promise<Order> {
  const r = await c.get<Order>('/v1/api/forex/submit', { type, cont, forex_id: EURUSD, status: 1, multiple: 100 });
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

async function swapRecords(userId: number): Promise<Array<{ value: string; memo: string; created_at: string }>> {
  return t.server.ctx.db.query(
    'SELECT value, memo, created_at FROM financial_records WHERE user_id = $1 AND type = 26 ORDER BY id',
    [userId],
  );
}

async function holding(c: ApiClient, id: number): Promise<Order | undefined> {
  return (await c.get<OrderList>('/v1/api/forex/my_deal', { status: 1 })).data.data.find((o) => o.Id === id);
}

describe('swaps', () => {
  it('the dealer sets the terms; bad input is refused and changes nothing', async () => {
    const ctx = t.server.ctx;
    // An install without terms (the seeded ones removed: swap-seed.test.ts covers them), so only EURUSD charges.
    await ctx.db.query('DELETE FROM instrument_swaps');
    await expect(swapSet.run(ctx, { code: 'NOPE', long: '-10' }, DESK)).rejects.toThrow();
    await expect(swapSet.run(ctx, { code: 'EURUSD', long: '1e5' }, DESK)).rejects.toThrow();
    await expect(swapSet.run(ctx, { code: 'EURUSD', zone: 'Mars/Olympus' }, DESK)).rejects.toThrow();
    await expect(swapSet.run(ctx, { code: 'EURUSD', time: '25:00' }, DESK)).rejects.toThrow();
    await expect(swapSet.run(ctx, { code: 'EURUSD', triple: 'someday' }, DESK)).rejects.toThrow();
    expect(await swapList.run(ctx, {}, DESK)).toEqual([]);
    // −10 points a night long (1 lot × 100,000 × 10 × 0.00001 = 10 USD), +5 short; 17:00 New York, triple Wednesday.
    await swapSet.run(ctx, { code: 'EURUSD', long: '-10', short: '5' }, DESK);
    const [terms] = (await swapList.run(ctx, {}, DESK)) as Array<Record<string, unknown>>;
    expect(terms).toMatchObject({
      code: 'EURUSD',
      longRate: '-10',
      shortRate: '5',
      mode: 'points',
      rolloverTime: '17:00',
      timeZone: 'America/New_York',
      tripleDay: 3,
      updatedBy: 'desk',
    });
    await setPrice('1.08500');
  });

  it('charges once per rollover: 17:00 New York, three nights on Wednesday, none on the weekend', async () => {
    const buyer = await trader();
    const seller = await trader();
    const long = await open(buyer.client, 1);
    const short = await open(seller.client, 2);
    clock.set(at(5, 21, 59, 59)); // 16:59:59 in New York
    expect((await run()).charged).toBe(0);
    clock.set(at(5, 22)); // Monday's rollover
    expect((await run()).charged).toBe(2);
    expect((await run()).charged).toBe(0); // the same rollover again: nothing
    expect((await swapRecords(buyer.id)).map((r) => [r.value, r.memo, Number(r.created_at)])).toEqual([
      ['-10.00000000', `EURUSD #${long.Id}`, at(5, 22)],
    ]);
    expect((await holding(buyer.client, long.Id))?.Swap).toBe('-10.000000');
    expect((await holding(seller.client, short.Id))?.Swap).toBe('5.000000');

    clock.set(at(7, 22, 0, 30)); // Wednesday after its rollover: Tuesday's (1 night) and Wednesday's (3)
    expect((await run()).charged).toBe(4);
    const nights = (await chargesOf(t.server.ctx.db, long.Id)).map((c) => [c.rolloverAt, c.nights, c.charged]);
    expect(nights).toEqual([
      [at(5, 22), 1, '-10.00000000'],
      [at(6, 22), 1, '-10.00000000'],
      [at(7, 22), 3, '-30.00000000'],
    ]);
    clock.set(at(12, 21)); // the next Monday, 16:00 New York: Thursday and Friday, nothing on Saturday or Sunday
    await run();
    expect((await chargesOf(t.server.ctx.db, long.Id)).map((c) => c.rolloverAt)).toEqual([
      at(5, 22),
      at(6, 22),
      at(7, 22),
      at(8, 22),
      at(9, 22),
    ]);
    expect((await holding(buyer.client, long.Id))?.Swap).toBe('-70.000000'); // 7 nights a week
    expect((await holding(seller.client, short.Id))?.Swap).toBe('35.000000');
    await expectLedgerInvariants(t.server.ctx.db, buyer.id);
    await expectLedgerInvariants(t.server.ctx.db, seller.id);
    // A closed position is charged no more; its history keeps the accrued swap.
    await buyer.client.get('/v1/api/forex/close', { id: long.Id });
    clock.set(at(12, 22));
    await run();
    expect((await chargesOf(t.server.ctx.db, long.Id)).length).toBe(5);
    const history = (await buyer.client.get<OrderList>('/v1/api/forex/my_deal', { status: 3 })).data.data;
    expect(history.find((o) => o.Id === long.Id)?.Swap).toBe('-70.000000');
    await seller.client.get('/v1/api/forex/close', { id: short.Id });
  });

  it('catches up after downtime, and two writers at once (a fail-over) or a restart charge each rollover once', async () => {
    clock.set(at(13, 12));
    const u = await trader();
    const pos = await open(u.client, 1);
    clock.set(at(16, 23)); // the writer was down from Tuesday to Friday night
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.charged + b.charged).toBe(4); // Tue, Wed (×3), Thu, Fri
    expect((await run()).charged).toBe(0); // a restarted writer: nothing twice
    const charges = await chargesOf(t.server.ctx.db, pos.Id);
    expect(charges.map((c) => c.nights)).toEqual([1, 3, 1, 1]);
    expect(new Set(charges.map((c) => c.rolloverAt)).size).toBe(4);
    expect((await swapRecords(u.id)).length).toBe(4);
    expect((await holding(u.client, pos.Id))?.Swap).toBe('-60.000000');
    await expectLedgerInvariants(t.server.ctx.db, u.id);
    clock.set(at(16, 21)); // back before Friday's close of the market, to close it
    expect((await u.client.get('/v1/api/forex/close', { id: pos.Id })).code).toBe(1);
  });

  it('never takes the balance below zero: the house absorbs the rest of a charge and records it', async () => {
    clock.set(at(19, 12)); // Monday
    const ctx = t.server.ctx;
    await swapSet.run(ctx, { code: 'EURUSD', long: '-1000' }, DESK); // 1,000 USD a night per lot
    const u = await trader('1200');
    const pos = await open(u.client, 1); // margin 1,085 + fee 2.17 → about 112.83 left available
    const before = (
      await ctx.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE user_id = $1', [u.id])
    )[0];
    clock.set(at(19, 22));
    expect((await run()).charged).toBe(1);
    const [charge] = await chargesOf(ctx.db, pos.Id);
    expect(charge?.amount).toBe('-1000.00000000');
    expect(charge?.charged).toBe(`-${before?.balance}`);
    const after = (
      await ctx.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE user_id = $1', [u.id])
    )[0];
    expect(Number(after?.balance)).toBe(0);
    const absorbed = (await bookAbsorbed.run(ctx, {}, DESK)) as {
      recent: Array<{ orderId: number; kind: string; amount: string }>;
    };
    const mine = absorbed.recent.find((r) => r.orderId === pos.Id);
    expect(mine?.kind).toBe('swap');
    expect(Number(mine?.amount)).toBeCloseTo(1000 - Number(before?.balance), 6);
    await expectLedgerInvariants(ctx.db, u.id);
    await swapSet.run(ctx, { code: 'EURUSD', long: '-10' }, DESK);
  });
});
