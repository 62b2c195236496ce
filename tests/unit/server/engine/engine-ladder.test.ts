// The tick index's parts: the price ladder (crossed orders found at and beyond a level, removals) and the index's own
// bookkeeping (an edit moves an order's levels, a close takes it off the ladders and out of the sums). Its scaled
// integers are domain/numerics/'s (tests/unit/domain/numerics/).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ladder } from '../../../../server/engine/ladder.ts';
import { openOrderOf } from '../../../../server/engine/order-book.ts';
import { TickIndex } from '../../../../server/engine/tick-index.ts';
import type { EngineInstrument, OrderRow } from '../../../../server/engine/types.ts';

describe('Ladder', () => {
  it('finds the levels a price reached, at and beyond it, in price order', () => {
    const l = new Ladder();
    for (const [level, id] of [
      [105, 1],
      [100, 2],
      [110, 3],
      [100, 4],
    ] as const)
      l.insert(level, id);
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
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 50 }), fc.nat(20))),
        fc.integer({ min: -1, max: 51 }),
        (ops, price) => {
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
          expect(l.atOrAbove(price)).toEqual(
            sorted
              .filter(([v]) => v >= price)
              .reverse()
              .map(([, id]) => id),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('TickIndex bookkeeping', () => {
  const inst: EngineInstrument = {
    id: 1,
    code: 'EUR',
    showCode: 'EUR',
    pricePrecision: 5,
    pip: '0.01',
    minLots: '0.01',
    multiples: [100],
    spec: { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0' },
  };
  const row = (over: Partial<OrderRow>): OrderRow => ({
    id: 1,
    userId: 7,
    instrumentId: 1,
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
    ...over,
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

  it('a close takes the order off the ladders and the sums', () => {
    const { index, tick, put } = setup();
    put(row({ targetProfitPrice: '1.11000' }));
    put(row({ id: 2, orderType: 2, status: 0, price: '1.12000', margin: '500' })); // a pending sell above
    expect(index.marginOf(7).toFixed()).toBe('1600');
    expect(tick('1.12000')).toEqual({ crossed: [1, 2], atRisk: [] }); // no balance known: no stop-out to check
    index.removed(openOrderOf(row({}))!);
    expect(tick('1.12000')).toEqual({ crossed: [2], atRisk: [] });
    expect(index.marginOf(7).toFixed()).toBe('500');
    expect(index.floatingOf(7).toFixed()).toBe('0');
  });

  it('keeps the sums equal to a full recomputation, and checks stop-out on the cached balance', () => {
    const { index, tick, put } = setup();
    index.setBalance(7, '100.00000000');
    put(row({ quantity: '0.01', margin: '11' }));
    put(row({ id: 2, orderType: 2, quantity: '0.03', margin: '33' }));
    // floating = 0.01 × 1e5 × (p − 1.1) − 0.03 × 1e5 × (p − 1.1) = −2000 × (p − 1.1)
    tick('1.12000');
    expect(index.floatingOf(7).toFixed()).toBe('-40');
    expect(index.belowStopOut(7)).toBe(false); // equity 100 + 44 − 40 = 104 > 22
    expect(tick('1.16100').atRisk).toEqual([7]); // −122: equity 22 = 50 % of 44
    expect(index.floatingOf(7).toFixed()).toBe('-122');
    expect(index.belowStopOut(7)).toBe(true);
    expect(tick('1.16099').atRisk).toEqual([]);
    expect(index.belowStopOut(7)).toBe(false);
  });
});
