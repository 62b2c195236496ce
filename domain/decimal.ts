// The one decimal library for money and prices: never a binary float for a balance.
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

/** numerics/round.ts's rule for a decimal.js value; tests/unit/domain/numerics/round.test.ts checks the two agree. */
export function halfUp(v: Dec, places: number): Dec {
  return v.toDecimalPlaces(places, ProjectDecimal.ROUND_HALF_UP);
}

/** Toward zero, where the spec says "never more than promised": fund income, a deposit's credit. */
export function roundDown(v: Dec, places: number): Dec {
  return v.toDecimalPlaces(places, ProjectDecimal.ROUND_DOWN);
}

/** Never "-0.00": decimal.js keeps the sign of a negative value that rounds to zero. */
export function fixed(v: DecInput, places: number): string {
  const text = halfUp(dec(v), places).toFixed(places);
  return text.startsWith('-') && /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Plain notation ("1.2300" → "1.23"), for SQL parameters and exact sums. */
export function exactText(v: DecInput): string {
  return dec(v).toFixed();
}
