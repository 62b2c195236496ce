// @vitest-environment node
// The one money formatter's variants (domain/format/money-text.ts) agree with the decimal.js reference it replaced:
// fixed(v, places) half-up, exact toFixed() trimmed to two, for text and decimals alike.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, fixed } from '../../../../domain/decimal.ts';
import { trimZeros } from '../../../../domain/decimal-text.ts';
import { exactMoneyText, moneyText, NO_VALUE, pnlDir } from '../../../../domain/format/money-text.ts';

const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^\d{0,12}$/))
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);

describe('moneyText', () => {
  it('rounds to MONEY_PLACES, or to the places asked for, exactly as decimal.js fixed() does', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (text, places) => {
        expect(moneyText(text)).toBe(fixed(text, 6));
        expect(moneyText(text, { places })).toBe(fixed(text, places));
        expect(moneyText(dec(text), { places })).toBe(fixed(text, places));
      }),
    );
    expect(moneyText('10844100.005', { places: 2 })).toBe('10844100.01');
  });

  it('exact: every decimal, normalised and trimmed to at least two, as decimal.js toFixed() gave', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(exactMoneyText(text)).toBe(trimZeros(dec(text).toFixed(), 2));
      }),
    );
    expect(exactMoneyText('-0.000')).toBe('0.00');
    expect(exactMoneyText('007.50')).toBe('7.50');
    expect(exactMoneyText(dec(1).div(3))).toBe(dec(1).div(3).toFixed()); // a decimal past 30 places keeps them
  });

  it('shows `missing` (NO_VALUE by default) for a missing or malformed amount, or a decimal that is not finite', () => {
    expect(moneyText(undefined)).toBe(NO_VALUE);
    expect(moneyText('1e3', { missing: '' })).toBe('');
    expect(moneyText(dec(Number.NaN))).toBe(NO_VALUE);
    expect(moneyText(dec(Number.POSITIVE_INFINITY), { missing: '?' })).toBe('?');
  });
});

describe('pnlDir', () => {
  it('colours a P&L by the digits shown: one that rounds to 0.000000, or none, is flat', () => {
    expect(pnlDir(dec('0.0000004'))).toBe('flat');
    expect(pnlDir('-0.0000005')).toBe('down');
    expect(pnlDir('12')).toBe('up');
    expect(pnlDir(null)).toBe('flat');
    expect(pnlDir('x')).toBe('flat');
  });
});
