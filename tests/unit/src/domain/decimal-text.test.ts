// @vitest-environment node
// Display rounding of decimal text (string arithmetic) must agree exactly with decimal.js half-up (the money library).
import { describe, expect, it } from 'vitest';
import { fixed } from '../../../../src/domain/decimal.ts';
import { readTypedNumber, signOfText } from '../../../../src/domain/decimal-text.ts';
import { roundText } from '../../../../src/domain/rounding.ts';

/** Each [text, places, rounded]: roundText(text, places) is exactly `rounded`. */
function expectRounds(cases: [string, number, string][]): void {
  for (const [text, places, rounded] of cases) expect(roundText(text, places), `${text} at ${places}`).toBe(rounded);
}

describe('roundText', () => {
  it('rounds ties away from zero, exactly, without float drift', () => {
    expectRounds([
      ['1.005', 2, '1.01'], // 1.005 as a float is 1.00499…
      ['-1.005', 2, '-1.01'],
      ['0.125', 2, '0.13'],
      ['123456789012345.123456785', 8, '123456789012345.12345679'],
      ['2', 3, '2.000'],
      ['-0.001', 2, '0.00'],
    ]);
  });

  it('carries through nines into a new leading digit, and handles integers and leading zeros', () => {
    expectRounds([
      ['9.995', 2, '10.00'],
      ['-99.5', 0, '-100'],
      ['0.96', 1, '1.0'],
      ['0.0049', 2, '0.00'],
      ['007.25', 1, '7.3'],
      ['12', 0, '12'],
      ['12.4', 0, '12'],
      ['-0.5', 0, '-1'],
    ]);
  });

  it('agrees with decimal.js half-up on many random values', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const int = next() % 5 === 0 ? '9'.repeat(1 + (next() % 4)) : String(next() % 100000);
      const frac = next() % 4 === 0 ? '9'.repeat(1 + (next() % 8)) : String(next()).padStart(10, '0').slice(0, 1 + (next() % 9));
      const text = next() % 10 === 0 ? int : `${next() % 3 === 0 ? '-' : ''}${int}.${frac}`;
      const places = next() % 7;
      const expected = fixed(text, places);
      expect(roundText(text, places), text).toBe(expected.startsWith('-') && /^-0\.?0*$/.test(expected) ? expected.slice(1) : expected);
    }
  });
});

describe('signOfText', () => {
  it('reads the sign of a decimal text', () => {
    expect(signOfText('0.00')).toBe(0);
    expect(signOfText('-0.000')).toBe(0);
    expect(signOfText('-0.01')).toBe(-1);
    expect(signOfText('3')).toBe(1);
  });
});

describe('readTypedNumber', () => {
  it('reads plain unsigned decimals as typed, ignoring surrounding spaces', () => {
    expect(readTypedNumber('0.10')).toEqual({ kind: 'number', text: '0.10' });
    expect(readTypedNumber(' 12 ')).toEqual({ kind: 'number', text: '12' });
    expect(readTypedNumber('   ')).toEqual({ kind: 'empty' });
  });

  it('refuses anything else instead of rewriting it into another number', () => {
    for (const text of ['-1', '-0.5', '+1', '1,5', '1.2.3', '-12a,5', '.5', '1e3', 'abc', '1 000', 'NaN', 'Infinity']) {
      expect(readTypedNumber(text), text).toEqual({ kind: 'invalid' });
    }
  });
});
