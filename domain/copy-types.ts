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
}
