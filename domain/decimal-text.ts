// Decimal TEXT as the wire and the forms carry it, read in plain string arithmetic: is it a plain decimal, its sign and
// direction, trailing zeros, what a number field holds. The market list's first paint needs no decimal.js (kept off
// the first screen's bundle) and no Intl.NumberFormat, whose first construction loads ICU data inside the first
// render of the rows (bench/README.md). Money maths still use decimal.ts; rounding is
// numerics/round.ts's, and text for the screen format/'s.
import { DECIMAL_RE } from './numerics/decimal-pattern.ts';

/** True when the text is a plain finite decimal number (numerics/decimal-pattern.ts: no exponent, no hex, no spaces,
 * at most 30 digits each side of the point). */
export function isDecimalText(v: unknown): v is string {
  return typeof v === 'string' && DECIMAL_RE.test(v);
}

/** −1, 0 or 1: the sign of a decimal text ("-0.000" is 0). */
export function signOfText(text: string): -1 | 0 | 1 {
  if (/^-?0*(\.0*)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/** Up/down colour of a signed figure (a change, a P&L): a data attribute the painter flips, never a re-render. */
export type Dir = 'up' | 'down' | 'flat';

export function dirOfText(text: string): Dir {
  const sign = signOfText(text);
  return sign === 0 ? 'flat' : sign < 0 ? 'down' : 'up';
}

/**
 * Decimal text without trailing fractional zeros, keeping at least `minPlaces` decimals:
 * ('0.0100', 0) → '0.01', ('5.000', 0) → '5', ('100000.00000000', 2) → '100000.00', ('1.234500', 2) → '1.2345'.
 */
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

/** A plain decimal without a sign ('12', '0.50'): the only text a number field of the app takes as a number. */
export function isUnsignedDecimalText(v: unknown): v is string {
  return isDecimalText(v) && !v.startsWith('-');
}

/** What a number field holds, classified: empty, a plain unsigned decimal, or anything else. */
export type TypedNumber = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; text: string };

/**
 * The one rule for every number a user types (lots, prices, stops, amounts): the field keeps the text as typed, and
 * this reads it. Text with a sign, a comma, a space inside, letters or an exponent is 'invalid' and the form refuses
 * it with its message; it is never rewritten into another number ('-1' is not 1, '1,5' is not 15). Surrounding
 * spaces are ignored.
 */
export function readTypedNumber(raw: string): TypedNumber {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  return isUnsignedDecimalText(text) ? { kind: 'number', text } : { kind: 'invalid' };
}

/** Why typed text is not a positive number: letters, emoji, an exponent or a comma are 'not_number' (the form says
 * "enter a number"); a plain decimal at or below zero ('0', '-1') is 'not_positive' ("greater than 0"). The caller
 * trims; inner or surrounding spaces are 'not_number'. */
export type PositiveProblem = 'empty' | 'not_number' | 'not_positive';

/** The one reading of a positive amount or price (money forms, fund amounts, alert prices, and the server's routes). */
export function positiveNumberProblem(text: string): PositiveProblem | null {
  if (text === '') return 'empty';
  if (!isDecimalText(text)) return 'not_number';
  return signOfText(text) > 0 ? null : 'not_positive';
}

/** A binary number with exactly `places` decimals (drawing coordinates, synthetic prices; never money). */
export function numberText(n: number, places: number): string {
  return n.toFixed(places);
}
