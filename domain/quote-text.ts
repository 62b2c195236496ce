// One path from a quote to its text, so no two can look different (docs/architecture.md "From a quote to the screen").
import { dirOfText, isDecimalText, type Dir } from './decimal-text.ts';
import { priceText } from './format/price.ts';
import { percentText } from './format/percent.ts';
import { PERCENT_PLACES } from './numerics/places.ts';
import { roundText } from './numerics/round.ts';

/** From the digits shown: a change that rounds to 0.00 % is flat (never a red '0.00%'). */
export function changeDir(change: string | undefined): Dir {
  if (change === undefined || !isDecimalText(change)) return 'flat';
  return dirOfText(roundText(change, PERCENT_PLACES));
}

export interface QuoteText {
  price: string; // '' when the quote has no valid price
  change: string; // '' when it has none
  dir: Dir;
}

/** `quoteText(ask, …).price` gives the ask. */
export function quoteText(close: string | undefined, change: string | undefined, precision: number): QuoteText {
  return { price: priceText(close, precision), change: percentText(change, { signed: true }), dir: changeDir(change) };
}

/** The same rounding as quoteText's. */
export function quotePrice(text: string | undefined, precision: number): string {
  return priceText(text, precision);
}

/** As numbers for the batch's Float64Array. */
export const DIR_SIGN: Readonly<Record<Dir, number>> = { down: -1, flat: 0, up: 1 };
export const SIGN_DIR: readonly Dir[] = ['down', 'flat', 'up']; // by sign + 1
