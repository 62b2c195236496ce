// @vitest-environment node
// Order previews and live account figures against hand-worked docs/contract.md §9 examples: both margin modes, both fee types,
// P&L at stop-profit/stop-loss and floating P&L / equity / risk rate for buys and sells.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RiskBook, previewOrder } from '../../../workers/risk.ts';
import { stopOutDistance } from '../../../domain/trade-maths.ts';
import { moneyText } from '../../../domain/format/money-text.ts';
import { scaledText } from '../../../domain/numerics/scale.ts';
import { usd } from '../../../domain/units.ts';
import type { AppOrder, Instrument } from '../../../domain/types.ts';
import type { OrderPreviewInput } from '../../../workers/protocol.ts';
import { instrument } from '../../fixtures/instruments.ts';
import { appOrder } from '../../fixtures/orders.ts';

// Leveraged: 100000 units per lot, fee rate 0.001 (of the margin) or 7 (per lot) depending on trade_fee_type.
const EURUSD = instrument('EURUSD', 1, {
  MarginMode: 2,
  ForexContNum: '100000',
  ForexFeeRate: '0.001',
  HasForexMultiple: [{ Value: 50 }, { Value: 100 }],
});
// Fixed margin: 50 USD per lot.
const XAGUSD = instrument('XAGUSD', 2, {
  MarginMode: 1,
  ForexContNum: '50',
  ForexFeeRate: '0.002',
  HasForexMultiple: [],
});
const input = (over: Partial<OrderPreviewInput> = {}): OrderPreviewInput => ({
  code: 'EURUSD',
  orderType: 1,
  quantity: '0.1',
  leverage: 100,
  atPrice: null,
  stopProfit: null,
  stopLoss: null,
  ...over,
});

describe('previewOrder: margin and fee', () => {
  it('leveraged, fee on the margin: 0.1 × 100000 × 1.08321 / 100 = 108.321; fee 108.321 × 0.001', () => {
    expect(previewOrder(input(), EURUSD, '1.08321', 2)).toEqual({
      ok: true,
      reason: null,
      price: '1.08321',
      margin: '108.321000',
      fee: '0.108321',
      pnlAtStopProfit: null,
      pnlAtStopLoss: null,
      pipsToStopProfit: null,
      pipsToStopLoss: null,
      pendingKind: null,
    });
  });

  it('gives each stop its distance in pips and a pending order its kind', () => {
    const p = previewOrder(input({ stopLoss: '1.07781', stopProfit: '1.09321' }), EURUSD, '1.08321', 2);
    expect(p).toMatchObject({ pipsToStopLoss: '54.0', pipsToStopProfit: '100.0', pendingKind: null });
    expect(previewOrder(input({ atPrice: '1.05000' }), EURUSD, '1.08321', 2).pendingKind).toBe('limit'); // a buy below
    expect(previewOrder(input({ atPrice: '1.10000' }), EURUSD, '1.08321', 2).pendingKind).toBe('stop'); // a buy above
    expect(previewOrder(input({ atPrice: '1.10000', orderType: 2 }), EURUSD, '1.08321', 2).pendingKind).toBe('limit'); // a sell above
  });

  it('leveraged, fee per lot (trade_fee_type 1): 0.1 lots × 7 = 0.7', () => {
    const perLot = { ...EURUSD, ForexFeeRate: '7' };
    expect(previewOrder(input({ leverage: 50 }), perLot, '1.08321', 1)).toMatchObject({
      margin: '216.642000',
      fee: '0.700000',
    });
  });

  it('pending orders use the target price, not the current one: 0.1 × 100000 × 1.05 / 100 = 105', () => {
    expect(previewOrder(input({ atPrice: '1.05000' }), EURUSD, '1.08321', 2)).toMatchObject({
      price: '1.05000',
      margin: '105.000000',
      fee: '0.105000',
    });
  });

  it('fixed margin: lots × units per lot whatever the price; fee per margin 100 × 0.002, per lot 2 × 0.002', () => {
    const p = input({ code: 'XAGUSD', quantity: '2', leverage: 0 });
    expect(previewOrder(p, XAGUSD, '24.512', 2)).toMatchObject({ ok: true, margin: '100.000000', fee: '0.200000' });
    expect(previewOrder(p, XAGUSD, '99.999', 1)).toMatchObject({ ok: true, margin: '100.000000', fee: '0.004000' });
  });

  it('refuses with an i18n key when it cannot preview', () => {
    expect(previewOrder(input(), undefined, '1', 2).reason).toBe('errors.not_found');
    expect(previewOrder(input({ quantity: '0' }), EURUSD, '1', 2).reason).toBe('trade.lots_invalid');
    expect(previewOrder(input({ quantity: 'abc' }), EURUSD, '1', 2).reason).toBe('trade.lots_invalid');
    expect(previewOrder(input(), EURUSD, null, 2).reason).toBe('trade.no_price');
    expect(previewOrder(input({ atPrice: '0' }), EURUSD, '1', 2).reason).toBe('errors.price_required');
    expect(previewOrder(input({ leverage: 0 }), EURUSD, '1', 2)).toMatchObject({
      ok: false,
      reason: 'trade.leverage_required',
      margin: '',
    });
  });

  it('previews a multiple the account is offered beside the instrument’s own: a retail cap of 30', () => {
    // EURUSD's own list is 50 and 100; a retail account is offered 10, 20 and 30 (docs/retail-protection.md).
    expect(previewOrder(input({ leverage: 30 }), EURUSD, '1.08321', 2)).toMatchObject({
      ok: true,
      margin: '361.070000',
      fee: '0.361070',
    });
  });
});

describe('previewOrder: P&L at stop-profit and stop-loss', () => {
  it('buy up: (1.09 − 1.08321) × 0.1 × 100000 = 67.9 and (1.08 − 1.08321) × 10000 = −32.1', () => {
    const p = previewOrder(input({ stopProfit: '1.09000', stopLoss: '1.08000' }), EURUSD, '1.08321', 2);
    expect([p.pnlAtStopProfit, p.pnlAtStopLoss]).toEqual(['67.900000', '-32.100000']);
  });

  it('buy low (sell): the signs turn around', () => {
    const p = previewOrder(input({ orderType: 2, stopProfit: '1.08000', stopLoss: '1.09000' }), EURUSD, '1.08321', 2);
    expect([p.pnlAtStopProfit, p.pnlAtStopLoss]).toEqual(['32.100000', '-67.900000']);
  });

  it('an unticked box ("0" or empty) gives no figure', () => {
    const p = previewOrder(input({ stopProfit: '0', stopLoss: '' }), EURUSD, '1.08321', 2);
    expect([p.pnlAtStopProfit, p.pnlAtStopLoss]).toEqual([null, null]);
  });
});

/** 0.5 lot EUR/USD bought at 1.10000. */
const order = (over: Partial<AppOrder>): AppOrder =>
  appOrder({
    Quantity: '0.5',
    Price: '1.10000',
    OriginPrice: '1.10000',
    UpdatePrice: '1.10000',
    FactProfits: '0',
    margin: '550',
    TradeFee: '0.55',
    CreateTimeHandler: '',
    ...over,
  });

describe('RiskBook: floating P&L, equity, risk rate', () => {
  const specOf = (o: AppOrder): Instrument | undefined => [EURUSD, XAGUSD].find((i) => i.Id === o.instrumentId);

  it('follows quotes for buys and sells; equity = balance + locked + floating; risk = equity / locked', () => {
    const book = new RiskBook();
    const closes = new Map([
      ['EURUSD', '1.10000'],
      ['XAGUSD', '25.000'],
    ]);
    book.setPositions(
      [
        order({ Id: 1 }), // buy 0.5 EURUSD @ 1.10000, margin 550
        order({
          Id: 2,
          instrumentId: 2,
          instrument: { ShowCode: 'XAG/USD', Code: 'XAGUSD', PricePrecision: 3 },
          OrderType: 2,
          Quantity: '2',
          Price: '25.000',
          margin: '100',
        }), // sell 2 XAGUSD @ 25, 100 fixed
        order({ Id: 3, Status: 0 }), // pending: not a position
      ],
      '350',
      '650',
      specOf,
      (c) => closes.get(c) ?? null,
    );
    expect(book.take()).toEqual({
      positions: [
        { Id: 1, current: '1.10000', pnl: '0.000000', netValue: '550.000000', riskRate: '1.0000' },
        { Id: 2, current: '25.000', pnl: '0.000000', netValue: '100.000000', riskRate: '1.0000' },
      ],
      floating: '0.000000',
      equity: '1000.000000',
      riskRate: '1.5385', // 1000 / 650
      stopOutDistance: '675.000000', // 1000 − 650 × 0.5
    });
    expect(book.take()).toBeNull(); // nothing changed since

    expect(book.onQuote('GBPUSD', '1.3')).toBe(false); // not held: no update
    expect(book.take()).toBeNull();

    // EURUSD falls 40 pips: buy loses (1.0960 − 1.1) × 0.5 × 100000 = −200.
    // XAGUSD rises to 26.5: sell loses (25 − 26.5) × 2 × 50 = −150.
    book.onQuote('EURUSD', '1.09600');
    book.onQuote('XAGUSD', '26.500');
    const a = book.take();
    expect(a?.positions).toEqual([
      { Id: 1, current: '1.09600', pnl: '-200.000000', netValue: '350.000000', riskRate: '0.6364' },
      { Id: 2, current: '26.500', pnl: '-150.000000', netValue: '-50.000000', riskRate: '-0.5000' },
    ]);
    expect(a?.floating).toBe('-350.000000');
    expect(a?.equity).toBe('650.000000');
    expect(a?.riskRate).toBe('1.0000');
    expect(a?.stopOutDistance).toBe('325.000000');

    // Only EURUSD moves: XAGUSD's figure stays as it was; a buy gains when the price rises.
    book.onQuote('EURUSD', '1.10300');
    const b = book.take();
    expect(b?.positions[0]).toMatchObject({ pnl: '150.000000' });
    expect(b?.positions[1]).toMatchObject({ pnl: '-150.000000', current: '26.500' });
    expect(b?.equity).toBe('1000.000000');
  });

  it('reports no risk rate when nothing is held', () => {
    const book = new RiskBook();
    book.setPositions([], '1000', '0', specOf, () => null);
    expect(book.take()).toEqual({
      positions: [],
      floating: '0.000000',
      equity: '1000.000000',
      riskRate: null,
      stopOutDistance: null,
    });
  });

  it("gives the stop-out distance as the screens' rule does, digit for digit (domain/trade-maths.ts)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 8 }),
        (balanceUnits, marginUnits, places) => {
          const balance = scaledText(balanceUnits, places);
          const margin = scaledText(marginUnits, places);
          const book = new RiskBook();
          book.setPositions([], balance, margin, specOf, () => null);
          const a = book.take();
          const expected = moneyText(stopOutDistance(usd(a?.equity ?? ''), usd(margin)));
          expect(a?.stopOutDistance).toBe(expected);
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });

  it('starts from UpdatePrice when no live quote is known yet', () => {
    const book = new RiskBook();
    book.setPositions([order({ UpdatePrice: '1.10100' })], '0', '550', specOf, () => null);
    expect(book.take()?.positions[0]).toMatchObject({ current: '1.10100', pnl: '50.000000' });
  });
});
