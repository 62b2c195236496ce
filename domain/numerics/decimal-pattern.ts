// What counts as decimal text on the wire, in the forms and in stored values: an optional minus, 1–30 digits, and
// optionally a point with 1–30 more. No exponent, no "+", no spaces, no bare point. The digit cap keeps a hostile or
// broken value (a 400-digit "price") out of the engine and the decimal maths, wherever the text comes in. The one
// statement of the rule: isDecimalText (domain/decimal-text.ts), the response schemas (server/http/wire-schema.ts),
// the exchange frames and the indicator fields all read it; tests/unit/house/one-source.test.ts fails on a copy.

/** Digits allowed on each side of the point. */
export const DECIMAL_DIGITS = 30;

/** The pattern as JSON-schema text (a string, for `pattern:`), anchored. */
export const DECIMAL_PATTERN = `^-?\\d{1,${DECIMAL_DIGITS}}(\\.\\d{1,${DECIMAL_DIGITS}})?$`;

/** The same pattern as a RegExp. */
export const DECIMAL_RE = new RegExp(DECIMAL_PATTERN);
