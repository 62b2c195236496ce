// Wire types of the fixed-term funds (docs/contract.md §3, §7): amounts as exact decimal strings, times UTC.
import type { Language } from './types.ts';

export interface Fund {
  id: number;
  /** Another language than the reader's is a fallback, marked on screen. */
  lang: Language;
  title: string;
  image: string;
  currency_code: string;
  lock_dividend_days: number;
  dividend_percentage: string; // percent of the amount paid per day
  staring_sub_amount: string; // minimum
  max_sub_amount: string;
  desc: string;
  liquidated_damages: string; // early-redemption penalty, percent of the amount
}

export const SubscriptionStatus = { DOING: 1, REFUNDING: 2, REFUNDED: 3, FINISHED: 4 } as const;

export interface FundSubscription {
  id: number;
  status: 1 | 2 | 3 | 4;
  share_amount: string;
  sub_time: string;
  day_profit: string; // 4 decimals
  sum_profit: string; // interest paid so far
  paid_days: number;
  get_fund: Fund;
}

export interface FundIncome {
  id: number;
  interest: string;
  created_at: string;
}

export interface LastPaged<T> {
  data: T[];
  last_page: number;
}
