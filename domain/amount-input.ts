// A typed money amount, one rule for the forms and the routes: plain decimal text only, never rewritten.
import { dec, type Dec } from './decimal.ts';
import { positiveNumberProblem } from './decimal-text.ts';

/** amount_invalid = empty or not above zero; not_a_number = letters, emoji, an exponent ('1e3'), a comma. */
export type AmountError = 'amount_invalid' | 'not_a_number' | 'amount_places' | 'amount_too_large';

export interface AmountRule {
  places: number;
  max: string;
}

/** Cents up to ten million: USD, and wires in any bank currency. */
export const USD_AMOUNT: AmountRule = { places: 2, max: '10000000' };
/** A satoshi's eight decimals, up to a billion units. */
export const COIN_AMOUNT: AmountRule = { places: 8, max: '1000000000' };

export function parseAmount(
  input: unknown,
  rule: AmountRule,
): { ok: true; value: Dec } | { ok: false; error: AmountError } {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text !== 'string') return { ok: false, error: 'amount_invalid' };
  const problem = positiveNumberProblem(text);
  if (problem === 'not_number') return { ok: false, error: 'not_a_number' };
  if (problem !== null) return { ok: false, error: 'amount_invalid' };
  const value = dec(text);
  if (value.decimalPlaces() > rule.places) return { ok: false, error: 'amount_places' };
  if (value.gt(rule.max)) return { ok: false, error: 'amount_too_large' };
  return { ok: true, value };
}
