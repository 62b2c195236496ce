// @vitest-environment node
// The one lots formatter (domain/format/lots.ts): a number of lots at the decimals of its instrument's lot step, so
// whole lots ("2") and fractions ("0.01") are written the same way everywhere.
import { describe, expect, it } from 'vitest';
import { lotsText } from '../../../../domain/format/lots.ts';

describe('lotsText', () => {
  it('writes lots at the decimals of the lot step', () => {
    expect(lotsText('2', '0.01')).toBe('2.00');
    expect(lotsText('0.01', '0.01')).toBe('0.01');
    expect(lotsText('0.1', '0.01')).toBe('0.10');
    expect(lotsText('2', '0.1')).toBe('2.0');
    expect(lotsText('3', '1')).toBe('3');
    expect(lotsText('0.050000', '0.01')).toBe('0.05'); // the server's padded text
  });

  it('keeps a quantity finer than its step exact, and uses 2 places while the step is unknown', () => {
    expect(lotsText('0.015', '0.01')).toBe('0.015');
    expect(lotsText('2')).toBe('2.00');
    expect(lotsText('2', null)).toBe('2.00');
  });

  it('is empty for text that is not a number', () => {
    expect(lotsText('')).toBe('');
    expect(lotsText('abc', '0.01')).toBe('');
    expect(lotsText(undefined)).toBe('');
  });
});
