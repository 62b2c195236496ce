// The spread in points (MT5's unit, steps of the last decimal), from the prices' exact text; no decimal.js at run time.
import { priceText } from './price.ts';

const steps = (text: string): bigint => BigInt(text.replace('.', ''));

/** '15' for 1.08412 / 1.08427 at 5 decimals; '' when either price is missing. */
export function spreadPoints(bid: string, ask: string, precision: number): string {
  const b = priceText(bid, precision);
  const a = priceText(ask, precision);
  if (b === '' || a === '') return '';
  return String(steps(a) - steps(b));
}
