// The withdrawal fee (docs/contract.md §5): one rule for the app's preview and the server's draw.
import { dec, fixed, halfUp, type Dec } from './decimal.ts';
import { isUnsignedDecimalText } from './decimal-text.ts';
import { FeeType, type WithdrawCurrency } from './wallet-types.ts';

export type FeeTerms = Pick<WithdrawCurrency, 'draw_rate' | 'fee_type' | 'usd_price'>;

/** fee_type 1 is a fixed fee; any other is draw_rate percent of the amount, to the cent (half up). */
export function withdrawFee(amount: Dec, c: FeeTerms): Dec {
  if (c.fee_type === FeeType.FIXED) return dec(c.draw_rate);
  return halfUp(amount.times(c.draw_rate).div(100), 2);
}

/** Never below 0. */
export function withdrawReceive(amount: Dec, c: FeeTerms): Dec {
  const net = halfUp(amount.minus(withdrawFee(amount, c)).times(c.usd_price), 2);
  return net.isNegative() ? dec(0) : net;
}

export interface WithdrawPreview {
  fee: string;
  receive: string;
}

/** '--' for both without a currency; 0 for an empty, non-numeric or negative amount. */
export function withdrawPreview(amountText: string, c: FeeTerms | undefined): WithdrawPreview {
  const text = amountText.trim();
  // "Fee 0 USD / You receive 0 USDT" would read as a real quote.
  if (!c || !isUnsignedDecimalText(text) || dec(text).lte(0)) return { fee: '--', receive: '--' };
  const amount = dec(text);
  return { fee: fixed(withdrawFee(amount, c), 2), receive: fixed(withdrawReceive(amount, c), 2) };
}

/** From the first cent that pays out (more than a fixed fee); `max` is null while the balance is not known. */
export function withdrawRange(
  c: FeeTerms,
  available: string | undefined,
  ruleMax: string,
): { min: string; max: string } {
  const cent = dec('0.01');
  let min = c.fee_type === FeeType.FIXED ? dec(c.draw_rate).plus(cent) : cent;
  // A rate below one cent per unit can round the first cents' receipt to 0: step on to the first that pays out.
  for (let i = 0; i < 100 && withdrawReceive(min, c).lte(0); i++) min = min.plus(cent);
  const max =
    available !== undefined && isUnsignedDecimalText(available) && dec(available).lt(ruleMax)
      ? dec(available)
      : dec(ruleMax);
  return { min: fixed(min, 2), max: fixed(max, 2) };
}
