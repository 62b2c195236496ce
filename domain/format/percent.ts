// The one percent formatter, exact in string arithmetic: no decimal.js at run time.
import { isDecimalText } from '../decimal-text.ts';
import { PERCENT_PLACES } from '../numerics/places.ts';
import { plusSigned, roundText } from '../numerics/round.ts';

export interface PercentTextOptions {
  /** 1 = 100 %: '0.0125' → '1.25%'. */
  ratio?: boolean;
  /** One that rounds to 0.00 shows '0.00%', unsigned. */
  signed?: boolean;
  /** '' by default (a quote cell), '--' on the order screens. */
  missing?: string;
}

/** Moves the point two places, so it is exact: '-0.0125' → '-1.25'. */
function hundredfold(text: string): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = (dot < 0 ? '' : body.slice(dot + 1)).padEnd(2, '0');
  return `${negative ? '-' : ''}${int}${frac.slice(0, 2)}.${frac.slice(2) || '0'}`;
}

export function percentText(v: string | null | undefined, opts: PercentTextOptions = {}): string {
  if (v === null || v === undefined || !isDecimalText(v)) return opts.missing ?? '';
  const text = roundText(opts.ratio ? hundredfold(v) : v, PERCENT_PLACES);
  return `${opts.signed ? plusSigned(text) : text}%`;
}
