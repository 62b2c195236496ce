// A deposit's credit (docs/contract.md §5) rounds down to the cent: never more than was sent; the approval books this.
import { dec, fixed, roundDown } from './decimal.ts';

export function chargeCredit(number: string, usdPrice: string): string {
  return fixed(roundDown(dec(number).div(usdPrice), 2), 2);
}
