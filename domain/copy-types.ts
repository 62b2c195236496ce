// The copy-trading wire shapes (docs/api.md "Copy trading"): a provider as the Copy tab lists it, and a follower's
// copy as "My copies" shows it. Money as exact decimal text.

export interface CopyProvider {
  provider_id: number;
  name: string;
  description: string;
  fee_percent: number;
  min_amount: string;
  copiers: number;
  is_demo: number;
  /** Time-weighted returns in percent with 2 decimals (docs/copy-trading.md "Statistics that cannot be gamed"). */
  return_30d: string;
  return_all: string;
  /** Largest fall of the time-weighted index from a peak, percent with 2 decimals. */
  max_drawdown: string;
  win_rate: string;
  /** Closed positions. */
  trades: number;
  /** Days since the account's first money record (the track record's length). */
  days: number;
  /** The time-weighted index (4 decimals) at the end of each of the last 30 days: the equity curve. */
  curve: string[];
  /** 1 (calm) to 10: volatility of daily returns, leverage used and concentration over 90 days. */
  risk_score: number;
}

/** A published trader's own view of their copiers (published 0: the caller is not a provider; the rest zero). */
export interface CopyProviderSelf {
  published: number;
  name: string;
  description: string;
  fee_percent: number;
  min_amount: string;
  is_demo: number;
  suspended: number;
  /** 1 when the provider took themselves off the list (published stays 1: their copies may still run). */
  unpublished: number;
  /** Running copies (active and paused). */
  copiers: number;
  /** The running copies' live equity. */
  aum: string;
  /** Performance fees settled to the provider, over every copy ever. */
  fees_earned: string;
}

/** One open position of a copy, with the provider's entry beside the follower's (empty when unlinked). */
export interface CopyPosition {
  id: number;
  code: string;
  /** 1 buy, 2 sell. */
  side: number;
  lots: string;
  price: string;
  provider_price: string;
}

export interface CopyItem {
  id: number;
  provider_id: number;
  provider_name: string;
  /** 1 active, 2 paused, 3 stopped. */
  status: number;
  multiplier: string;
  stop_loss_percent: number;
  invested: string;
  equity: string;
  pnl: string;
  fees_paid: string;
  positions: number;
  end_reason: string;
  open_positions: CopyPosition[];
}
