// A quote's direction, from the exact decimal text the server sends: the colour of its change and the batch's sign
// for it (its texts are format/price.ts's and format/percent.ts's). The feed (worker or main-thread fallback) calls
// these once per quote it sends; the painter only writes the result. The market list's snapshot rows use the same
// functions, so a snapshot and a live tick can never look different. String arithmetic only: no float, no Intl.
import { dirOfText, isDecimalText, type Dir } from './decimal-text.ts';
import { PERCENT_PLACES } from './numerics/places.ts';
import { roundText } from './numerics/round.ts';

/** The colour of a change, from the digits shown: a change that rounds to 0.00 % is flat (never a red '0.00%'). */
export function changeDir(change: string | undefined): Dir {
  if (change === undefined || !isDecimalText(change)) return 'flat';
  return dirOfText(roundText(change, PERCENT_PLACES));
}

/** changeDir as −1, 0 or 1, for the batch's number array. */
export const DIR_SIGN: Readonly<Record<Dir, number>> = { down: -1, flat: 0, up: 1 };
export const SIGN_DIR: readonly Dir[] = ['down', 'flat', 'up']; // by sign + 1
