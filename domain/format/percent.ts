// Percent text, the one formatter: a percent with PERCENT_PLACES decimals and its '%', exact (string arithmetic,
// half-up), with named options for its variants: from a ratio (1 = 100 %: a risk rate, a prepayment), signed (a
// quote's change: '+0.30%'), and what a missing value shows. The feed, the market list's snapshot rows, the alerts and
// the order screens all call it. No decimal.js at run time.
import { isDecimalText } from '../decimal-text.ts';
import { PERCENT_PLACES } from '../numerics/places.ts';
import { roundText } from '../numerics/round.ts';

export interface PercentTextOptions {
  /** The value is a ratio (1 = 100 %), shown × 100: '0.0125' → '1.25%'. */
  ratio?: boolean;
  /** A '+' before a percent above zero (a change): '0.3' → '+0.30%'; one that rounds to 0.00 shows '0.00%'. */
  signed?: boolean;
  /** What a missing or malformed value shows: '' by default (a quote cell), '--' on the order screens. */
  missing?: string;
}

/** A decimal text × 100, moving the point two places (exact): '-0.0125' → '-1.25', '3' → '300'. */
function hundredfold(text: string): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = (dot < 0 ? '' : body.slice(dot + 1)).padEnd(2, '0');
  return `${negative ? '-' : ''}${int}${frac.slice(0, 2)}.${frac.slice(2) || '0'}`;
}

/** '1.25%' from '1.25' (or from '0.0125' with `ratio`); see PercentTextOptions for the variants. */
export function percentText(v: string | null | undefined, opts: PercentTextOptions = {}): string {
  if (v === null || v === undefined || !isDecimalText(v)) return opts.missing ?? '';
  const text = roundText(opts.ratio ? hundredfold(v) : v, PERCENT_PLACES);
  return `${opts.signed && !text.startsWith('-') && /[1-9]/.test(text) ? '+' : ''}${text}%`;
}
