// docs/contract.md §9 fund maths for the subscribe sheet and the server; profit rounds down: never more than promised.
import { parseAmount, USD_AMOUNT, type AmountError } from './amount-input.ts';
import { dec, halfUp, roundDown, type Dec, type DecInput } from './decimal.ts';
import { trimZeros } from './decimal-text.ts';
import type { Fund } from './fund-types.ts';
import { DAY_MS } from './time.ts';

/** FUND_DAY_MS may shorten it for a demo. Income falls due once per fund day. */
export const DEFAULT_FUND_DAY_MS = DAY_MS;

export const DAY_PROFIT_PLACES = 4;

export function dayProfit(amount: DecInput, dividendPercentage: DecInput): Dec {
  return roundDown(dec(amount).times(dividendPercentage).div(100), DAY_PROFIT_PLACES);
}

export function totalProfit(amount: DecInput, dividendPercentage: DecInput, lockDays: number): Dec {
  return dayProfit(amount, dividendPercentage).times(lockDays);
}

export function redemptionPenalty(amount: DecInput, liquidatedDamages: DecInput): Dec {
  return halfUp(dec(amount).times(liquidatedDamages).div(100), 2);
}

export type FundAmountCheck =
  | { ok: true; value: Dec }
  | {
      ok: false;
      error: 'lock_amount_required' | AmountError | 'fund_below_min' | 'fund_above_max';
      params: Record<string, string | number>;
    };

/** docs/contract.md §5 'input lock number'; the error is an i18n key under `errors.` with its parameters. */
export function checkFundAmount(
  text: string,
  fund: Pick<Fund, 'staring_sub_amount' | 'max_sub_amount'>,
): FundAmountCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: 'lock_amount_required', params: {} };
  const parsed = parseAmount(typed, USD_AMOUNT);
  if (!parsed.ok) return { ok: false, error: parsed.error, params: { places: USD_AMOUNT.places, max: USD_AMOUNT.max } };
  const min = trimZeros(fund.staring_sub_amount, 0);
  const max = trimZeros(fund.max_sub_amount, 0);
  if (parsed.value.lt(min)) return { ok: false, error: 'fund_below_min', params: { min } };
  if (parsed.value.gt(max)) return { ok: false, error: 'fund_above_max', params: { max } };
  return { ok: true, value: parsed.value };
}
