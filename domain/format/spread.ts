// The spread as a trader reads it: ask − bid in points, the steps of the instrument's last decimal (MT5's unit),
// from the two prices' exact text at the instrument's precision. No decimal.js at run time.
import { priceText } from './price.ts';

const steps = (text: string): bigint => BigInt(text.replace('.', ''));

/** '15' for 1.08412 / 1.08427 at 5 decimals; '' when either price is missing. */
export function spreadPoints(bid: string, ask: string, precision: number): string {
  const b = priceText(bid, precision);
  const a = priceText(ask, precision);
  if (b === '' || a === '') return '';
  return String(steps(a) - steps(b));
}
