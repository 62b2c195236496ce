// Scaled integers on the tick path: exact, in BigInt or a safe integer, so no step loses a digit.
import { dec, type Dec } from '../decimal.ts';
import { POW10, pow10n } from './places.ts';
import type { Scaled } from './parse.ts';
import { divRound } from './round.ts';

/** places ≥ s.places: exact. */
export function rescale(s: Scaled, places: number): bigint {
  return places === s.places ? s.units : s.units * pow10n(places - s.places);
}

/** Rounded half away from zero. */
export function roundTo(units: bigint, fromPlaces: number, toPlaces: number): bigint {
  return fromPlaces <= toPlaces
    ? units * pow10n(toPlaces - fromPlaces)
    : divRound(units, pow10n(fromPlaces - toPlaces));
}

/** (−1500n, 6) → "-0.001500", (108123, 5) → "1.08123"; never "-0.000000". */
export function scaledText(units: bigint | number, places: number): string {
  const negative = units < 0;
  const digits = String(negative ? -units : units).padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${int}.${digits.slice(digits.length - places)}` : int;
  return negative ? `-${text}` : text;
}

export function decOf(n: number | bigint, places: number): Dec {
  if (typeof n === 'bigint') return dec(n.toString()).div(POW10[places] ?? 10 ** places);
  return dec(n === 0 ? 0 : n).div(POW10[places] ?? 10 ** places);
}
