import { TEST_OPERATOR } from '../support/harness.ts';
// The dealer's view (docs/back-office.md "The dealer's view") on the real database: made
// from the engine's in-memory book and figures, it agrees with a full scan of the open orders (tests/fixtures/
// book-scan.ts, decimal P&L per order) after every step of a random run of opens, partial and full closes, stops and
// price moves; its ops commands answer it; and the part of a gap loss that negative-balance protection did not take
// from the trader is booked as the house's (book-absorbed).
import { describe, expect, it } from 'vitest';
import { prng } from '../../fixtures/prng.ts';
import { bookDifferences, scanBook } from '../../fixtures/book-scan.ts';
import { book, bookAbsorbed, bookTop } from '../../../server/ops/commands/book.ts';
import { fundedUser, marketBuy, useEngineBed } from '../support/engine-helpers.ts';

const bed = useEngineBed({ prices: { TSTXAG: '25.000', TSTBTC: '60000.00' } });
const priceOf = (code: string): string | null => bed.market.latest(code)?.close ?? null;

async function expectAgrees(step: string): Promise<void> {
  await bed.engine.idle();
  const view = await bed.engine.bookView(bed.ctx.db, 0);
  const scan = await scanBook(bed.ctx.db, priceOf);
  expect(bookDifferences(view, scan), step).toEqual([]);
}

describe("the dealer's view", () => {
  it('agrees with a full scan of the open orders after every step', async () => {
    const rnd = prng(46);
    const now = bed.ctx.clock.now();
    const users: number[] = [];
    for (let i = 0; i < 26; i++) users.push(await fundedUser(bed.ctx.db, '1000000', now));
    const base: Record<string, number> = { TSTEUR: 1.1, TSTXAG: 25, TSTBTC: 60000 };
    const places: Record<string, number> = { TSTEUR: 5, TSTXAG: 3, TSTBTC: 2 };
    const ids: Record<string, number> = { TSTEUR: 9001, TSTXAG: 9002, TSTBTC: 9003 };
    const sizes: Record<string, string[]> = {
      TSTEUR: ['0.01', '0.05', '0.3', '1'],
      TSTXAG: ['0.1', '0.5', '2'],
      TSTBTC: ['0.01', '0.2', '1.5'],
    };
    const codes = Object.keys(base);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    for (let step = 0; step < 120; step++) {
      const code = pick(codes);
      const r = rnd();
      const user = pick(users);
      if (r < 0.45) {
        const mult = code === 'TSTXAG' ? 10 : code === 'TSTBTC' ? 5 : 100;
        await bed.engine
          .submit(
            user,
            ids[code] ?? 0,
            marketBuy({ type: rnd() < 0.5 ? 1 : 2, cont: pick(sizes[code] ?? []), multiple: mult }),
            null,
          )
          .catch(() => undefined);
      } else if (r < 0.6) {
        const held = bed.engine.book.forUser(user).filter((o) => o.status === 1);
        const o = held[0];
        if (o) await bed.engine.close(user, o.id).catch(() => undefined);
      } else if (r < 0.7) {
        const held = bed.engine.book.forUser(user).filter((o) => o.status === 1 && o.quantity.gt(o.quantity.div(2)));
        const o = held[0];
        const inst = o ? bed.engine.instrument(o.instrumentId) : undefined;
        if (o && inst) await bed.engine.close(user, o.id, inst.minLots).catch(() => undefined);
      } else {
        const p = (base[code] ?? 1) * (1 + (rnd() - 0.5) * 0.01);
        bed.market.setPrice(code, p.toFixed(places[code]));
      }
      await expectAgrees(`step ${step}`);
    }
    // Every account holds something: more than 20, so the top lists are cut.
    for (const u of users) await bed.engine.submit(u, 9001, marketBuy({ cont: '0.01', type: 2 }), null);
    await expectAgrees('all accounts');
    const view = await bed.engine.bookView(bed.ctx.db, 0);
    expect(view.positions).toBeGreaterThan(26);
    expect(view.instruments.length).toBe(3);
    // The ops commands answer the engine's view (the bed's engine stands in for the server's here).
    const ctx = { ...bed.ctx, engine: bed.engine };
    expect(await book.run(ctx, {}, TEST_OPERATOR)).toEqual(view.instruments);
    expect(await bookTop.run(ctx, { by: 'floating' }, TEST_OPERATOR)).toEqual(view.top_by_floating);
    expect(view.top_by_floating.length).toBe(20);
    expect(await bookTop.run(ctx, {}, TEST_OPERATOR)).toEqual(view.top_by_exposure);
    await expect(bookTop.run(ctx, { by: 'nonsense' }, TEST_OPERATOR)).rejects.toThrow();
    for (const [code, p] of Object.entries(base)) bed.market.setPrice(code, p.toFixed(places[code]));
    await bed.engine.idle();
  });

  it('a short and a long of one instrument: net lots and USD, average prices, the house on the other side', async () => {
    bed.market.setPrice('TSTEUR', '1.10000');
    for (const u of bed.engine.book.users()) {
      for (const o of bed.engine.book.forUser(u))
        if (o.status === 1) await bed.engine.close(u, o.id).catch(() => undefined);
    }
    const now = bed.ctx.clock.now();
    const a = await fundedUser(bed.ctx.db, '100000', now);
    const b = await fundedUser(bed.ctx.db, '100000', now);
    await bed.engine.submit(a, 9001, marketBuy({ cont: '2' }), null);
    bed.market.setPrice('TSTEUR', '1.10100');
    await bed.engine.submit(b, 9001, marketBuy({ type: 2, cont: '0.5' }), null);
    bed.market.setPrice('TSTEUR', '1.10200');
    await expectAgrees('two positions');
    const eur = (await bed.engine.bookView(bed.ctx.db, 0)).instruments.find((i) => i.code === 'TSTEUR');
    expect(eur).toEqual({
      instrument_id: 9001,
      code: 'TSTEUR',
      positions: 2,
      long_lots: '2',
      short_lots: '0.5',
      net_lots: '1.5',
      net_usd: '165300.000000', // 1.5 × 100,000 × 1.102
      long_avg_price: '1.10000',
      short_avg_price: '1.10100',
      price: '1.10200',
      house_floating: '-350.000000', // the long gains 400, the short loses 50
    });
  });

  it("books the part of a gap loss the account could not pay as the house's", async () => {
    bed.market.setPrice('TSTEUR', '1.10000');
    const u = await fundedUser(bed.ctx.db, '1200', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, 9001, marketBuy(), null); // available 98.9, margin 1,100
    bed.market.setPrice('TSTEUR', '1.00000'); // a 10,000 loss in one tick: the trader pays 1,198.9
    await bed.engine.idle();
    const absorbed = (await bookAbsorbed.run(bed.ctx, {}, TEST_OPERATOR)) as {
      total: string;
      since: string;
      recent: Array<{ orderId: number; uid: string; kind: string; amount: string }>;
    };
    const [named] = await bed.ctx.db.query<{ uid: string }>('SELECT uid FROM users WHERE id = $1', [u]);
    expect(absorbed.recent[0]).toMatchObject({
      orderId: o.Id,
      uid: named?.uid,
      kind: 'close',
      amount: '8801.10000000',
    });
    expect(Number(absorbed.since)).toBeGreaterThanOrEqual(8801.1);
    const [row] = await bed.ctx.db.query<{ fact_profits: string }>('SELECT fact_profits FROM orders WHERE id = $1', [
      o.Id,
    ]);
    expect(Number(row?.fact_profits)).toBe(-1198.9);
    bed.market.setPrice('TSTEUR', '1.10000');
    await bed.engine.idle();
  });
});
