// The engine's tick index against the oracle (the decimal scan it replaced, tests/fixtures/engine-oracle.ts): random
// sequences of opens, fills, closes, stop edits, balance changes (deposits, withdrawals) and ticks drive both through
// their own order book; after every step margin, floating P&L (per user and per order) agree to the last decimal, and
// on every tick the same orders are crossed, in the same order, and every holder at stop-out is among the users the
// index names (its stop-out budgets, in tick-index.ts, never hide one). Instruments include ones whose figures leave
// the safe-integer range (the decimal fallback).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineIndex } from '../../../../server/engine/index-types.ts';
import { OrderBook } from '../../../../server/engine/order-book.ts';
import { scaledOf } from '../../../../domain/numerics/parse.ts';
import { TickIndex } from '../../../../server/engine/tick-index.ts';
import type { OrderRow } from '../../../../server/engine/types.ts';
import { ScanIndex } from '../../../fixtures/engine-oracle.ts';
import {
  BASE_INSTRUMENTS,
  engineSpec,
  scaledText as text,
  testMarket,
  type TestInstrument,
} from '../../../fixtures/engine-market.ts';

const INSTRUMENTS: TestInstrument[] = [
  ...BASE_INSTRUMENTS,
  // Ten price places and a million units per lot: products beyond 2^53, so the decimal fallback answers.
  {
    id: 4,
    code: 'BIG',
    showCode: 'BIG',
    pricePrecision: 10,
    pip: '0.001',
    minLots: '0.001',
    multiples: [10],
    spec: engineSpec('1000000'),
    base: 12345678901,
    qtyPlaces: 3,
  },
];
const USERS = [1, 2, 3, 4];

type Op =
  | {
      k: 'open';
      user: number;
      inst: number;
      buy: boolean;
      pending: boolean;
      qty: number;
      away: number;
      margin: number;
      tp: number;
      sl: number;
    }
  | { k: 'fill'; pick: number }
  | { k: 'close'; pick: number }
  | { k: 'stops'; pick: number; tp: number; sl: number; trail: number }
  | { k: 'balance'; user: number; amount: number; huge: boolean }
  | { k: 'tick'; inst: number; move: number }
  | { k: 'onto'; pick: number; level: 'tp' | 'sl' | 'target'; off: number };

const pick = fc.nat(1000);
/** Small numbers often: exact ties (x.5 micro-USD) and prices exactly on a level are where rounding and ladders break. */
const small = (max: number): fc.Arbitrary<number> =>
  fc.oneof(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -max, max }));
const lots = fc.oneof(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 5000 }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant('open' as const),
      user: fc.constantFrom(...USERS),
      inst: fc.nat(3),
      buy: fc.boolean(),
      pending: fc.boolean(),
      qty: lots,
      away: small(3000),
      margin: fc.integer({ min: 1, max: 5_000_000_000 }),
      tp: small(4000),
      sl: small(4000),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ k: fc.constant('fill' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('close' as const), pick }), weight: 2 },
  {
    arbitrary: fc.record({
      k: fc.constant('stops' as const),
      pick,
      tp: small(4000),
      sl: small(4000),
      trail: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('balance' as const),
      user: fc.constantFrom(...USERS),
      amount: fc.integer({ min: 0, max: 3_000_000_000_000 }),
      huge: fc.boolean(),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ k: fc.constant('tick' as const), inst: fc.nat(3), move: small(3000) }), weight: 4 },
  {
    arbitrary: fc.record({
      k: fc.constant('onto' as const),
      pick,
      level: fc.constantFrom('tp' as const, 'sl' as const, 'target' as const),
      off: fc.integer({ min: -1, max: 1 }),
    }),
    weight: 2,
  },
);

/** Both indexes behind their own books, one price source, and the stored rows the ops change. */
function harness() {
  const { prices, source } = testMarket(INSTRUMENTS);
  const fast = new TickIndex(source);
  const oracle = new ScanIndex(source);
  const books = [new OrderBook(fast), new OrderBook(oracle)];
  const rows = new Map<number, OrderRow>();
  let nextId = 1;
  const apply = (row: OrderRow): void => {
    rows.set(row.id, row);
    for (const b of books) b.apply(row);
    if (row.status !== 0 && row.status !== 1) rows.delete(row.id);
  };
  const nth = (n: number, status?: 0 | 1): OrderRow | undefined => {
    const open = [...rows.values()].filter((r) => status === undefined || r.status === status);
    return open.length === 0 ? undefined : open[n % open.length];
  };
  const instOf = (row: OrderRow | undefined) => INSTRUMENTS.find((i) => i.id === row?.instrumentId);
  /** A level of the order (stop-profit, stop-loss, target), scaled; the current price when it has none. */
  const levelOf = (
    row: OrderRow | undefined,
    level: 'tp' | 'sl' | 'target',
    inst: (typeof INSTRUMENTS)[number],
  ): number => {
    const t = row ? { tp: row.targetProfitPrice, sl: row.targetLossPrice, target: row.price }[level] : '0';
    const v = scaledOf(t, inst.pricePrecision) ?? 0;
    return v > 0 ? v : (prices.get(inst.id) ?? 1);
  };
  const stop = (inst: (typeof INSTRUMENTS)[number], delta: number): string =>
    delta === 0 ? '0' : text(Math.max(1, (prices.get(inst.id) ?? 0) + delta * 3), inst.pricePrecision);
  const run = (op: Op): void => {
    if (op.k === 'open') {
      const inst = INSTRUMENTS[op.inst] as (typeof INSTRUMENTS)[number];
      const now = prices.get(inst.id) ?? 0;
      const target = op.pending ? Math.max(1, now + op.away) : now;
      apply({
        id: nextId++,
        userId: op.user,
        instrumentId: inst.id,
        orderType: op.buy ? 1 : 2,
        quantity: text(op.qty, inst.qtyPlaces),
        leverage: 10,
        price: text(target, inst.pricePrecision),
        originPrice: text(now, inst.pricePrecision),
        updatePrice: '0',
        factProfits: '0',
        margin: text(op.margin, 6),
        tradeFee: '0',
        targetLossPrice: stop(inst, op.sl),
        targetProfitPrice: stop(inst, op.tp),
        trailDistance: '0',
        status: op.pending ? 0 : 1,
        closeReason: '',
        createdAt: 0,
        filledAt: null,
        completedAt: null,
      });
    } else if (op.k === 'fill') {
      const row = nth(op.pick, 0);
      const inst = row && INSTRUMENTS.find((i) => i.id === row.instrumentId);
      if (row && inst) apply({ ...row, status: 1, price: text(prices.get(inst.id) ?? 0, inst.pricePrecision) });
    } else if (op.k === 'close') {
      const row = nth(op.pick);
      if (row) apply({ ...row, status: 3 });
    } else if (op.k === 'stops') {
      const row = nth(op.pick, 1);
      const inst = row && INSTRUMENTS.find((i) => i.id === row.instrumentId);
      // A trailing distance puts a third level on the ladders (or the slow set when the order has no stop-loss).
      const trailDistance = op.trail === 0 || !inst ? '0' : text(op.trail * 3, inst.pricePrecision);
      if (row && inst)
        apply({ ...row, targetProfitPrice: stop(inst, op.tp), targetLossPrice: stop(inst, op.sl), trailDistance });
    } else if (op.k === 'balance') {
      const amount = text(op.huge ? op.amount * 1_000_000 : op.amount, 8);
      fast.setBalance(op.user, amount);
      oracle.setBalance(op.user, amount);
    } else {
      const inst = op.k === 'tick' ? INSTRUMENTS[op.inst] : instOf(nth(op.pick));
      if (!inst) return;
      const next =
        op.k === 'tick'
          ? Math.max(1, (prices.get(inst.id) ?? 0) + op.move)
          : levelOf(nth(op.pick), op.level, inst) + op.off;
      prices.set(inst.id, next);
      const t = text(next, inst.pricePrecision);
      const a = fast.tick(inst.id, t);
      const b = oracle.tick(inst.id, t);
      expect(a.crossed).toEqual(b.crossed);
      // The oracle names every holder; the index only those its budgets cannot clear — never missing one at stop-out.
      for (const u of a.atRisk) expect(b.atRisk).toContain(u);
      for (const u of b.atRisk) {
        expect(fast.belowStopOut(u), `stop-out of user ${u}`).toBe(oracle.belowStopOut(u));
        if (oracle.belowStopOut(u)) expect(a.atRisk, `user ${u} at stop-out`).toContain(u);
      }
    }
  };
  const agree = (): void => {
    const same = (x: EngineIndex, y: EngineIndex, userId: number): void => {
      expect(x.marginOf(userId).toFixed(), `margin of ${userId}`).toBe(y.marginOf(userId).toFixed());
      expect(x.floatingOf(userId).toFixed(), `floating of ${userId}`).toBe(y.floatingOf(userId).toFixed());
      expect(x.belowStopOut(userId)).toBe(y.belowStopOut(userId));
    };
    for (const u of USERS) same(fast, oracle, u);
    for (const id of rows.keys())
      expect(fast.floatingOfOrder(id)?.toFixed() ?? null).toBe(oracle.floatingOfOrder(id)?.toFixed() ?? null);
  };
  return { run, agree };
}

describe('tick index against the decimal scan (differential)', () => {
  it('agrees on every figure after every step and on every tick', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 80 }), (ops) => {
        const h = harness();
        for (const op of ops) {
          h.run(op);
          h.agree();
        }
      }),
      { numRuns: 150 },
    );
  });
});
