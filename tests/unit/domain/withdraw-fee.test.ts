import { describe, expect, it } from 'vitest';
import { dec } from '../../../domain/decimal.ts';
import { withdrawFee, withdrawPreview, withdrawReceive } from '../../../domain/withdraw-fee.ts';

const fixedUsdt = { draw_rate: '1.5', fee_type: 1, usd_price: '1' };
const rateEur = { draw_rate: '0.5', fee_type: 2, usd_price: '0.92' };

describe('withdraw fee and received amount (docs/contract.md §5)', () => {
  it('fee_type 1 is a fixed fee whatever the amount', () => {
    expect(withdrawFee(dec('10'), fixedUsdt).toFixed(2)).toBe('1.50');
    expect(withdrawFee(dec('10000'), fixedUsdt).toFixed(2)).toBe('1.50');
  });
  it('other types take draw_rate percent of the amount, to the cent', () => {
    expect(withdrawFee(dec('1000'), rateEur).toFixed(2)).toBe('5.00');
    expect(withdrawFee(dec('0.99'), rateEur).toFixed(2)).toBe('0.00');
    expect(withdrawFee(dec('1.01'), rateEur).toFixed(2)).toBe('0.01');
  });
  it('received = (amount − fee) × usd_price, 2 decimals, floor 0', () => {
    expect(withdrawReceive(dec('1000'), rateEur).toFixed(2)).toBe('915.40');
    expect(withdrawReceive(dec('1'), fixedUsdt).toFixed(2)).toBe('0.00');
  });
  it("shows '--' without a currency and for empty, non-numeric or negative amounts (never a quote of 0)", () => {
    expect(withdrawPreview('100', undefined)).toEqual({ fee: '--', receive: '--' });
    for (const bad of ['', ' ', '-5', 'abc', '0', '1e3']) {
      expect(withdrawPreview(bad, fixedUsdt)).toEqual({ fee: '--', receive: '--' });
    }
    expect(withdrawPreview('100', fixedUsdt)).toEqual({ fee: '1.50', receive: '98.50' });
  });
});
