// Wire types of /api/fund/* (SPEC §3 Mining fund, Subscription, Income item), shared by the server and the app.
// Amounts and rates are exact decimal strings; times "YYYY-MM-DD HH:mm:ss" UTC.

export interface Fund {
  id: number;
  title: string;
  image: string;
  currency_code: string;
  lock_dividend_days: number;
  dividend_percentage: string;
  staring_sub_amount: string; // minimum (the spec's spelling)
  max_sub_amount: string;
  desc: string;
  liquidated_damages: string; // percent of the amount
}

export interface Subscription {
  id: number;
  status: number; // 1 doing, 2 refunding, 3 refunded, 4 finished
  share_amount: string;
  sub_time: string;
  day_profit: string; // exact; shown with 4 decimals (SPEC §9)
  sum_profit: string; // lock days × day profit, the term's total
  paid_profit: string; // income credited so far
  days_paid: number;
  penalty: string; // charged on early redemption, else 0
  liquidated_damages: string; // the penalty rate of this subscription (copied at purchase)
  get_fund: Fund;
}

export interface IncomeItem {
  id: number;
  interest: string;
  created_at: string;
}

/** A mining list page: the spec's lists finish when last_page equals the current page. */
export interface FundPage<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}
