// The amount rule shared by the money forms and routes: plain positive decimals within places and max.
import { describe, expect, it } from 'vitest';
import { COIN_AMOUNT, parseAmount, USD_AMOUNT } from '../../../../src/domain/amount-input.ts';

describe('parseAmount', () => {
  it('takes plain positive decimals exactly', () => {
    for (const [text, want] of [['1', '1'], ['0.01', '0.01'], ['250.50', '250.5'], ['10000000', '10000000']] as const) {
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
      ['', 'amount_invalid'], ['0', 'amount_invalid'], ['0.00', 'amount_invalid'], ['-1', 'amount_invalid'], ['+1', 'amount_invalid'],
      ['1e3', 'amount_invalid'], ['NaN', 'amount_invalid'], ['Infinity', 'amount_invalid'], [' 1', 'amount_invalid'],
      ['1,000', 'amount_invalid'], ['.5', 'amount_invalid'], [null, 'amount_invalid'], [Number.NaN, 'amount_invalid'], [{}, 'amount_invalid'],
      ['0.001', 'amount_places'], ['10000000.01', 'amount_too_large'],
    ];
    for (const [input, error] of cases) expect(parseAmount(input, USD_AMOUNT), String(input)).toEqual({ ok: false, error });
  });
});
