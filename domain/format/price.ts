// Price text, the one formatter: a price at its instrument's PricePrecision, exact (string arithmetic on the
// server's decimal text, half-up), with named options for its variants (what a missing price shows). The feed's
// quotes, the market list's snapshot rows, the order screens and the engine's wire prices all call it, so a price can
// never be shown two ways. No decimal.js at run time.
import type { Dec } from '../decimal.ts';
import { isDecimalText } from '../decimal-text.ts';
import { roundText } from '../numerics/round.ts';

const MAX_PLACES = 12;

export interface PriceTextOptions {
  /** What a missing or malformed price shows: '' by default (a quote cell), '--' on the order screens. */
  missing?: string;
}

/** A price at `precision` decimals ('1.08321'); `missing` when there is none. A non-integer precision shows 2. */
export function priceText(v: Dec | string | null | undefined, precision: number, opts: PriceTextOptions = {}): string {
  const text = typeof v === 'string' || v === null || v === undefined ? v : v.toFixed();
  if (text === null || text === undefined || !isDecimalText(text)) return opts.missing ?? '';
  const places = Number.isInteger(precision) ? Math.min(Math.max(precision, 0), MAX_PLACES) : 2;
  return roundText(text, places);
}

/** A price difference with its sign ('+0.00120', '-0.00040', '0.00000'): the chart's change over its visible bars. */
export function signedPriceText(v: Dec | string, precision: number): string {
  const text = priceText(v, precision);
  return text !== '' && !text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text;
}
