// What counts as decimal text on the wire, in the forms and in stored values: an optional minus, 1–30 digits, and
// optionally a point with 1–30 more. No exponent, no spaces, no bare point. The digit cap keeps a hostile or broken
// value (a 400-digit "price") out of the engine and the decimal maths, wherever the text comes in. The one
// statement of the rule: isDecimalText (domain/decimal-text.ts), the response schemas (server/http/wire-schema.ts),
// the exchange frames and the indicator fields all read it; tests/unit/house/one-source.test.ts fails on a copy.
// A setting or an operator's argument with tighter bounds (a percent with 2 decimals, a signed offset) takes the same
// shape with its own caps and sign from decimalRe, never a pattern of its own.

/** Digits allowed on each side of the point. */
export const DECIMAL_DIGITS = 30;

/** The sign a decimal may carry: none, a minus, or either sign (an operator's signed argument: "+0.5", "-3"). */
export type DecimalSign = 'none' | 'minus' | 'either';

export interface DecimalShape {
  /** At most this many digits before the point (at least one). */
  whole: number;
  /** At most this many after it; the point and its digits are optional. */
  places: number;
  /** Default: none. */
  sign?: DecimalSign;
}

const SIGNS: Readonly<Record<DecimalSign, string>> = { none: '', minus: '-?', either: '[+-]?' };

/** The anchored pattern of a decimal of that shape, as text (for a JSON schema's `pattern:`). */
export function decimalSource({ whole, places, sign = 'none' }: DecimalShape): string {
  return `^${SIGNS[sign]}\\d{1,${whole}}(\\.\\d{1,${places}})?$`;
}

/** The same as a RegExp. */
export const decimalRe = (shape: DecimalShape): RegExp => new RegExp(decimalSource(shape));

/** The pattern as JSON-schema text (a string, for `pattern:`), anchored. */
export const DECIMAL_PATTERN = decimalSource({ whole: DECIMAL_DIGITS, places: DECIMAL_DIGITS, sign: 'minus' });

/** The same pattern as a RegExp. */
export const DECIMAL_RE = new RegExp(DECIMAL_PATTERN);
