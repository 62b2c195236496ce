// The order form's pure rules: lot stepper, SPEC §5 checks, and the submit parameters sent to the server.
import { describe, expect, it } from 'vitest';
import {
  buildSubmitParams,
  canStepDown,
  checkOrder,
  initialDraft,
  stepLots,
  stopOf,
  toggleStop,
  typeStop,
  type OrderDraft,
} from '../../../../../src/pages/trade/order-draft.ts';
import type { Instrument } from '../../../../../src/domain/types.ts';
import { instrument } from '../../../../fixtures/instruments.ts';

function inst(over: Partial<Instrument> = {}): Instrument {
  return instrument('EURUSD', 7, {
    ShowCode: 'EUR/USD',
    HasForexMultiple: [{ Value: 10 }, { Value: 50 }],
    ForexQuotations: { Open: '1.08000', Close: '1.08321', Change: '0.30', High: '1.084', Low: '1.079', Time: 0 },
    ...over,
  });
}

const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...initialDraft(inst()), lots: '0.05', ...over });

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
    expect(d.multiple).toBe(10);
    expect(d.mode).toBe('market');
    expect(initialDraft(inst({ HasForexMultiple: [] })).multiple).toBeNull();
  });
});

describe('stop boxes', () => {
  const now = (): string => '1.08321';
  it('ticking an empty box starts it at the current price; a typed price stays through untick and tick', () => {
    expect(toggleStop(draft(), 'profit', true, now)).toEqual({ stopProfitOn: true, stopProfit: '1.08321' });
    const typed = draft({ stopLossOn: true, stopLoss: '1.07' });
    expect(toggleStop(typed, 'loss', false, now)).toEqual({ stopLossOn: false, stopLoss: '1.07' });
    expect(toggleStop({ ...typed, stopLossOn: false }, 'loss', true, now)).toEqual({ stopLossOn: true, stopLoss: '1.07' });
  });

  it('a typed price changes only its own box', () => {
    const next = { ...draft({ stopProfitOn: true, stopProfit: '1.09' }), ...typeStop('loss', '1.05') };
    expect(stopOf(next, 'loss')).toEqual({ on: false, value: '1.05' });
    expect(stopOf(next, 'profit')).toEqual({ on: true, value: '1.09' });
  });
});

describe('buildSubmitParams', () => {
  it('builds a market buy-up order with unticked stops sent as 0', () => {
    const p = buildSubmitParams(inst(), draft({ multiple: 50, stopProfit: '1.2', stopLoss: '1.0' }), 1);
    expect(p).toEqual({
      type: 1,
      cont: '0.05',
      forex_id: 7,
      status: 1,
      target_price: '0',
      stop_loss_price: '0',
      target_profit_price: '0',
      multiple: 50,
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
        multiple: 10,
      }),
      2,
    );
    expect(p).toMatchObject({
      type: 2,
      status: 0,
      target_price: '1.07500',
      target_profit_price: '1.06',
      stop_loss_price: '1.09',
      multiple: 10,
    });
  });

  it('sends only the ticked stop', () => {
    const p = buildSubmitParams(inst(), draft({ stopLossOn: true, stopLoss: '1.01', stopProfit: '1.2' }), 1);
    expect(p.stop_loss_price).toBe('1.01');
    expect(p.target_profit_price).toBe('0');
  });

  it('sends multiple 0 in fixed-margin mode', () => {
    const p = buildSubmitParams(inst({ MarginMode: 1 }), draft({ multiple: 50 }), 1);
    expect(p.multiple).toBe(0);
  });
});

describe('checkOrder', () => {
  it('sends a visitor to login before anything else', () => {
    expect(checkOrder(inst({ HasForexMultiple: [] }), draft(), 1, false)).toEqual({ kind: 'login' });
  });

  it('refuses with the no-leverage message when no multipliers are configured', () => {
    expect(checkOrder(inst({ HasForexMultiple: [] }), draft({ multiple: null }), 1, true)).toEqual({
      kind: 'error',
      key: 'errors.no_leverage',
    });
  });

  it('needs a configured multiplier in leveraged mode', () => {
    expect(checkOrder(inst(), draft({ multiple: null }), 1, true)).toEqual({ kind: 'error', key: 'trade.multiple_required' });
    expect(checkOrder(inst(), draft({ multiple: 33 }), 1, true)).toEqual({ kind: 'error', key: 'trade.multiple_required' });
  });

  it('needs lots on the Pip grid at or above the minimum', () => {
    expect(checkOrder(inst(), draft({ lots: '' }), 1, true)).toEqual({ kind: 'error', key: 'trade.lots_required' });
    expect(checkOrder(inst(), draft({ lots: '0' }), 1, true)).toEqual({ kind: 'error', key: 'trade.lots_required' });
    for (const lots of ['-1', '-0.05', '1,5', '0.05abc', '1e1']) {
      expect(checkOrder(inst(), draft({ lots }), 1, true), lots).toEqual({ kind: 'error', key: 'errors.lots_invalid' });
    }
    expect(checkOrder(inst(), draft({ lots: '0.015' }), 1, true)).toEqual({ kind: 'error', key: 'trade.lots_invalid' });
    expect(checkOrder(inst({ ForexMinCont: '0.1' }), draft({ lots: '0.05' }), 1, true)).toEqual({
      kind: 'error',
      key: 'trade.lots_invalid',
    });
  });

  it('needs a target price for a pending order and values in ticked stop boxes', () => {
    expect(checkOrder(inst(), draft({ mode: 'pending', targetPrice: '' }), 1, true)).toEqual({
      kind: 'error',
      key: 'errors.price_required',
    });
    expect(checkOrder(inst(), draft({ stopProfitOn: true, stopProfit: '' }), 1, true)).toEqual({
      kind: 'error',
      key: 'trade.stop_profit_required',
    });
    expect(checkOrder(inst(), draft({ stopLossOn: true, stopLoss: '' }), 1, true)).toEqual({
      kind: 'error',
      key: 'trade.stop_loss_required',
    });
    // Text that is not a price is refused as such, never read as another number.
    expect(checkOrder(inst(), draft({ stopLossOn: true, stopLoss: 'abc' }), 1, true)).toEqual({ kind: 'error', key: 'errors.stop_price_invalid' });
    expect(checkOrder(inst(), draft({ mode: 'pending', targetPrice: '-1.08' }), 1, true)).toEqual({
      kind: 'error',
      key: 'errors.target_price_invalid',
    });
  });

  it('passes a complete order with its submit parameters', () => {
    const r = checkOrder(inst(), draft({ multiple: 10 }), 2, true);
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') expect(r.params).toMatchObject({ type: 2, cont: '0.05', multiple: 10, status: 1 });
  });
});
