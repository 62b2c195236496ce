// Exact money on the worker's hot path: decimal text as scaled BigInt integers, rounded exactly like money()
// (half away from zero, decimal.js ROUND_HALF_UP). A quote's P&L costs a subtraction, a multiplication and one
// rounding division instead of a chain of decimal.js objects. tests/unit/src/domain/scaled-money.test.ts and
// tests/unit/house/money-agreement.test.ts check it against the decimal reference to the last digit.
import { MONEY_PLACES, RATIO_PLACES } from './money.ts';
import { divRound } from './rounding.ts';

/** A decimal as an integer count of 10^-places. */
export interface Scaled {
  units: bigint;
  places: number;
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** "−12.3400" → { units: −123400n, places: 4 }. The caller passes decimal text (isDecimalText). */
export function scaledOf(text: string): Scaled {
  const dot = text.indexOf('.');
  if (dot < 0) return { units: BigInt(text), places: 0 };
  return { units: BigInt(text.slice(0, dot) + text.slice(dot + 1)), places: text.length - dot - 1 };
}

/** The same value with `places` decimals (places ≥ s.places: exact). */
export function rescale(s: Scaled, places: number): bigint {
  return places === s.places ? s.units : s.units * pow10(places - s.places);
}

/** A value of 10^-fromPlaces, rounded half away from zero to 10^-toPlaces. */
export function roundTo(units: bigint, fromPlaces: number, toPlaces: number): bigint {
  return fromPlaces <= toPlaces ? units * pow10(toPlaces - fromPlaces) : divRound(units, pow10(fromPlaces - toPlaces));
}

/** Fixed-point text of a count of 10^-places: (−1500n, 6) → "-0.001500"; never "-0.000000". */
export function scaledText(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${int}.${digits.slice(digits.length - places)}` : int;
  return negative ? `-${text}` : text;
}

/** A holding prepared once: P&L per quote is then (current − open) × factor, rounded to micro-USD. */
export interface ScaledPosition {
  open: Scaled;
  /** lots × units per lot, with the sign of the side (negative for a sell). */
  factor: Scaled;
}

export function scaledPosition(side: 'buy' | 'sell', quantity: string, unitsPerLot: string, openPrice: string): ScaledPosition {
  const q = scaledOf(quantity);
  const c = scaledOf(unitsPerLot);
  const units = q.units * c.units;
  return { open: scaledOf(openPrice), factor: { units: side === 'buy' ? units : -units, places: q.places + c.places } };
}

/** P&L in micro-USD (10^-MONEY_PLACES), exactly positionPnl() of src/domain/money.ts. */
export function pnlMicros(p: ScaledPosition, current: string): bigint {
  const cur = scaledOf(current);
  const places = Math.max(cur.places, p.open.places);
  const move = rescale(cur, places) - rescale(p.open, places);
  return roundTo(move * p.factor.units, places + p.factor.places, MONEY_PLACES);
}

/** Money text of micro-USD: exactly MONEY_PLACES decimals. */
export const microsText = (micros: bigint): string => scaledText(micros, MONEY_PLACES);

/** A ratio a / b as text with RATIO_PLACES decimals (half away from zero); both in the same units. */
export function ratioOf(a: bigint, b: bigint): string {
  return scaledText(divRound(a * pow10(RATIO_PLACES), b), RATIO_PLACES);
}
