// The preview and the authority agree to the last digit: the worker's order preview and live P&L (workers/risk.ts)
// against the server's submit check and order wire (server/engine/), on thousands of random instruments, prices,
// lots and multipliers. Both go through domain/trade-maths.ts; this test fails if either side rounds on its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../../domain/decimal.ts';
import { moneyText } from '../../../domain/format/money-text.ts';
import { appOrderOf, type Instrument } from '../../../domain/types.ts';
import { sideOf } from '../../../domain/trade-maths.ts';
import { price } from '../../../domain/units.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { planSubmit } from '../../../server/engine/submit-order.ts';
import type { EngineInstrument, OrderRow } from '../../../server/engine/types.ts';
import { toWireOrder } from '../../../server/engine/order-wire.ts';
import { previewOrder, RiskBook } from '../../../workers/risk.ts';
import { instrument } from '../../fixtures/instruments.ts';

const decimalText = (maxInt: number, places: number, min = 1): fc.Arbitrary<string> =>
  fc
    .integer({ min, max: maxInt * 10 ** places })
    .map((n) => (places === 0 ? String(n) : (n / 10 ** places).toFixed(places)));

interface Case {
  inst: Instrument;
  engine: EngineInstrument;
  current: string;
  lots: string;
  multiple: number;
  orderType: 1 | 2;
  tradeFeeType: number;
  later: string; // a later price, for P&L
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    precision: fc.integer({ min: 0, max: 6 }),
    pip: fc.constantFrom('0.01', '0.1', '1', '0.001'),
    steps: fc.integer({ min: 1, max: 5000 }),
    contNum: fc.oneof(fc.constantFrom('1', '10', '100', '1000', '100000'), decimalText(1000, 3)),
    marginMode: fc.constantFrom(1, 2),
    feeRate: fc.oneof(
      fc.constant('0'),
      decimalText(1, 6, 0).map((t) => dec(t).div(10).toFixed()),
    ),
    multiples: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 5 }),
    pick: fc.nat(),
    priceTicks: fc.integer({ min: 1, max: 2_000_000 }),
    moveTicks: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    orderType: fc.constantFrom<1 | 2>(1, 2),
    tradeFeeType: fc.constantFrom(1, 2),
  })
  .map((r) => {
    const scale = 10 ** r.precision;
    const priceOf = (ticks: number): string => (Math.max(1, ticks) / scale).toFixed(r.precision);
    const lots = dec(r.pip).times(r.steps).toFixed();
    const multiple = r.multiples[r.pick % r.multiples.length] ?? 1;
    const inst = instrument('P', 1, {
      PricePrecision: r.precision,
      Pip: r.pip,
      ForexMinCont: r.pip,
      ForexContNum: r.contNum,
      MarginMode: r.marginMode,
      ForexFeeRate: r.feeRate,
      HasForexMultiple: r.multiples.map((Value) => ({ Value })),
    });
    const engine: EngineInstrument = {
      id: 1,
      code: 'P',
      showCode: 'P',
      pricePrecision: r.precision,
      pip: r.pip,
      minLots: r.pip,
      multiples: r.multiples,
      spec: inst,
    };
    return {
      inst,
      engine,
      lots,
      multiple,
      orderType: r.orderType,
      tradeFeeType: r.tradeFeeType,
      current: priceOf(r.priceTicks),
      later: priceOf(r.priceTicks + r.moveTicks),
    };
  });

function row(c: Case, margin: string, fee: string, id: number): OrderRow {
  return {
    id,
    userId: 1,
    instrumentId: 1,
    orderType: c.orderType,
    quantity: c.lots,
    leverage: c.multiple,
    price: c.current,
    originPrice: c.current,
    updatePrice: c.current,
    factProfits: '0',
    margin,
    tradeFee: fee,
    targetLossPrice: '0',
    targetProfitPrice: '0',
    trailDistance: '0',
    status: 1,
    closeReason: '',
    createdAt: 0,
    filledAt: 0,
    completedAt: null,
  };
}

describe('worker preview = server authority (property)', () => {
  it('margin and fee of a market order are identical to the last digit', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const multiple = c.inst.MarginMode === 1 ? 0 : c.multiple;
        const preview = previewOrder(
          {
            code: 'P',
            orderType: c.orderType,
            quantity: c.lots,
            leverage: c.multiple,
            atPrice: null,
            stopProfit: null,
            stopLoss: null,
          },
          c.inst,
          c.current,
          c.tradeFeeType,
        );
        let plan: ReturnType<typeof planSubmit>;
        try {
          plan = planSubmit(
            {
              side: sideOf(c.orderType),
              lots: c.lots,
              status: 1,
              targetPrice: '',
              stopLossPrice: '',
              takeProfitPrice: '',
              leverage: multiple,
            },
            c.engine,
            { open: true, current: price(c.current) },
            c.tradeFeeType,
          );
        } catch (err) {
          // What the server refuses, the preview refuses too (a margin that rounds to zero, say).
          expect(err).toBeInstanceOf(ApiError);
          expect(preview.ok).toBe(false);
          expect(preview.reason).toBe(`trade.${(err as ApiError).key}`);
          return;
        }
        expect(preview.ok).toBe(true);
        expect(preview.margin).toBe(moneyText(plan.margin));
        expect(preview.fee).toBe(moneyText(plan.fee));
      }),
      { numRuns: 3000 },
    );
  });

  it('floating P&L per position and in total equals the server wire, at every later price', () => {
    fc.assert(
      fc.property(fc.array(caseArb, { minLength: 1, maxLength: 6 }), (cases) => {
        const book = new RiskBook();
        const rows = cases.map((c, i) => row(c, '1', '0', i + 1));
        // Each position on its own instrument code so every one follows its own later price.
        const insts = cases.map((c, i) => ({ ...c.inst, Id: i + 1, Code: `P${i}` }));
        const orders = rows.map((r, i) => appOrderOf({ ...toWireOrder(r, cases[i]!.engine, null), ForexId: i + 1 }));
        book.setPositions(
          orders,
          '1000',
          '10',
          (o) => insts[o.instrumentId - 1],
          () => null,
        );
        cases.forEach((c, i) => book.onQuote(`P${i}`, c.later));
        const account = book.take();
        const serverPnl = rows.map((r, i) => toWireOrder(r, cases[i]!.engine, price(cases[i]!.later)).FactProfits);
        expect(account?.positions.map((p) => p.pnl)).toEqual(serverPnl);
        expect(account?.floating).toBe(moneyText(serverPnl.reduce((s, v) => s.plus(v), dec(0))));
      }),
      { numRuns: 1500 },
    );
  });
});
