// The order form's pure rules: lot stepper, docs/contract.md §5 checks, and the submit parameters sent to the server.
import { describe, expect, it } from 'vitest';
import {
  buildSubmitParams,
  canStepDown,
  checkOrder,
  draftNotes,
  sized,
  sizeProblem,
  expiryProblem,
  initialDraft,
  lotsProblem,
  stopStartFor,
  stepLots,
  stopOf,
  toggleStop,
  typeStop,
  type OrderDraft,
} from '../../../../../../src/pages/trade/order-ticket/order-draft.ts';
import type { Instrument } from '../../../../../../domain/types.ts';
import type { FieldNote } from '../../../../../../src/components/forms/use-field-messages.ts';
import { lotsForNotional, lotsForRisk } from '../../../../../../domain/order-rules.ts';
import { initI18n } from '../../../../../../src/i18n/index.ts';
import { beforeAll } from 'vitest';
import { instrument } from '../../../../../fixtures/instruments.ts';

function inst(over: Partial<Instrument> = {}): Instrument {
  return instrument('EURUSD', 7, {
    ShowCode: 'EUR/USD',
    HasForexMultiple: [{ Value: 10 }, { Value: 50 }],
    ForexQuotations: { Open: '1.08000', Close: '1.08321', Change: '0.30', High: '1.084', Low: '1.079', Time: 0 },
    ...over,
  });
}

const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...initialDraft(inst()), lots: '0.05', ...over });

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

describe('lot stepper', () => {
  it('steps by Pip in both directions', () => {
    expect(stepLots('0.05', '0.01', 1)).toBe('0.06');
    expect(stepLots('0.05', '0.01', -1)).toBe('0.04');
    expect(stepLots('2', '1', 1)).toBe('3');
    expect(stepLots('1.5', '0.5', -1)).toBe('1.0');
  });

  it('never goes below 0', () => {
    expect(stepLots('0.01', '0.01', -1)).toBe('0.00');
    expect(stepLots('0', '0.01', -1)).toBe('0.00');
    expect(stepLots('', '0.01', 1)).toBe('0.01');
  });

  it('snaps an off-grid typed value to the Pip grid in the pressed direction', () => {
    expect(stepLots('0.055', '0.01', 1)).toBe('0.06');
    expect(stepLots('0.055', '0.01', -1)).toBe('0.05');
  });

  it('disables the minus when quantity − Pip would be zero or less', () => {
    expect(canStepDown('0.02', '0.01')).toBe(true);
    expect(canStepDown('0.01', '0.01')).toBe(false);
    expect(canStepDown('0.005', '0.01')).toBe(false);
    expect(canStepDown('0', '0.01')).toBe(false);
    expect(canStepDown('', '0.01')).toBe(false);
    expect(canStepDown('2', '1')).toBe(true);
    expect(canStepDown('1', '1')).toBe(false);
  });

  it('starts at the minimum lots and the first multiplier', () => {
    const d = initialDraft(inst({ ForexMinCont: '0.1' }));
    expect(d.lots).toBe('0.1');
    expect(d.leverage).toBe(10);
    expect(d.mode).toBe('market');
    expect(initialDraft(inst({ HasForexMultiple: [] })).leverage).toBeNull();
  });
});

describe('stop boxes', () => {
  const now = (): string => '1.08321';
  it('ticking an empty box starts it at a valid distance on its side of the price', () => {
    const i = inst({ PricePrecision: 5 });
    // Half a percent of 1.08321 in whole pips (54 pips of 0.0001).
    expect(stopStartFor(i, draft(), 1, 'loss', '1.08321')).toBe('1.07781');
    expect(stopStartFor(i, draft(), 1, 'profit', '1.08321')).toBe('1.08861');
    expect(stopStartFor(i, draft(), 2, 'loss', '1.08321')).toBe('1.08861');
    expect(stopStartFor(i, draft(), 2, 'profit', '1.08321')).toBe('1.07781');
    // Each start passes the side rule the server applies.
    for (const side of [1, 2] as const) {
      for (const kind of ['profit', 'loss'] as const) {
        const on =
          kind === 'profit'
            ? { stopProfitOn: true, stopProfit: stopStartFor(i, draft(), side, kind, '1.08321') }
            : { stopLossOn: true, stopLoss: stopStartFor(i, draft(), side, kind, '1.08321') };
        expect(
          draftNotes(i, draft(on), side, '1.08321', true)[kind === 'profit' ? 'stop-profit' : 'stop-loss'],
        ).toBeNull();
      }
    }
  });

  it('a typed price stays through untick and tick', () => {
    expect(toggleStop(draft(), 'profit', true, now)).toEqual({ stopProfitOn: true, stopProfit: '1.08321' });
    const typed = draft({ stopLossOn: true, stopLoss: '1.07' });
    expect(toggleStop(typed, 'loss', false, now)).toEqual({ stopLossOn: false, stopLoss: '1.07' });
    expect(toggleStop({ ...typed, stopLossOn: false }, 'loss', true, now)).toEqual({
      stopLossOn: true,
      stopLoss: '1.07',
    });
  });

  it('a typed price changes only its own box', () => {
    const next = { ...draft({ stopProfitOn: true, stopProfit: '1.09' }), ...typeStop('loss', '1.05') };
    expect(stopOf(next, 'loss')).toEqual({ on: false, value: '1.05' });
    expect(stopOf(next, 'profit')).toEqual({ on: true, value: '1.09' });
  });
});

describe('buildSubmitParams', () => {
  it('builds a market buy-up order with unticked stops sent as 0', () => {
    const p = buildSubmitParams(inst(), draft({ leverage: 50, stopProfit: '1.2', stopLoss: '1.0' }), 1);
    expect(p).toEqual({
      side: 1,
      lots: '0.05',
      instrumentId: 7,
      status: 1,
      targetPrice: '0',
      stopLossPrice: '0',
      takeProfitPrice: '0',
      leverage: 50,
    });
  });

  it('sends ticked stops and the pending target price for a buy-low order', () => {
    const p = buildSubmitParams(
      inst(),
      draft({
        mode: 'pending',
        targetPrice: ' 1.07500 ',
        stopProfitOn: true,
        stopProfit: '1.06',
        stopLossOn: true,
        stopLoss: '1.09',
        leverage: 10,
      }),
      2,
    );
    expect(p).toMatchObject({
      side: 2,
      status: 0,
      targetPrice: '1.07500',
      takeProfitPrice: '1.06',
      stopLossPrice: '1.09',
      leverage: 10,
    });
  });

  it('sends only the ticked stop', () => {
    const p = buildSubmitParams(inst(), draft({ stopLossOn: true, stopLoss: '1.01', stopProfit: '1.2' }), 1);
    expect(p.stopLossPrice).toBe('1.01');
    expect(p.takeProfitPrice).toBe('0');
  });

  it('sends leverage 0 in fixed-margin mode', () => {
    const p = buildSubmitParams(inst({ MarginMode: 1 }), draft({ leverage: 50 }), 1);
    expect(p.leverage).toBe(0);
  });
});

describe('checkOrder', () => {
  /** The one message a field got from a refused check (its key), or 'ok'. */
  const refusal = (c: ReturnType<typeof checkOrder>, field: string): string | undefined => {
    if (c.kind !== 'error') return c.kind;
    const n = (c.notes as Record<string, FieldNote | null | undefined>)[field];
    return n && 'key' in n ? n.key : undefined;
  };

  it('sends a visitor to login before anything else', () => {
    expect(checkOrder(inst({ HasForexMultiple: [] }), draft(), 1, false)).toEqual({ kind: 'login' });
  });

  it('refuses with the no-leverage message when no multipliers are configured', () => {
    expect(refusal(checkOrder(inst({ HasForexMultiple: [] }), draft({ leverage: null }), 1, true), 'form')).toBe(
      'errors.no_leverage',
    );
  });

  it('needs a configured multiplier in leveraged mode', () => {
    expect(refusal(checkOrder(inst(), draft({ leverage: null }), 1, true), 'leverage')).toBe('trade.leverage_required');
    expect(refusal(checkOrder(inst(), draft({ leverage: 33 }), 1, true), 'leverage')).toBe('trade.leverage_required');
  });

  it('needs lots on the Pip grid at or above the minimum, at most 10,000, saying the allowed values', () => {
    expect(refusal(checkOrder(inst(), draft({ lots: '' }), 1, true), 'lots')).toBe('trade.lots_required');
    expect(refusal(checkOrder(inst(), draft({ lots: '0' }), 1, true), 'lots')).toBe('trade.lots_required');
    for (const lots of ['-1', '-0.05', '1,5', '0.05abc', '1e1']) {
      expect(refusal(checkOrder(inst(), draft({ lots }), 1, true), 'lots'), lots).toBe('errors.lots_invalid');
    }
    for (const lots of ['0.015', '0.0123456', '99999999', '10000.01']) {
      expect(refusal(checkOrder(inst(), draft({ lots }), 1, true), 'lots'), lots).toBe('trade.lots_rule');
    }
    expect(refusal(checkOrder(inst({ ForexMinCont: '0.1' }), draft({ lots: '0.05' }), 1, true), 'lots')).toBe(
      'trade.lots_rule',
    );
    expect(lotsProblem(inst(), '99999999', false)).toEqual({
      key: 'trade.lots_rule',
      params: { min: '0.01', step: '0.01', max: '10,000' },
    });
    expect(lotsProblem(inst(), '10000', false)).toBeNull();
  });

  it('says nothing about an empty field while typing, and everything at a submit', () => {
    const d = draft({ lots: '', stopLossOn: true, stopLoss: '' });
    expect(draftNotes(inst(), d, 1, '1.08321', false)).toEqual({
      lots: null,
      'target-price': null,
      'stop-profit': null,
      'stop-loss': null,
      expiry: null,
      size: null,
    });
    const all = draftNotes(inst(), d, 1, '1.08321', true);
    expect(all.lots).toEqual({ key: 'trade.lots_required' });
    expect(all['stop-loss']).toEqual({ key: 'trade.stop_loss_required' });
  });

  it('puts a stop on the wrong side of the price under its own field, as the server would refuse it', () => {
    const d = draft({ stopLossOn: true, stopLoss: '1.09', stopProfitOn: true, stopProfit: '1.07' });
    const buy = draftNotes(inst(), d, 1, '1.08321', false);
    expect(buy['stop-loss']).toEqual({ key: 'errors.stop_loss_below' });
    expect(buy['stop-profit']).toEqual({ key: 'errors.stop_profit_above' });
    const sell = draftNotes(inst(), d, 2, '1.08321', false);
    expect(sell['stop-loss']).toBeNull();
    expect(sell['stop-profit']).toBeNull();
    // A pending order's stops are judged against its target.
    const pending = draftNotes(inst(), { ...d, mode: 'pending', targetPrice: '1.10' }, 1, '1.08321', false);
    expect(pending['stop-loss']).toBeNull();
  });

  it('needs a target price for a pending order and values in ticked stop boxes', () => {
    expect(refusal(checkOrder(inst(), draft({ mode: 'pending', targetPrice: '' }), 1, true), 'target-price')).toBe(
      'errors.price_required',
    );
    expect(refusal(checkOrder(inst(), draft({ stopProfitOn: true, stopProfit: '' }), 1, true), 'stop-profit')).toBe(
      'trade.stop_profit_required',
    );
    expect(refusal(checkOrder(inst(), draft({ stopLossOn: true, stopLoss: '' }), 1, true), 'stop-loss')).toBe(
      'trade.stop_loss_required',
    );
    // Text that is not a price is refused as such, never read as another number.
    expect(refusal(checkOrder(inst(), draft({ stopLossOn: true, stopLoss: 'abc' }), 1, true), 'stop-loss')).toBe(
      'errors.stop_price_invalid',
    );
    expect(refusal(checkOrder(inst(), draft({ mode: 'pending', targetPrice: '-1.08' }), 1, true), 'target-price')).toBe(
      'errors.target_price_invalid',
    );
    expect(
      refusal(
        checkOrder(inst(), draft({ mode: 'pending', targetPrice: '1.08321' }), 1, true, '1.08321'),
        'target-price',
      ),
    ).toBe('errors.target_price_at_market');
  });

  it("sends a pending order's expiry (good till cancelled by default, today, or a UTC date) and refuses a past or missing date", () => {
    const pending = draft({ mode: 'pending', targetPrice: '1.07' });
    expect(buildSubmitParams(inst(), pending, 1).expire).toBe('gtc');
    expect(buildSubmitParams(inst(), { ...pending, expiry: 'day' }, 1).expire).toBe('day');
    expect(buildSubmitParams(inst(), { ...pending, expiry: 'date', expiryDate: '2026-12-01' }, 1).expire).toBe(
      '2026-12-01',
    );
    expect(buildSubmitParams(inst(), draft(), 1).expire).toBeUndefined(); // market orders have none
    const dated = { ...pending, expiry: 'date' as const, expiryDate: '' };
    expect(expiryProblem(dated, '2026-11-24', false)).toBeNull(); // typing: an empty date waits
    expect(expiryProblem(dated, '2026-11-24', true)).toEqual({ key: 'errors.expiry_invalid' });
    expect(expiryProblem({ ...dated, expiryDate: '2026-11-23' }, '2026-11-24', false)).toEqual({
      key: 'errors.expiry_past',
    });
    expect(expiryProblem({ ...dated, expiryDate: '2026-11-24' }, '2026-11-24', true)).toBeNull();
    expect(
      refusal(checkOrder(inst(), { ...dated, expiryDate: '2026-11-23' }, 1, true, '1.08321', '2026-11-24'), 'expiry'),
    ).toBe('errors.expiry_past');
  });

  it('sizes by notional USD or by the % of equity lost at the stop, in lots on the step', () => {
    // EUR/USD fixture: 100000 units per lot, step 0.01. 5000 USD at 1.08321 = 0.0461… lots → 0.04.
    const usd = sized(inst(), draft({ sizeMode: 'usd', sizeValue: '5000' }), '1.08321', null);
    expect(usd.lots).toBe('0.04');
    // 1 % of 10000 = 100 USD at a stop 50 pips away (0.0050 × 100000 = 500 per lot) → 0.2 lots.
    const risk = draft({ sizeMode: 'risk', sizeValue: '1', stopLossOn: true, stopLoss: '1.07821' });
    expect(sized(inst(), risk, '1.08321', '10000').lots).toBe('0.20');
    expect(sizeProblem({ ...risk, stopLossOn: false }, '10000', false)).toEqual({ key: 'trade.size_needs_stop' });
    expect(sizeProblem(risk, null, false)).toEqual({ key: 'trade.size_needs_equity' });
    expect(sizeProblem({ ...risk, sizeValue: '1e2' }, '10000', false)).toEqual({ key: 'trade.size_invalid' });
    expect(sized(inst(), { ...risk, stopLossOn: false }, '1.08321', '10000').lots).toBe('0.05'); // unchanged: no stop
    expect(lotsForNotional('100', '1.08321', '100000', '0.01')).toBe('0.00');
    expect(lotsForRisk('10000', '1', '1.08321', '1.08321', '100000', '0.01')).toBeNull(); // no distance
  });

  it('passes a complete order with its submit parameters', () => {
    const r = checkOrder(inst(), draft({ leverage: 10 }), 2, true);
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') expect(r.params).toMatchObject({ side: 2, lots: '0.05', leverage: 10, status: 1 });
  });
});
