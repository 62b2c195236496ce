// Exact rounding of decimal TEXT for display, with the platform's Intl (no library): the market list's first
// paint needs no decimal.js, which keeps it off the first screen's bundle. Money maths still use decimal.ts.

/** True when the text is a plain finite decimal number (no exponent, no hex, no spaces). */
export function isDecimalText(v: unknown): v is string {
  return typeof v === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(v);
}

// Intl.NumberFormat v3 formats a decimal string exactly (no float round trip); ES2022's lib types lack the overload.
type ExactFormat = (value: string) => string;
const formats = new Map<number, ExactFormat>();

/**
 * `text` with exactly `places` decimals, ties away from zero (the same as decimal.js ROUND_HALF_UP), e.g.
 * ('1.005', 2) → '1.01'. The caller checks isDecimalText first.
 */
export function roundText(text: string, places: number): string {
  let f = formats.get(places);
  if (!f) {
    const nf = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      useGrouping: false,
      roundingMode: 'halfExpand',
    } as Intl.NumberFormatOptions);
    f = nf.format as unknown as ExactFormat;
    formats.set(places, f);
  }
  const out = f(text);
  return out === `-${(0).toFixed(places)}` ? out.slice(1) : out; // never show "-0.00"
}

/** −1, 0 or 1: the sign of a decimal text ("-0.000" is 0). */
export function signOfText(text: string): -1 | 0 | 1 {
  if (/^-?0*(\.0*)?$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}
