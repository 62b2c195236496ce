// @vitest-environment node
// Submit rules (docs/contract.md §5, §9) as pure checks: each rejection's key, and margin and fee for both margin modes.
import { describe, expect, it } from 'vitest';
import { planSubmit as planInput } from '../../../../server/engine/submit-order.ts';
import { submitInputOf, type SubmitQuery } from '../../../../server/http/wire/submit-query.ts';
import type { EngineInstrument } from '../../../../server/engine/types.ts';
import { ApiError } from '../../../../server/http/envelope.ts';
import { price } from '../../../../domain/units.ts';

const eurusd: EngineInstrument = {
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  pricePrecision: 5,
  pip: '0.01',
  minLots: '0.01',
  multiples: [10, 50, 100],
  spec: { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0.001' },
};
const xag: EngineInstrument = {
  id: 2,
  code: 'XAGUSD',
  showCode: 'XAG/USD',
  pricePrecision: 3,
  pip: '0.1',
  minLots: '0.1',
  multiples: [10],
  spec: { MarginMode: 1, ForexContNum: '50', ForexFeeRate: '2' },
};
const open = { open: true, current: price('1.08500') };
const base: SubmitQuery = {
  type: 1,
  cont: '0.1',
  status: 1,
  target_price: '0',
  stop_loss_price: '0',
  target_profit_price: '0',
  multiple: 100,
};

/** The plan of a submit written as the route's query, translated as the route does. */
const planSubmit = (q: SubmitQuery, ...rest: Parameters<typeof planInput> extends [unknown, ...infer R] ? R : never) =>
  planInput(submitInputOf(q), ...rest);

function keyOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.key;
    throw e;
  }
  return 'accepted';
}

describe('planSubmit', () => {
  it('market buy: margin at the current price, fee = margin × rate (trade_fee_type 2)', () => {
    const plan = planSubmit(base, eurusd, open, 2);
    expect(plan.margin.toString()).toBe('108.5');
    expect(plan.fee.toString()).toBe('0.1085');
    expect(plan.price.toString()).toBe('1.085');
    expect(plan.status).toBe(1);
    expect(plan.side).toBe('buy');
  });
  it('fee per lot with trade_fee_type 1; fixed margin ignores price and multiplier', () => {
    const plan = planSubmit({ ...base, cont: '0.3', multiple: 0 }, xag, { open: true, current: price('31.250') }, 1);
    expect(plan.margin.toString()).toBe('15');
    expect(plan.fee.toString()).toBe('0.6');
    expect(plan.leverage).toBe(0);
  });
  it('pending: margin at the target price', () => {
    const plan = planSubmit({ ...base, status: 0, target_price: '1.08000', type: 2 }, eurusd, open, 2);
    expect(plan.margin.toString()).toBe('108');
    expect(plan.price.toString()).toBe('1.08');
    expect(plan.originPrice.toString()).toBe('1.085');
  });
  it('amounts are rounded half-up to 6 decimals', () => {
    // 0.01 × 100000 × 1.08507 / 100 = 10.8507; fee 0.0108507 → 0.010851
    const plan = planSubmit({ ...base, cont: '0.01' }, eurusd, { open: true, current: price('1.08507') }, 2);
    expect(plan.fee.toString()).toBe('0.010851');
  });
  it.each([
    ['closed market', base, eurusd, { open: false, current: price('1.085') }, 'market_closed'],
    ['no price', base, eurusd, { open: true, current: null }, 'no_price'],
    ['no multipliers offered', base, { ...eurusd, multiples: [] }, open, 'no_leverage'],
    ['multiplier not offered', { ...base, multiple: 20 }, eurusd, open, 'multiple_invalid'],
    ['missing multiplier in leveraged mode', { ...base, multiple: 0 }, eurusd, open, 'multiple_invalid'],
    ['unknown multiplier in fixed mode', { ...base, multiple: 7 }, xag, open, 'multiple_invalid'],
    ['lots below minimum', { ...base, cont: '0.001' }, { ...eurusd, pip: '0.001' }, open, 'lots_below_min'],
    ['lots not a step multiple', { ...base, cont: '0.015' }, eurusd, open, 'lots_step'],
    ['zero lots', { ...base, cont: '0' }, eurusd, open, 'lots_invalid'],
    ['negative lots', { ...base, cont: '-1' }, eurusd, open, 'lots_invalid'],
    ['exponent lots', { ...base, cont: '1e3' }, eurusd, open, 'lots_invalid'],
    ['absurd lots', { ...base, cont: '100000' }, eurusd, open, 'lots_too_large'],
    ['pending without a price', { ...base, status: 0 }, eurusd, open, 'price_required'],
    [
      'pending at the market price',
      { ...base, status: 0, target_price: '1.085' },
      eurusd,
      open,
      'target_price_at_market',
    ],
    ['pending absurdly far', { ...base, status: 0, target_price: '9.5' }, eurusd, open, 'target_price_far'],
    [
      'pending price with too many decimals',
      { ...base, status: 0, target_price: '1.0800001' },
      eurusd,
      open,
      'price_precision',
    ],
    ['buy stop-loss above the price', { ...base, stop_loss_price: '1.09' }, eurusd, open, 'stop_loss_below'],
    ['buy stop-profit below the price', { ...base, target_profit_price: '1.08' }, eurusd, open, 'stop_profit_above'],
    ['sell stop-loss below the price', { ...base, type: 2, stop_loss_price: '1.08' }, eurusd, open, 'stop_loss_above'],
    [
      'sell stop-profit above the price',
      { ...base, type: 2, target_profit_price: '1.09' },
      eurusd,
      open,
      'stop_profit_below',
    ],
    ['negative stop', { ...base, stop_loss_price: '-1' }, eurusd, open, 'stop_price_invalid'],
    ['text stop', { ...base, stop_loss_price: 'abc' }, eurusd, open, 'stop_price_invalid'],
    ['absurd stop', { ...base, target_profit_price: '500' }, eurusd, open, 'stop_price_far'],
    // A pending sell at 1.09 is judged against its target: a stop-loss at 1.088 is below it, so wrong for a sell.
    [
      'pending stops against the target',
      { ...base, type: 2, status: 0, target_price: '1.09', stop_loss_price: '1.088' },
      eurusd,
      open,
      'stop_loss_above',
    ],
  ] as Array<
    [string, SubmitQuery, EngineInstrument, { open: boolean; current: ReturnType<typeof price> | null }, string]
  >)('refuses %s', (_name, input, inst, market, key) => {
    expect(keyOf(() => planSubmit(input, inst, market, 2))).toBe(key);
  });
  it('accepts valid stops on the right sides', () => {
    expect(
      keyOf(() => planSubmit({ ...base, stop_loss_price: '1.08', target_profit_price: '1.09' }, eurusd, open, 2)),
    ).toBe('accepted');
    expect(
      keyOf(() =>
        planSubmit({ ...base, type: 2, stop_loss_price: '1.09', target_profit_price: '1.08' }, eurusd, open, 2),
      ),
    ).toBe('accepted');
  });
});
