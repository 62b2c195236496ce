// The amount rule shared by the money forms and routes: plain positive decimals within places and max.
import { describe, expect, it } from 'vitest';
import { COIN_AMOUNT, parseAmount, USD_AMOUNT } from '../../../domain/amount-input.ts';
import { positiveNumberProblem } from '../../../domain/decimal-text.ts';
import { checkFundAmount } from '../../../domain/fund-maths.ts';
import { alertInputError } from '../../../domain/price-alerts.ts';

describe('parseAmount', () => {
  it('takes plain positive decimals exactly', () => {
    for (const [text, want] of [
      ['1', '1'],
      ['0.01', '0.01'],
      ['250.50', '250.5'],
      ['10000000', '10000000'],
    ] as const) {
      const r = parseAmount(text, USD_AMOUNT);
      expect(r.ok && r.value.toFixed()).toBe(want);
    }
    const n = parseAmount(12.5, USD_AMOUNT);
    expect(n.ok && n.value.toFixed()).toBe('12.5');
    const sat = parseAmount('0.00000001', COIN_AMOUNT);
    expect(sat.ok && sat.value.toFixed()).toBe('0.00000001');
  });

  it('names what is wrong', () => {
    const cases: Array<[unknown, string]> = [
      ['', 'amount_invalid'],
      ['0', 'amount_invalid'],
      ['0.00', 'amount_invalid'],
      ['-1', 'amount_invalid'],
      ['+1', 'not_a_number'],
      ['1e3', 'not_a_number'],
      ['1e99', 'not_a_number'],
      ['1E2', 'not_a_number'],
      ['😀', 'not_a_number'],
      ['abc', 'not_a_number'],
      ['NaN', 'not_a_number'],
      ['Infinity', 'not_a_number'],
      [' 1', 'not_a_number'],
      ['1,000', 'not_a_number'],
      ['.5', 'not_a_number'],
      [null, 'amount_invalid'],
      [Number.NaN, 'amount_invalid'],
      [{}, 'amount_invalid'],
      ['0.001', 'amount_places'],
      ['10000000.01', 'amount_too_large'],
    ];
    for (const [input, error] of cases)
      expect(parseAmount(input, USD_AMOUNT), String(input)).toEqual({ ok: false, error });
  });
});

// Letters, emoji and scientific notation are "enter a number" in every amount field (the order
// form's reading of typed text), not "greater than 0".
describe('positiveNumberProblem: the one reading of a typed amount or price', () => {
  it('tells a non-number from a number that is not above zero', () => {
    const cases: Array<[string, string | null]> = [
      ['', 'empty'],
      ['1e3', 'not_number'],
      ['1e99', 'not_number'],
      ['😀', 'not_number'],
      ['ten', 'not_number'],
      ['1,5', 'not_number'],
      ['0', 'not_positive'],
      ['-1', 'not_positive'],
      ['0.00', 'not_positive'],
      ['25.50', null],
      ['0.01', null],
    ];
    for (const [text, want] of cases) expect(positiveNumberProblem(text), text).toBe(want);
  });

  it('the alert price, a withdrawal and a fund amount all answer "enter a number" for 1e3, 1e99 and 😀', () => {
    for (const text of ['1e3', '1e99', '😀']) {
      expect(alertInputError('price', text), text).toEqual({ key: 'errors.not_a_number' });
      expect(parseAmount(text, USD_AMOUNT), text).toEqual({ ok: false, error: 'not_a_number' });
      const fund = checkFundAmount(text, { staring_sub_amount: '100', max_sub_amount: '10000' });
      expect(fund.ok ? null : fund.error, text).toBe('not_a_number');
    }
    expect(alertInputError('price', '0')).toEqual({ key: 'alerts.errors.price' });
  });
});
