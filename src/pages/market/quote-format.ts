// Display text of a quote from the trade_list snapshot (exact decimal text), used until the first live tick arrives.
// The live store formats its own ticks from numbers (state/quote-format.ts); these match its shapes ('1.08321', '+0.35%', 'up').
import { isDecimalText, roundText, signOfText } from '../../domain/decimal-text.ts';
import type { Dir } from '../../state/quote-format.ts';

/** A price at the instrument's PricePrecision; '' when the snapshot has none. */
export function formatPrice(close: string | undefined, precision: number): string {
  if (close === undefined || !isDecimalText(close)) return '';
  return roundText(close, Math.max(0, Math.min(precision, 12)));
}

/** A percent change with its sign: '0.3' → '+0.30%', '-1.2' → '-1.20%', '0' → '0.00%'. */
export function formatChange(change: string | undefined): string {
  if (change === undefined || !isDecimalText(change)) return '';
  const text = roundText(change.replace(/^-/, ''), 2);
  const sign = signOfText(change);
  if (sign === 0 || text === '0.00') return '0.00%';
  return `${sign < 0 ? '-' : '+'}${text}%`;
}

export function dirOf(change: string | undefined): Dir {
  if (change === undefined || !isDecimalText(change)) return 'flat';
  const sign = signOfText(change);
  return sign === 0 ? 'flat' : sign < 0 ? 'down' : 'up';
}
