// The draft's parts, each from its own module (order-draft.ts, order-draft.ts, order-draft.ts): the typed fields'
// checks, the stop boxes and the size modes. The whole-draft rules are in trade-order-draft.test.tsx.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expiryProblem,
  positive,
  typedProblem,
  restartStops,
  stopProblem,
  stopReference,
  stopValue,
  canStepDown,
  pickSizeMode,
  sized,
  sizeProblem,
  stepOf,
  initialDraft,
  type OrderDraft,
} from '../../../../../../src/pages/trade/order-ticket/order-draft.ts';
import { lotsForNotional } from '../../../../../../domain/order-rules.ts';
import { initI18n } from '../../../../../../src/i18n/index.ts';
import { instrument } from '../../../../../fixtures/instruments.ts';

const inst = instrument('EURUSD', 7, { HasForexMultiple: [{ Value: 10 }] });
const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...initialDraft(inst), lots: '0.05', ...over });

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

describe('draft-fields: typed numbers', () => {
  it('reads a positive number, and refuses zero, empty and malformed text', () => {
    expect(positive('1.5')).toBe(true);
    expect(positive('0')).toBe(false);
    expect(positive('')).toBe(false);
    expect(positive('1e3')).toBe(false);
  });

  it('says invalid for a non-number, required for zero, and waits on empty until a submit', () => {
    expect(typedProblem('-1', 'req', 'bad', false)).toEqual({ key: 'bad' });
    expect(typedProblem('0', 'req', 'bad', false)).toEqual({ key: 'req' });
    expect(typedProblem('', 'req', 'bad', false)).toBeNull();
    expect(typedProblem('', 'req', 'bad', true)).toEqual({ key: 'req' });
    expect(typedProblem('2', 'req', 'bad', true)).toBeNull();
  });

  it("judges a pending order's expiry date against today (UTC)", () => {
    const pending = draft({ mode: 'pending', expiry: 'date' });
    expect(expiryProblem({ ...pending, expiryDate: '2026-01-01' }, '2026-01-02', false)).toEqual({
      key: 'errors.expiry_past',
    });
    expect(expiryProblem({ ...pending, expiryDate: 'soon' }, '2026-01-02', false)).toEqual({
      key: 'errors.expiry_invalid',
    });
    expect(expiryProblem({ ...pending, expiryDate: '2026-01-02' }, '2026-01-02', true)).toBeNull();
    expect(expiryProblem(draft(), '2026-01-02', true)).toBeNull(); // a market order has no expiry
  });
});

describe('draft-stops: the stop boxes', () => {
  it("judges stops against a pending order's target once it is a price, else the market", () => {
    expect(stopReference(draft(), '1.1')).toBe('1.1');
    expect(stopReference(draft({ mode: 'pending', targetPrice: '1.05' }), '1.1')).toBe('1.05');
    expect(stopReference(draft({ mode: 'pending', targetPrice: '' }), '1.1')).toBe('1.1');
  });

  it('sends a ticked stop as typed and an unticked one as "0"', () => {
    expect(stopValue(true, ' 1.2 ')).toBe('1.2');
    expect(stopValue(false, '1.2')).toBe('0');
  });

  it("refuses a stop on the wrong side of the price, and restarts a ticked stop on the new side's", () => {
    const buy = draft({ stopLossOn: true, stopLoss: '1.2' });
    expect(stopProblem(buy, 1, 'loss', '1.1', false)).not.toBeNull(); // a buy's stop loss above the price
    const restarted = restartStops(inst, buy, 1, '1.1');
    expect(Number(restarted.stopLoss)).toBeLessThan(1.1);
    expect(stopProblem(restarted, 1, 'loss', '1.1', false)).toBeNull();
    expect(restartStops(inst, draft({ stopProfit: '1.3' }), 1, '1.1').stopProfit).toBe(''); // unticked forgets
  });
});

describe('draft-size: lots and size modes', () => {
  it('knows a usable step and when the minus is disabled', () => {
    expect(stepOf('0.01')).toBe('0.01');
    expect(stepOf('0')).toBe('1');
    expect(canStepDown('0.02', '0.01')).toBe(true);
    expect(canStepDown('0.01', '0.01')).toBe(false);
  });

  it('clears the typed size on a new mode, and sets the lots from a USD size', () => {
    expect(pickSizeMode('usd')).toEqual({ sizeMode: 'usd', sizeValue: '' });
    const usd = draft({ sizeMode: 'usd', sizeValue: '10000' });
    const step = initialDraft(inst).lots;
    expect(sized(inst, usd, '1.1', null).lots).toBe(lotsForNotional('10000', '1.1', inst.ForexContNum, step));
    expect(sized(inst, draft(), '1.1', null)).toEqual(draft()); // lots mode: unchanged
  });

  it('asks a risk size for a stop loss and an equity', () => {
    expect(sizeProblem(draft({ sizeMode: 'risk', sizeValue: '1' }), '1000', false)).toEqual({
      key: 'trade.size_needs_stop',
    });
    expect(sizeProblem(draft({ sizeMode: 'risk', sizeValue: '1', stopLossOn: true }), null, false)).toEqual({
      key: 'trade.size_needs_equity',
    });
    expect(sizeProblem(draft({ sizeMode: 'lots' }), null, true)).toBeNull();
  });
});
