// Scaled integers for the engine's tick path: a decimal text as an exact integer count of 10^-places (a price at its
// instrument's PricePrecision, money at 10^-6 or 10^-8), held in a JS number only while it is a safe integer
// (|x| ≤ 2^53 − 1). Every helper refuses (null / Overflow) instead of losing a digit, and its caller then takes the
// exact decimal path, so a result here is always the exact decimal result.
import { dec, type Dec } from '../../src/domain/decimal.ts';

export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i); // exact up to 10^22

/** Thrown when an intermediate would leave the safe-integer range; callers fall back to decimal.js. */
export class Overflow extends Error {}

/** x if it is a safe integer, else Overflow. */
export function safe(x: number): number {
  if (!Number.isSafeInteger(x)) throw new Overflow();
  return x;
}

/** The signed digit string of `text` × 10^places; null when it has non-zero digits beyond `places` or is not a plain
 * decimal. */
function digitsOf(text: string, places: number): string | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || places > 22) return null;
  const [, sign = '', whole = '', frac = ''] = m;
  if (whole === '' && frac === '') return null;
  if (/[1-9]/.test(frac.slice(places))) return null;
  const digits = (whole + frac.slice(0, places).padEnd(places, '0')).replace(/^0+(?=\d)/, '');
  return sign === '-' && digits !== '0' ? `-${digits}` : digits;
}

/** `text` × 10^places as a safe integer; null when it has non-zero digits beyond `places`, is not a plain decimal,
 * or does not fit. */
export function scaledOf(text: string, places: number): number | null {
  const d = digitsOf(text, places);
  if (d === null || d.replace('-', '').length > 16) return null;
  const v = Number(d);
  return Number.isSafeInteger(v) ? v : null;
}

/** `text` × 10^places as a BigInt (any size); null when it has non-zero digits beyond `places`. */
export function bigScaledOf(text: string, places: number): bigint | null {
  const d = digitsOf(text, places);
  return d === null ? null : BigInt(d);
}

/** Decimal places a text needs once trailing zeros are dropped ("0.0100" → 2, "100000" → 0). */
export function placesNeeded(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  return text.slice(dot + 1).replace(/0+$/, '').length;
}

/** n / d rounded half away from zero (decimal.js ROUND_HALF_UP), exact for safe integers n and d > 0. */
export function divHalfUp(n: number, d: number): number {
  let q = Math.trunc(n / d); // the float quotient may be one off near an integer: corrected below
  let r = n - q * d;
  if (n >= 0) {
    while (r < 0) { q--; r += d; }
    while (r >= d) { q++; r -= d; }
    if (2 * r >= d) q++;
  } else {
    while (r > 0) { q++; r -= d; }
    while (r <= -d) { q--; r += d; }
    if (-2 * r >= d) q--;
  }
  return q === 0 ? 0 : q; // never -0
}

/** The exact decimal value of a scaled integer (a number or a BigInt). */
export function decOf(n: number | bigint, places: number): Dec {
  if (typeof n === 'bigint') return dec(n.toString()).div(POW10[places] ?? 10 ** places);
  return dec(n === 0 ? 0 : n).div(POW10[places] ?? 10 ** places);
}
