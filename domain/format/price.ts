// The one price formatter, exact in string arithmetic, so a price is never shown two ways; no decimal.js at run time.
import type { Dec } from '../decimal.ts';
import { isDecimalText } from '../decimal-text.ts';
import { plusSigned, roundText } from '../numerics/round.ts';

const MAX_PLACES = 12;

export interface PriceTextOptions {
  /** '' by default (a quote cell), '--' on the order screens. */
  missing?: string;
}

/** A non-integer precision shows 2. */
export function priceText(v: Dec | string | null | undefined, precision: number, opts: PriceTextOptions = {}): string {
  const text = typeof v === 'string' || v === null || v === undefined ? v : v.toFixed();
  if (text === null || text === undefined || !isDecimalText(text)) return opts.missing ?? '';
  const places = Number.isInteger(precision) ? Math.min(Math.max(precision, 0), MAX_PLACES) : 2;
  return roundText(text, places);
}

/** Signed: the chart's change over its visible bars. */
export function signedPriceText(v: Dec | string, precision: number): string {
  return plusSigned(priceText(v, precision));
}
