// Exact rounding of decimal TEXT for display, in plain string arithmetic: the market list's first paint needs no
// decimal.js (kept off the first screen's bundle) and no Intl.NumberFormat, whose first construction loads ICU data
// (~20 ms at 1× on the bench machine, inside the first render of the rows). Money maths still use decimal.ts;
// rounding itself is rounding.ts's.

/** True when the text is a plain finite decimal number (no exponent, no hex, no spaces). */
export function isDecimalText(v: unknown): v is string {
  return typeof v === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(v);
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
  const frac = text.slice(dot + 1).replace(/0+$/, '').padEnd(minPlaces, '0');
  return frac === '' ? int : `${int}.${frac}`;
}

/** What a decimal input keeps of typed text: digits and the first point (a price, stop or lot field). */
export function typedDecimal(raw: string): string {
  return raw.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');
}

/** A binary number with exactly `places` decimals (drawing coordinates, synthetic prices; never money). */
export function numberText(n: number, places: number): string {
  return n.toFixed(places);
}
