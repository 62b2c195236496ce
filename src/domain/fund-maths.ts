// SPEC §9 fund maths, one rule for the subscribe sheet and the server: daily profit = dividend_percentage × amount
// / 100 (4 decimals, rounded down: never pay a fraction more than promised), total = lock days × daily profit,
// penalty = amount × liquidated_damages / 100 (to the cent, half up).
import { dec, type Dec, type DecInput } from './decimal.ts';
import { halfUp, roundDown } from './rounding.ts';

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
