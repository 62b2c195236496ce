// The copy-trading wire shapes (docs/api.md "Copy trading"); money as exact decimal text.

/** The terms a provider publishes, as listed and as the provider sees them. */
interface ProviderTerms {
  name: string;
  description: string;
  fee_percent: number;
  min_amount: string;
  is_demo: number;
}

export interface CopyProvider extends ProviderTerms {
  provider_id: number;
  copiers: number;
  /** Time-weighted (docs/copy-trading.md "Statistics that cannot be gamed"). */
  return_30d: string;
  return_all: string;
  /** Of the time-weighted index from a peak. */
  max_drawdown: string;
  win_rate: string;
  trades: number;
  /** Since the account's first money record: the track record's length. */
  days: number;
  /** The time-weighted index at the end of each of the last 30 days. */
  curve: string[];
  /** 1 (calm) to 10: volatility of daily returns, leverage used and concentration over 90 days. */
  risk_score: number;
}

/** published 0: the caller is not a provider, and the rest is zero. */
export interface CopyProviderSelf extends ProviderTerms {
  published: number;
  suspended: number;
  /** published stays 1 while delisted: their copies may still run. */
  unpublished: number;
  /** Active and paused. */
  copiers: number;
  aum: string;
  /** Over every copy ever. */
  fees_earned: string;
}

/** The provider's entry is empty when unlinked. */
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
