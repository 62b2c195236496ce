// The copy-trading rules of docs/copy-trading.md worked by hand: equity-to-equity sizing with the multiplier and the
// leverage cap, rounding down and the skip below the minimum, the partial close's remainder rule, the slippage guard,
// stops at the same distance, the stop-loss level and the fee above the high-water mark to the cent.
import { describe, expect, it } from 'vitest';
import {
  copiedLots,
  copiedMultiple,
  copiedPartLots,
  markAfterWithdrawal,
  performanceFee,
  sameDistance,
  slipped,
  stopLossLevel,
} from '../../../domain/copy-maths.ts';

const EURUSD = { min: '0.01', step: '0.01', max: '10000' };
const base = {
  providerLots: '4',
  providerEquity: '4000',
  copyEquity: '1000',
  multiplier: '1',
  leverageCap: 1000,
  contractSize: '1',
  price: '1.1',
  lots: EURUSD,
};

describe('copied lots', () => {
  it('is equity to equity: 4 lots of a 4,000 USD provider become 1 for a 1,000 USD copy', () => {
    const r = copiedLots(base);
    expect(r.ok && r.lots.toFixed()).toBe('1');
  });

  it('scales by the multiplier and rounds down to the step', () => {
    const r = copiedLots({ ...base, multiplier: '0.7', providerLots: '0.33' }); // 0.33 × 0.25 × 0.7 = 0.05775
    expect(r.ok && r.lots.toFixed()).toBe('0.05');
  });

  it('caps the notional at the leverage cap × copy equity', () => {
    // 100 000 units a lot at 1.1: cap 10 × 1000 USD = 10 000 USD of notional = 0.0909… lots → 0.09
    const r = copiedLots({ ...base, contractSize: '100000', leverageCap: 10 });
    expect(r.ok && r.lots.toFixed()).toBe('0.09');
  });

  it('skips below the minimum lot and says what it would have been', () => {
    const r = copiedLots({ ...base, providerLots: '0.03' }); // 0.0075 → 0.00
    expect(r).toMatchObject({ ok: false, reason: 'below_min_lot' });
    expect(!r.ok && r.wanted.toFixed()).toBe('0');
  });

  it('takes the largest offered leverage at or below the cap', () => {
    expect(copiedMultiple(200, [10, 20, 50, 100, 200], 100)).toBe(100);
    expect(copiedMultiple(50, [10, 20, 50, 100, 200], 100)).toBe(50);
    expect(copiedMultiple(200, [500], 100)).toBeNull();
    expect(copiedMultiple(0, [], 100)).toBe(0);
  });
});

describe('partial close by fraction', () => {
  it('closes the same fraction, rounded down to the step', () => {
    // The provider closes 1 of 3 lots; the copy holds 0.50: 0.1666… → 0.16
    expect(copiedPartLots('0.50', '1', '3', EURUSD)?.toFixed()).toBe('0.16');
  });

  it('closes all when the rest would fall below the minimum lot', () => {
    const wideMin = { min: '0.1', step: '0.01', max: '10000' };
    expect(copiedPartLots('0.15', '1', '2', wideMin)).toBeNull(); // 0.075 → 0.07 leaves 0.08 < 0.1
    expect(copiedPartLots('0.15', '1', '3', wideMin)?.toFixed()).toBe('0'); // 0.05 < 0.1: nothing closable
    expect(copiedPartLots('0.30', '1', '3', wideMin)?.toFixed()).toBe('0.1'); // leaves 0.2
  });
});

describe('slippage guard', () => {
  it('skips a buy dearer than 1 % above the provider and a sell cheaper than 1 % below', () => {
    expect(slipped('buy', '100', '101', '1')).toBe(false);
    expect(slipped('buy', '100', '101.01', '1')).toBe(true);
    expect(slipped('sell', '100', '98.99', '1')).toBe(true);
    expect(slipped('buy', '100', '90', '1')).toBe(false); // better for the follower: never skipped
  });
});

describe('stops, stop-loss level and the fee', () => {
  it('moves a stop to the same distance from the follower entry', () => {
    expect(sameDistance('1.09000', '1.10000', '1.10020')?.toFixed()).toBe('1.0902');
    expect(sameDistance('0', '1.1', '1.2')).toBeNull();
  });

  it('puts the 40 % stop-loss of 1,000 USD at 600 USD', () => {
    expect(stopLossLevel('1000', 40).toFixed()).toBe('600');
  });

  it('charges the fee above the mark to the cent, rounded down, and raises the mark', () => {
    // 20 % of (1234.5678 − 1000) = 46.91356 → 46.91; mark = 1234.5678 − 46.91 = 1187.6578
    const f = performanceFee('1234.5678', '1000', 20);
    expect(f.fee.toFixed()).toBe('46.91');
    expect(f.mark.toFixed()).toBe('1187.6578');
    const none = performanceFee('900', '1000', 20);
    expect(none.fee.toFixed()).toBe('0');
    expect(none.mark.toFixed()).toBe('1000');
  });

  it('lowers the mark in proportion to a withdrawal', () => {
    expect(markAfterWithdrawal('1000', '250', '500').toFixed()).toBe('500');
  });
});
