// A quote's display text, from the exact decimal text the server sends: the change as a signed percent and its
// direction (the price is price-text.ts's). The feed (worker or main-thread fallback) calls
// these once per quote it sends; the painter only writes the text. The market list's snapshot rows use the same
// functions, so a snapshot and a live tick can never look different. String arithmetic only: no float, no Intl.
import { dirOfText, isDecimalText, signOfText, type Dir } from './decimal-text.ts';
import { roundText } from './rounding.ts';

/** A percent change with its sign, rounded to the 2 places shown: '0.3' → '+0.30%', '-1.2' → '-1.20%', '0' → '0.00%'. */
export function changeText(change: string | undefined): string {
  if (change === undefined || !isDecimalText(change)) return '';
  const text = roundText(change.replace(/^-/, ''), 2);
  const sign = signOfText(change);
  if (sign === 0 || text === '0.00') return '0.00%';
  return `${sign < 0 ? '-' : '+'}${text}%`;
}

/** The colour of a change, from the digits shown: a change that rounds to 0.00 % is flat (never a red '0.00%'). */
export function changeDir(change: string | undefined): Dir {
  if (change === undefined || !isDecimalText(change)) return 'flat';
  return dirOfText(roundText(change, 2));
}

/** changeDir as −1, 0 or 1, for the batch's number array. */
export const DIR_SIGN: Readonly<Record<Dir, number>> = { down: -1, flat: 0, up: 1 };
export const SIGN_DIR: readonly Dir[] = ['down', 'flat', 'up']; // by sign + 1
