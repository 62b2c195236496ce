// Arithmetic on scaled integers (a count of 10^-places, parse.ts reads them): changing places exactly or with the
// one rounding, writing them back as fixed-point text, and the safe-integer guard of the engine's tick path, where a
// value is held in a JS number only while |x| ≤ 2^53 − 1 and every step refuses (Overflow) instead of losing a digit.
import { dec, type Dec } from '../decimal.ts';
import { POW10, pow10n } from './places.ts';
import type { Scaled } from './parse.ts';
import { divRound } from './round.ts';

/** Thrown when an intermediate would leave the safe-integer range; callers fall back to decimal.js. */
export class Overflow extends Error {}

/** x if it is a safe integer, else Overflow. */
export function safe(x: number): number {
  if (!Number.isSafeInteger(x)) throw new Overflow();
  return x;
}

/** The same value with `places` decimals (places ≥ s.places: exact). */
export function rescale(s: Scaled, places: number): bigint {
  return places === s.places ? s.units : s.units * pow10n(places - s.places);
}

/** A value of 10^-fromPlaces, rounded half away from zero to 10^-toPlaces. */
export function roundTo(units: bigint, fromPlaces: number, toPlaces: number): bigint {
  return fromPlaces <= toPlaces
    ? units * pow10n(toPlaces - fromPlaces)
    : divRound(units, pow10n(fromPlaces - toPlaces));
}

/** Fixed-point text of a count of 10^-places (a BigInt, or a safe integer such as a price in ticks): (−1500n, 6) →
 * "-0.001500", (108123, 5) → "1.08123"; never "-0.000000". */
export function scaledText(units: bigint | number, places: number): string {
  const negative = units < 0;
  const digits = String(negative ? -units : units).padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${int}.${digits.slice(digits.length - places)}` : int;
  return negative ? `-${text}` : text;
}

/** The exact decimal value of a scaled integer (a number or a BigInt). */
export function decOf(n: number | bigint, places: number): Dec {
  if (typeof n === 'bigint') return dec(n.toString()).div(POW10[places] ?? 10 ** places);
  return dec(n === 0 ? 0 : n).div(POW10[places] ?? 10 ** places);
}
