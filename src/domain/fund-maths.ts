// SPEC §9 fund maths, one rule for the subscribe sheet and the server: daily profit = dividend_percentage × amount
// / 100 (4 decimals, rounded down: never pay a fraction more than promised), total = lock days × daily profit,
// penalty = amount × liquidated_damages / 100 (to the cent, half up).
import { D, dec, type Dec, type DecInput } from './decimal.ts';

export const DAY_PROFIT_PLACES = 4;

export function dayProfit(amount: DecInput, dividendPercentage: DecInput): Dec {
  return dec(amount).times(dividendPercentage).div(100).toDecimalPlaces(DAY_PROFIT_PLACES, D.ROUND_DOWN);
}

export function totalProfit(amount: DecInput, dividendPercentage: DecInput, lockDays: number): Dec {
  return dayProfit(amount, dividendPercentage).times(lockDays);
}

export function redemptionPenalty(amount: DecInput, liquidatedDamages: DecInput): Dec {
  return dec(amount).times(liquidatedDamages).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP);
}
