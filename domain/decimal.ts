// The one decimal library for money and prices (server, worker and app): never a binary float for a balance. A
// decimal.js value rounds here, beside its type (halfUp, roundDown); integers and decimal text round in
// numerics/round.ts by the same rule, without loading decimal.js.
import Decimal from 'decimal.js';

/** A private Decimal constructor so nobody's global config changes our rounding. */
export const ProjectDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Dec = InstanceType<typeof ProjectDecimal>;
export type DecInput = Dec | string | number;

export function dec(v: DecInput): Dec {
  return v instanceof ProjectDecimal ? v : new ProjectDecimal(v);
}

export { isDecimalText } from './decimal-text.ts';

/** decimal.js's rounding-mode numbers (Decimal.ROUND_HALF_UP, Decimal.ROUND_DOWN), named once. */
export const ROUND_HALF_UP = 4;
export const ROUND_DOWN = 1;

/** A decimal rounded half away from zero to `places` decimals: numerics/round.ts's rule (the one rounding rule,
 * stated there) for a decimal.js value; tests/unit/domain/numerics/round.test.ts checks the two agree. */
export function halfUp(v: Dec, places: number): Dec {
  return v.toDecimalPlaces(places, ROUND_HALF_UP);
}

/** A decimal cut (toward zero) to `places` decimals, where the spec says "never more than promised": fund income, a
 * deposit's credit. */
export function roundDown(v: Dec, places: number): Dec {
  return v.toDecimalPlaces(places, ROUND_DOWN);
}

/** Fixed-point text with exactly `places` decimals (half-up), for the wire and the screen; never "-0.00" (decimal.js
 * keeps the sign of a negative value that rounds to zero). */
export function fixed(v: DecInput, places: number): string {
  const text = halfUp(dec(v), places).toFixed(places);
  return text.startsWith('-') && /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Every digit of the value in plain notation ("1.2300" → "1.23"), for SQL parameters and exact sums. */
export function exactText(v: DecInput): string {
  return dec(v).toFixed();
}
