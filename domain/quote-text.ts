// The one path from a quote to the text of its node: a price at its instrument's precision, its signed change and the
// change's colour, from the exact decimal text the server sends. The feed (worker or main-thread home), the snapshot
// rows and the inline first paint (src/boot/) all call quoteText, so a snapshot, a stored quote and a live tick can
// never look different (docs/architecture.md "From a quote to the screen"; tests/unit/house/quote-text.test.ts).
import { dirOfText, isDecimalText, type Dir } from './decimal-text.ts';
import { priceText } from './format/price.ts';
import { percentText } from './format/percent.ts';
import { PERCENT_PLACES } from './numerics/places.ts';
import { roundText } from './numerics/round.ts';

/** The colour of a change, from the digits shown: a change that rounds to 0.00 % is flat (never a red '0.00%'). */
export function changeDir(change: string | undefined): Dir {
  if (change === undefined || !isDecimalText(change)) return 'flat';
  return dirOfText(roundText(change, PERCENT_PLACES));
}

export interface QuoteText {
  price: string; // '1.08321' at the instrument's precision; '' when the quote has no valid price
  change: string; // '+0.35%'; '' when it has none
  dir: Dir;
}

/** What a quote's node shows: its price (bid, or ask for `quoteText(ask, …).price`), its change and its colour. */
export function quoteText(close: string | undefined, change: string | undefined, precision: number): QuoteText {
  return { price: priceText(close, precision), change: percentText(change, { signed: true }), dir: changeDir(change) };
}

/** A quote's other price (the ask) as its node shows it: the same rounding as quoteText's. */
export function quotePrice(text: string | undefined, precision: number): string {
  return priceText(text, precision);
}

/** changeDir as −1, 0 or 1, for the batch's number array. */
export const DIR_SIGN: Readonly<Record<Dir, number>> = { down: -1, flat: 0, up: 1 };
export const SIGN_DIR: readonly Dir[] = ['down', 'flat', 'up']; // by sign + 1
