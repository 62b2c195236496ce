// SPEC §9 fund maths as pure functions, shared by the server (what is booked) and the app (the confirm sheet), so
// the sheet shows exactly what the income job pays. Every amount goes through money(), the one rounding rule.
import { dec, type DecInput } from './decimal.ts';
import { money } from './money.ts';
import type { Usd } from './units.ts';

/** Daily profit = dividend_percentage × amount / 100. */
export function fundDayProfit(amount: DecInput, dividendPercentage: DecInput): Usd {
  return money(dec(amount).times(dec(dividendPercentage)).div(100));
}

/** Total profit = lock days × daily profit (the rounded daily profit, as it is paid day by day). */
export function fundTotalProfit(amount: DecInput, dividendPercentage: DecInput, lockDays: number): Usd {
  return money(fundDayProfit(amount, dividendPercentage).times(lockDays));
}

/** Early-redemption penalty = amount × liquidated_damages / 100. */
export function fundPenalty(amount: DecInput, liquidatedDamages: DecInput): Usd {
  return money(dec(amount).times(dec(liquidatedDamages)).div(100));
}

/** What an early redemption returns: amount − penalty, never below zero. */
export function fundRefund(amount: DecInput, liquidatedDamages: DecInput): Usd {
  const back = dec(amount).minus(fundPenalty(amount, liquidatedDamages));
  return money(back.isNegative() ? dec(0) : back);
}

/** Subscription amounts: a plain positive decimal with at most this many places (cents). */
export const FUND_AMOUNT_PLACES = 2;

/** SPEC §4 subscription states. */
export const SubStatus = { DOING: 1, REFUNDING: 2, REFUNDED: 3, FINISHED: 4 } as const;
export type SubStatusValue = (typeof SubStatus)[keyof typeof SubStatus];
