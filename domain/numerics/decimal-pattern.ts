// The one statement of decimal text (one-source.test.ts fails on a copy); the digit cap keeps 400-digit "prices" out.

export const DECIMAL_DIGITS = 30;

/** Either sign: an operator's signed argument ("+0.5", "-3"). */
export type DecimalSign = 'none' | 'minus' | 'either';

export interface DecimalShape {
  /** At most this many digits before the point. */
  whole: number;
  /** At most this many after it; the point and its digits are optional. */
  places: number;
  sign?: DecimalSign;
}

const SIGNS: Readonly<Record<DecimalSign, string>> = { none: '', minus: '-?', either: '[+-]?' };

/** Text for a JSON schema's `pattern:`. */
export function decimalSource({ whole, places, sign = 'none' }: DecimalShape): string {
  return `^${SIGNS[sign]}\\d{1,${whole}}(\\.\\d{1,${places}})?$`;
}

export const decimalRe = (shape: DecimalShape): RegExp => new RegExp(decimalSource(shape));

/** JSON-schema text, for `pattern:`. */
export const DECIMAL_PATTERN = decimalSource({ whole: DECIMAL_DIGITS, places: DECIMAL_DIGITS, sign: 'minus' });

export const DECIMAL_RE = new RegExp(DECIMAL_PATTERN);
