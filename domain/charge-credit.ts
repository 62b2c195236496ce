// A deposit's credit (docs/contract.md §5): the charge's units at the rate it was submitted at, rounded down to the cent, so the
// trader is never credited more than was sent. The operator's approval books exactly this.
import { dec, fixed, roundDown } from './decimal.ts';

export function chargeCredit(number: string, usdPrice: string): string {
  return fixed(roundDown(dec(number).div(usdPrice), 2), 2);
}
