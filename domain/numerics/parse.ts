// The one decoder of decimal text to scaled integers: it never rounds, it refuses (null) and the caller decides.
import { POW10 } from './places.ts';

/** An integer count of 10^-places. */
export interface Scaled {
  units: bigint;
  places: number;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** ("-1.50", 3) → "-1500"; null when it has non-zero digits beyond `places` or is not a plain decimal. */
function digitsOf(text: string, places: number): string | null {
  const m = PLAIN.exec(text.trim());
  if (!m || places > 22) return null;
  const [, sign = '', whole = '', frac = ''] = m;
  if ((whole === '' && frac === '') || /[1-9]/.test(frac.slice(places))) return null;
  const digits = (whole + frac.slice(0, places).padEnd(places, '0')).replace(/^0+(?=\d)/, '');
  return sign === '-' && digits !== '0' ? `-${digits}` : digits;
}

export function scaledOf(text: string, places: number): number | null {
  const d = digitsOf(text, places);
  if (d === null || d.replace('-', '').length > 16) return null;
  const v = Number(d);
  return Number.isSafeInteger(v) ? v : null;
}

export function bigScaledOf(text: string, places: number): bigint | null {
  const d = digitsOf(text, places);
  return d === null ? null : BigInt(d);
}

/** As written: "0.0100" → 4. */
export const placesWritten = (text: string): number => {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** Any text but decimal text (isDecimalText) is a RangeError. */
export function parseScaled(text: string): Scaled {
  const places = placesWritten(text);
  const units = bigScaledOf(text, places);
  if (units === null) throw new RangeError(`not a plain decimal: ${text}`);
  return { units, places };
}

/** Without trailing zeros: "0.0100" → 2. */
export function placesNeeded(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  return text.slice(dot + 1).replace(/0+$/, '').length;
}

export const NOT_PLAIN = -2;
export const TOO_FINE = -3;

/** By hand, no regex and no allocation: the market runs it on every side of every raw tick. Trailing zeros are fine. */
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
