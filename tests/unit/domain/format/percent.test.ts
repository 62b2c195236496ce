// @vitest-environment node
// The one percent formatter (domain/format/percent.ts) and its variants: a change as sent, a ratio × 100, signed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, fixed } from '../../../../domain/decimal.ts';
import { percentText } from '../../../../domain/format/percent.ts';

describe('percentText', () => {
  it('shows a percent with 2 decimals, half-up, and `missing` for no value', () => {
    expect(percentText('0.345')).toBe('0.35%');
    expect(percentText('-0.005')).toBe('-0.01%');
    expect(percentText(undefined)).toBe('');
    expect(percentText('abc', { missing: '--' })).toBe('--');
  });

  it('signed: a change with its sign; one that rounds to zero is 0.00%', () => {
    expect(percentText('0.3', { signed: true })).toBe('+0.30%');
    expect(percentText('-0.004', { signed: true })).toBe('0.00%');
    expect(percentText('0', { signed: true })).toBe('0.00%');
  });

  it('ratio: × 100 exactly as decimal.js did, for every sign and size', () => {
    expect(percentText('1.5321', { ratio: true })).toBe('153.21%');
    expect(percentText('0.0125', { ratio: true })).toBe('1.25%');
    expect(percentText('3', { ratio: true })).toBe('300.00%');
    expect(percentText('-0.00001', { ratio: true })).toBe('0.00%');
    fc.assert(
      fc.property(
        fc.tuple(fc.boolean(), fc.stringMatching(/^\d{1,12}$/), fc.stringMatching(/^\d{0,10}$/)),
        ([neg, int, frac]) => {
          const text = `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
          expect(percentText(text, { ratio: true })).toBe(`${fixed(dec(text).times(100), 2)}%`);
        },
      ),
    );
  });
});
