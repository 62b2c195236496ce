// The one decimal library for money and prices (server, worker and app): never a binary float for a balance.
import Decimal from 'decimal.js';

/** A private Decimal constructor so nobody's global config changes our rounding. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = InstanceType<typeof D>;
export type DecInput = Dec | string | number;

export function dec(v: DecInput): Dec {
  return v instanceof D ? v : new D(v);
}

/** True when the text is a plain finite decimal number (no exponent, no hex, no spaces). */
export function isDecimalText(v: unknown): v is string {
  return typeof v === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(v);
}

/** Fixed-point text with exactly `places` decimals (half-up), for the wire and the screen. */
export function fixed(v: DecInput, places: number): string {
  return dec(v).toFixed(places, D.ROUND_HALF_UP);
}
