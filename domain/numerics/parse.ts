// Decimal text to scaled integers, the one decoder: "12.340" at 4 places is 123400, exactly. A decoder never rounds:
// it refuses (null) text with a non-zero digit beyond the places asked for, text that is not a plain decimal, and a
// value that does not fit its integer type, and its caller then takes the exact decimal path or rejects the input.
// The engine's tick path (safe integers), the stop-out sums and the worker's P&L (BigInt) and the market's price
// ticks all read numbers here. No imports beyond places.ts: the server, the worker and the app may load it.
import { POW10 } from './places.ts';

/** A decimal as an integer count of 10^-places. */
export interface Scaled {
  units: bigint;
  places: number;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The signed digit string of `text` × 10^places ("-1.50", 3 → "-1500"); null when it has non-zero digits beyond
 * `places` or is not a plain decimal (an optional sign, digits, an optional point; surrounding spaces are ignored). */
function digitsOf(text: string, places: number): string | null {
  const m = PLAIN.exec(text.trim());
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

/** Decimal places a text has as written ("0.0100" → 4, "100000" → 0). */
const placesWritten = (text: string): number => {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** "−12.3400" → { units: −123400n, places: 4 }: the value at the places it is written with. The caller passes
 * decimal text (isDecimalText); anything else is a RangeError. */
export function parseScaled(text: string): Scaled {
  const places = placesWritten(text);
  const units = bigScaledOf(text, places);
  if (units === null) throw new RangeError(`not a plain decimal: ${text}`);
  return { units, places };
}

/** Decimal places a text needs once trailing zeros are dropped ("0.0100" → 2, "100000" → 0). */
export function placesNeeded(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  return text.slice(dot + 1).replace(/0+$/, '').length;
}

/** unsignedScaledOf's answers that are not a value. */
export const NOT_PLAIN = -2;
export const TOO_FINE = -3;

/**
 * An unsigned plain decimal ("123", "1.10500") × 10^places as a safe integer, by hand: the market runs it for every
 * side of every raw tick, so no regex and no allocation. NOT_PLAIN when it is not digits with an optional point and
 * fraction, has more than 15 integer digits, or does not fit; TOO_FINE when a non-zero digit lies beyond `places`
 * (trailing zeros are fine). No sign, no spaces.
 */
export function unsignedScaledOf(text: string, places: number): number {
  const n = text.length;
  const scale = POW10[places];
  if (n === 0 || scale === undefined) return NOT_PLAIN;
  let int = 0;
  let i = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) break;
    if (c < 48 || c > 57 || i >= 15) return NOT_PLAIN;
    int = int * 10 + (c - 48);
  }
  if (i === 0) return NOT_PLAIN;
  let frac = 0;
  let kept = 0;
  if (i < n) {
    if (i === n - 1) return NOT_PLAIN; // "1."
    for (i++; i < n; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return NOT_PLAIN;
      if (kept < places) {
        frac = frac * 10 + d;
        kept++;
      } else if (d !== 0) return TOO_FINE;
    }
  }
  const v = int * scale + frac * (POW10[places - kept] ?? 1);
  return Number.isSafeInteger(v) ? v : NOT_PLAIN;
}
