// @vitest-environment node
// Reading decimal text: its sign and what a number field holds (its rounding: tests/unit/domain/numerics/).
import { describe, expect, it } from 'vitest';
import { readTypedNumber, signOfText } from '../../../domain/decimal-text.ts';

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
