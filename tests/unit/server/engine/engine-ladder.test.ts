// The tick index's parts: the price ladder (crossed orders found at and beyond a level, removals), the scaled-integer
// helpers (exact against decimal.js, ties rounded like money()), and the index's own bookkeeping (an edit moves an
// order's levels, a close takes it off the ladders and out of the sums).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ladder } from '../../../../server/engine/ladder.ts';
import { openOrderOf } from '../../../../server/engine/order-book.ts';
import { divHalfUp, scaledOf } from '../../../../server/engine/scaled.ts';
import { TickIndex } from '../../../../server/engine/tick-index.ts';
import type { EngineInstrument, OrderRow } from '../../../../server/engine/types.ts';
import { ProjectDecimal } from '../../../../src/domain/decimal.ts';

describe('Ladder', () => {
  it('finds the levels a price reached, at and beyond it, in price order', () => {
    const l = new Ladder();
    for (const [level, id] of [[105, 1], [100, 2], [110, 3], [100, 4]] as const) l.insert(level, id);
    expect(l.atOrBelow(100)).toEqual([2, 4]);
    expect(l.atOrBelow(99)).toEqual([]);
    expect(l.atOrBelow(107)).toEqual([2, 4, 1]);
    expect(l.atOrAbove(105)).toEqual([3, 1]);
    expect(l.atOrAbove(111)).toEqual([]);
  });

  it('forgets a removed entry and keeps the others', () => {
    const l = new Ladder();
    l.insert(100, 1);
    l.insert(100, 2);
    expect(l.remove(100, 1)).toBe(true);
    expect(l.remove(100, 1)).toBe(false);
    expect(l.atOrBelow(100)).toEqual([2]);
    expect(l.size).toBe(1);
  });

  it('answers like a sorted list under random inserts and removals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 50 }), fc.nat(20))), fc.integer({ min: -1, max: 51 }), (ops, price) => {
        const l = new Ladder();
        const model = new Map<string, [number, number]>();
        for (const [add, level, id] of ops) {
          const key = `${level}/${id}`;
          if (add && !model.has(key)) {
            l.insert(level, id);
            model.set(key, [level, id]);
          } else if (!add) {
            expect(l.remove(level, id)).toBe(model.delete(key));
          }
        }
        const sorted = [...model.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(l.entries()).toEqual(sorted);
        expect(l.atOrBelow(price)).toEqual(sorted.filter(([v]) => v <= price).map(([, id]) => id));
        expect(l.atOrAbove(price)).toEqual(sorted.filter(([v]) => v >= price).reverse().map(([, id]) => id));
      }),
      { numRuns: 300 },
    );
  });
});

describe('scaled integers', () => {
  it('divides with decimal.js half-up rounding, ties away from zero', () => {
    expect([divHalfUp(15, 10), divHalfUp(-15, 10), divHalfUp(14, 10), divHalfUp(-25, 10), divHalfUp(-4, 10)]).toEqual([2, -2, 1, -3, 0]);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 15 }), (n, k) => {
        const expected = new ProjectDecimal(n).div(10 ** k).toDecimalPlaces(0, ProjectDecimal.ROUND_HALF_UP).toNumber();
        expect(divHalfUp(n, 10 ** k)).toBe(expected === 0 ? 0 : expected);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a decimal text exactly or refuses it', () => {
    expect(scaledOf('1.10000', 5)).toBe(110000);
    expect(scaledOf('1.1', 5)).toBe(110000);
    expect(scaledOf('-0.000001', 6)).toBe(-1);
    expect(scaledOf('1.123456', 5)).toBeNull(); // a digit would be lost
    expect(scaledOf('1.12345000', 5)).toBe(112345); // trailing zeros are not digits
    expect(scaledOf('123456789012345678', 0)).toBeNull(); // beyond 2^53
    expect(scaledOf('abc', 2)).toBeNull();
  });
});

describe('TickIndex bookkeeping', () => {
  const inst: EngineInstrument = {
    id: 1, code: 'EUR', showCode: 'EUR', pricePrecision: 5, pip: '0.01', minLots: '0.01', multiples: [100],
    spec: { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0' },
  };
  const row = (over: Partial<OrderRow>): OrderRow => ({
    id: 1, userId: 7, instrumentId: 1, orderType: 1, quantity: '1', multiple: 100, price: '1.10000', originPrice: '1.10000',
    updatePrice: '0', factProfits: '0', cautionMoney: '1100', tradeFee: '0', targetLossPrice: '0', targetProfitPrice: '0', trailDistance: '0',
    status: 1, closeReason: '', createdAt: 0, filledAt: null, completedAt: null, ...over,
  });
  const setup = () => {
    let price = '1.10000';
    const index = new TickIndex({ instrument: (id) => (id === 1 ? inst : undefined), latestPrice: () => price });
    const tick = (p: string) => {
      price = p;
      return index.tick(1, p);
    };
    const put = (r: OrderRow) => index.added(openOrderOf(r) as NonNullable<ReturnType<typeof openOrderOf>>);
    return { index, tick, put };
  };

  it('a stop edit moves the order on the ladder: the old level no longer fires, the new one does', () => {
    const { index, tick, put } = setup();
    put(row({ targetLossPrice: '1.09000' }));
    expect(tick('1.09000').crossed).toEqual([1]);
    put(row({ targetLossPrice: '1.08000' })); // the edit re-indexes the order
    expect(tick('1.09000').crossed).toEqual([]);
    expect(tick('1.08000').crossed).toEqual([1]);
    expect(index.floatingOf(7).toFixed()).toBe('-2000');
  });

  it('a close takes the order off the ladders, the holders and the sums', () => {
    const { index, tick, put } = setup();
    put(row({ targetProfitPrice: '1.11000' }));
    put(row({ id: 2, orderType: 2, status: 0, price: '1.12000', cautionMoney: '500' })); // a pending sell above
    expect(index.marginOf(7).toFixed()).toBe('1600');
    expect(tick('1.12000')).toEqual({ crossed: [1, 2], holders: [7] });
    index.removed(openOrderOf(row({}))!);
    expect(tick('1.12000')).toEqual({ crossed: [2], holders: [] });
    expect(index.marginOf(7).toFixed()).toBe('500');
    expect(index.floatingOf(7).toFixed()).toBe('0');
  });

  it('keeps the sums equal to a full recomputation, and checks stop-out on the cached balance', () => {
    const { index, tick, put } = setup();
    index.setBalance(7, '100.00000000');
    put(row({ quantity: '0.01', cautionMoney: '11' }));
    put(row({ id: 2, orderType: 2, quantity: '0.03', cautionMoney: '33' }));
    // floating = 0.01 × 1e5 × (p − 1.1) − 0.03 × 1e5 × (p − 1.1) = −2000 × (p − 1.1)
    tick('1.12000');
    expect(index.floatingOf(7).toFixed()).toBe('-40');
    expect(index.belowStopOut(7)).toBe(false); // equity 100 + 44 − 40 = 104 > 22
    tick('1.16100'); // −122: equity 22 = 50 % of 44
    expect(index.floatingOf(7).toFixed()).toBe('-122');
    expect(index.belowStopOut(7)).toBe(true);
    tick('1.16099');
    expect(index.belowStopOut(7)).toBe(false);
  });
});
