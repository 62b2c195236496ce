// Decimal text read in plain string arithmetic: the first paint needs neither decimal.js nor Intl's ICU data load.
import { DECIMAL_RE } from './numerics/decimal-pattern.ts';

/** numerics/decimal-pattern.ts: no exponent, no hex, no spaces, at most 30 digits each side of the point. */
export function isDecimalText(v: unknown): v is string {
  return typeof v === 'string' && DECIMAL_RE.test(v);
}

/** "-0.000" is 0. */
export function signOfText(text: string): -1 | 0 | 1 {
  if (/^-?0*(\.0*)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/** A data attribute the painter flips, never a re-render. */
export type Dir = 'up' | 'down' | 'flat';

export function dirOfText(text: string): Dir {
  const sign = signOfText(text);
  return sign === 0 ? 'flat' : sign < 0 ? 'down' : 'up';
}

/** ('100000.00000000', 2) → '100000.00', ('1.234500', 2) → '1.2345'. */
export function trimZeros(text: string, minPlaces = 0): string {
  const dot = text.indexOf('.');
  if (dot < 0) return minPlaces > 0 ? `${text}.${'0'.repeat(minPlaces)}` : text;
  const int = text.slice(0, dot);
  const frac = text
    .slice(dot + 1)
    .replace(/0+$/, '')
    .padEnd(minPlaces, '0');
  return frac === '' ? int : `${int}.${frac}`;
}

/** The only text a number field of the app takes as a number. */
export function isUnsignedDecimalText(v: unknown): v is string {
  return isDecimalText(v) && !v.startsWith('-');
}

export type TypedNumber = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; text: string };

/** Typed text is never rewritten into another number ('-1' is not 1, '1,5' is not 15): the form refuses it. */
export function readTypedNumber(raw: string): TypedNumber {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  return isUnsignedDecimalText(text) ? { kind: 'number', text } : { kind: 'invalid' };
}

/** 'not_number' says "enter a number", 'not_positive' "greater than 0"; the caller trims. */
export type PositiveProblem = 'empty' | 'not_number' | 'not_positive';

/** The one reading, shared by money forms, fund amounts, alert prices and the server's routes. */
export function positiveNumberProblem(text: string): PositiveProblem | null {
  if (text === '') return 'empty';
  if (!isDecimalText(text)) return 'not_number';
  return signOfText(text) > 0 ? null : 'not_positive';
}

/** Binary, so never money: drawing coordinates and synthetic prices. */
export function numberText(n: number, places: number): string {
  return n.toFixed(places);
}
