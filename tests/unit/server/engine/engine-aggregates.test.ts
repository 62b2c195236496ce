// The tick index's per-user, per-instrument aggregates (server/engine/holding.ts: net lots and entry as one linear
// sum) and its stop-out budgets (in tick-index.ts) against a full recomputation in decimal.js from the open rows:
// random sequences of opens, partial closes, closes, fills, stop-outs and ticks; after every step each user's net lots
// and floating P&L per instrument, their totals and their stop-out state equal the recomputation, and every tick
// names every holder of the instrument it took to or below the stop-out level.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, type Dec } from '../../../../domain/decimal.ts';
import { positionPnl, sideOf } from '../../../../domain/trade-maths.ts';
import { lots, price, usd } from '../../../../domain/units.ts';
import { OrderBook } from '../../../../server/engine/order-book.ts';
import { TickIndex } from '../../../../server/engine/tick-index.ts';
import { belowStopOut } from '../../../../server/engine/triggers.ts';
import type { EngineInstrument, OrderRow } from '../../../../server/engine/types.ts';
import {
  BASE_INSTRUMENTS,
  engineSpec,
  scaledText as text,
  testMarket,
  type TestInstrument,
} from '../../../fixtures/engine-market.ts';

const INSTRUMENTS: TestInstrument[] = [
  ...BASE_INSTRUMENTS,
  // A P&L that rounds (10^-7 USD per step and lot step): these positions are priced one by one, not in the sums.
  {
    id: 4,
    code: 'ODD',
    showCode: 'ODD',
    pricePrecision: 7,
    pip: '0.01',
    minLots: '0.01',
    multiples: [10],
    spec: engineSpec('1'),
    base: 12345678,
    qtyPlaces: 2,
  },
];
const USERS = [1, 2, 3];

type Op =
  | { k: 'open'; user: number; inst: number; buy: boolean; pending: boolean; qty: number; margin: number }
  | { k: 'part'; pick: number; keep: number }
  | { k: 'close' | 'fill'; pick: number }
  | { k: 'stopOut'; user: number }
  | { k: 'balance'; user: number; amount: number }
  | { k: 'tick'; inst: number; move: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant('open' as const),
      user: fc.constantFrom(...USERS),
      inst: fc.nat(3),
      buy: fc.boolean(),
      pending: fc.boolean(),
      qty: fc.integer({ min: 1, max: 3000 }),
      margin: fc.integer({ min: 1, max: 2_000_000_000 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('part' as const),
      pick: fc.nat(1000),
      keep: fc.integer({ min: 1, max: 99 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ k: fc.constantFrom('close' as const, 'fill' as const), pick: fc.nat(1000) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('stopOut' as const), user: fc.constantFrom(...USERS) }), weight: 1 },
  {
    arbitrary: fc.record({
      k: fc.constant('balance' as const),
      user: fc.constantFrom(...USERS),
      amount: fc.oneof(fc.integer({ min: 0, max: 30_000_000_000 }), fc.integer({ min: 0, max: 500_000_000_000 })),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('tick' as const),
      inst: fc.nat(3),
      move: fc.oneof(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -3000, max: 3000 })),
    }),
    weight: 6,
  },
);

function harness() {
  const { prices, source } = testMarket(INSTRUMENTS);
  const index = new TickIndex(source);
  const book = new OrderBook(index);
  const rows = new Map<number, OrderRow>();
  const balances = new Map<number, string>();
  let nextId = 1;
  let stopOuts = 0;
  const apply = (row: OrderRow): void => {
    book.apply(row);
    if (row.status === 0 || row.status === 1) rows.set(row.id, row);
    else rows.delete(row.id);
  };
  const nth = (n: number, status: 0 | 1): OrderRow | undefined => {
    const open = [...rows.values()].filter((r) => r.status === status);
    return open[n % Math.max(1, open.length)];
  };
  const priceOf = (instId: number): string => {
    const inst = INSTRUMENTS.find((i) => i.id === instId) as EngineInstrument;
    return text(prices.get(instId) ?? 0, inst.pricePrecision);
  };

  // ---- the recomputation: every figure from the open rows, in decimals ----
  const pnlOf = (r: OrderRow): Dec => {
    const inst = INSTRUMENTS.find((i) => i.id === r.instrumentId) as EngineInstrument;
    return positionPnl(
      inst.spec,
      sideOf(r.orderType),
      lots(r.quantity),
      price(r.price),
      price(priceOf(r.instrumentId)),
    );
  };
  const held = (user: number, inst?: number): OrderRow[] =>
    [...rows.values()].filter(
      (r) => r.status === 1 && r.userId === user && (inst === undefined || r.instrumentId === inst),
    );
  const margin = (user: number): Dec =>
    [...rows.values()].filter((r) => r.userId === user).reduce((a, r) => a.plus(r.margin), dec(0));
  const floating = (user: number, inst?: number): Dec => held(user, inst).reduce((a, r) => a.plus(pnlOf(r)), dec(0));
  const below = (user: number): boolean => {
    const b = balances.get(user);
    return b !== undefined && belowStopOut(usd(b), usd(margin(user)), usd(floating(user)));
  };

  const run = (op: Op): void => {
    if (op.k === 'open') {
      const inst = INSTRUMENTS[op.inst] as (typeof INSTRUMENTS)[number];
      const now = prices.get(inst.id) ?? 0;
      apply({
        id: nextId++,
        userId: op.user,
        instrumentId: inst.id,
        orderType: op.buy ? 1 : 2,
        quantity: text(op.qty, inst.qtyPlaces),
        leverage: 10,
        price: text(op.pending ? now + 50 : now, inst.pricePrecision),
        originPrice: text(now, inst.pricePrecision),
        updatePrice: '0',
        factProfits: '0',
        margin: text(op.margin, 6),
        tradeFee: '0',
        targetLossPrice: '0',
        targetProfitPrice: '0',
        trailDistance: '0',
        status: op.pending ? 0 : 1,
        closeReason: '',
        createdAt: 0,
        filledAt: null,
        completedAt: null,
      });
    } else if (op.k === 'part') {
      // A partial close: the rest keeps its id with fewer lots and its share of the margin (engine/transitions.ts).
      const row = nth(op.pick, 1);
      const inst = INSTRUMENTS.find((i) => i.id === row?.instrumentId);
      if (!row || !inst) return;
      const q = Math.round(Number(row.quantity) * 10 ** inst.qtyPlaces);
      const keep = Math.max(1, Math.floor((q * op.keep) / 100));
      if (keep >= q) return;
      const m = dec(row.margin).times(keep).div(q).toDecimalPlaces(6).toFixed(6);
      apply({ ...row, quantity: text(keep, inst.qtyPlaces), margin: m });
    } else if (op.k === 'close') {
      const row = nth(op.pick, 1);
      if (row) apply({ ...row, status: 3 });
    } else if (op.k === 'fill') {
      const row = nth(op.pick, 0);
      if (row) apply({ ...row, status: 1, price: priceOf(row.instrumentId) });
    } else if (op.k === 'stopOut') {
      // The engine's stop-out: while below the level, close the largest loss first (its figure from the index).
      while (index.belowStopOut(op.user)) {
        const worst = held(op.user).sort(
          (a, b) => index.floatingOfOrder(a.id)?.comparedTo(index.floatingOfOrder(b.id) ?? 0) ?? 0,
        )[0];
        if (!worst) break;
        apply({ ...worst, status: 3 });
        stopOuts++;
      }
    } else if (op.k === 'balance') {
      const b = text(op.amount, 8);
      balances.set(op.user, b);
      index.setBalance(op.user, b);
      // A tick that does not move the price must still name a user the new balance put at the level.
      const held1 = held(op.user)[0];
      if (held1) run({ k: 'tick', inst: INSTRUMENTS.findIndex((i) => i.id === held1.instrumentId), move: 0 });
    } else if (op.k === 'tick') {
      const inst = INSTRUMENTS[op.inst] as (typeof INSTRUMENTS)[number];
      prices.set(inst.id, Math.max(1, (prices.get(inst.id) ?? 0) + op.move));
      const { atRisk } = index.tick(inst.id, priceOf(inst.id));
      for (const u of USERS) {
        if (held(u, inst.id).length > 0 && below(u)) expect(atRisk, `user ${u} at stop-out after a tick`).toContain(u);
      }
    }
  };

  const agree = (): void => {
    for (const u of USERS) {
      for (const inst of INSTRUMENTS) {
        const rowsHere = held(u, inst.id);
        const got = index.exposureOf(u, inst.id);
        if (rowsHere.length === 0) {
          expect(got).toBeNull();
          continue;
        }
        const net = rowsHere.reduce((a, r) => (r.orderType === 1 ? a.plus(r.quantity) : a.minus(r.quantity)), dec(0));
        expect(got?.netLots, `net lots of ${u} on ${inst.code}`).toBe(net.toFixed());
        expect(got?.floating.toFixed(), `floating of ${u} on ${inst.code}`).toBe(floating(u, inst.id).toFixed());
      }
      expect(index.marginOf(u).toFixed(), `margin of ${u}`).toBe(margin(u).toFixed());
      expect(index.floatingOf(u).toFixed(), `floating of ${u}`).toBe(floating(u).toFixed());
      expect(index.belowStopOut(u), `stop-out of ${u}`).toBe(below(u));
      const b = balances.get(u);
      const locked = margin(u);
      const equity = b === undefined || locked.isZero() ? null : dec(b).plus(locked).plus(floating(u)).times(1e8);
      expect(index.equityScaled(u)?.toString() ?? null, `equity of ${u} in 10^-8 USD`).toBe(equity?.toFixed() ?? null);
    }
  };
  for (const u of USERS) run({ k: 'balance', user: u, amount: 20_000_000_000 }); // 200 USD each to start
  return { run, agree, stopOuts: () => stopOuts };
}

describe('per-user, per-instrument aggregates', () => {
  it('equal a full recomputation after every open, partial close, close, fill, stop-out and tick', () => {
    let stopOuts = 0;
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 10, maxLength: 100, size: 'max' }), (ops) => {
        const h = harness();
        for (const op of ops) {
          h.run(op);
          h.agree();
        }
        stopOuts += h.stopOuts();
      }),
      { numRuns: 80, seed: 38 },
    );
    expect(stopOuts, 'the sequences reach stop-out').toBeGreaterThan(0);
  });

  it('names the holder on the tick that reaches the stop-out level, and not before or after', () => {
    const inst = INSTRUMENTS[0] as (typeof INSTRUMENTS)[number];
    let p = '1.10000';
    const index = new TickIndex({ instrument: (id) => (id === inst.id ? inst : undefined), latestPrice: () => p });
    const book = new OrderBook(index);
    index.setBalance(7, '100.00000000');
    // 1 lot (100,000 units) bought at 1.1 with 1,100 USD margin: equity 1,200 + floating, at stop-out when it is
    // 550 (50 % of the margin), i.e. a loss of 650 USD: at 1.09350.
    book.apply({
      id: 1,
      userId: 7,
      instrumentId: inst.id,
      orderType: 1,
      quantity: '1',
      leverage: 100,
      price: '1.10000',
      originPrice: '1.10000',
      updatePrice: '0',
      factProfits: '0',
      margin: '1100',
      tradeFee: '0',
      targetLossPrice: '0',
      targetProfitPrice: '0',
      trailDistance: '0',
      status: 1,
      closeReason: '',
      createdAt: 0,
      filledAt: null,
      completedAt: null,
    });
    const tick = (next: string): number[] => {
      p = next;
      return index.tick(inst.id, next).atRisk;
    };
    expect(tick('1.12000')).toEqual([]);
    expect(tick('1.09400')).toEqual([]); // a loss of 600
    expect(tick('1.09350')).toEqual([7]);
    expect(tick('1.09000')).toEqual([7]);
    expect(tick('1.09351')).toEqual([]);
    index.setBalance(7, '0.00000000'); // a withdrawal: the same price is now below the line
    expect(tick('1.09351')).toEqual([7]);
    expect(index.exposureOf(7, inst.id)).toEqual({ netLots: '1', floating: usd('-649') });
  });
});
