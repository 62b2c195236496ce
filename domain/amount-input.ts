// A money amount typed by a trader (a deposit, a withdrawal, a fund subscription): one rule for the app's forms and
// the server's routes. Plain decimal text only: no sign, exponent, spaces, thousands separators or NaN; above zero;
// at most `places` decimals; at most `max`. The answer is the i18n error key under `errors.` or the exact value.
import { dec, type Dec } from './decimal.ts';
import { positiveNumberProblem } from './decimal-text.ts';

/** amount_invalid = empty or not above zero; not_a_number = letters, emoji, an exponent ('1e3'), a comma. */
export type AmountError = 'amount_invalid' | 'not_a_number' | 'amount_places' | 'amount_too_large';

export interface AmountRule {
  places: number;
  max: string;
}

/** Two decimals (cents) up to ten million: USD, and wires in any bank currency. */
export const USD_AMOUNT: AmountRule = { places: 2, max: '10000000' };
/** Coins: eight decimals (a satoshi), up to a billion units. */
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
