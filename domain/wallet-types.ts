// Wire types of the wallet (docs/contract.md §3, §7 "Funds" and user_real): the contract between the server's wallet routes and
// the app's money screens. Amounts travel as exact decimal strings; times as "YYYY-MM-DD HH:mm:ss" (UTC).

/** GET /api/quickCharge/info: one crypto deposit network (charge_id of a coin charge is its id). */
export interface CoinNetwork {
  id: number;
  currency_code: string; // e.g. "USDT"
  protocol_code: string; // e.g. "TRC20"
  address: string; // where the trader sends the coins
}

/** GET /api/quickCharge/symbols: a currency a bank deposit can be made in (bank_coin of wire_info is its id). */
export interface BankCoin {
  id: number;
  name: string; // e.g. "USD"
  /** Units of this currency one USD buys (as for withdrawals): the form shows a wire's USD value before it is sent. */
  usd_price: string;
}

/** GET /api/quickCharge/wire_info?bank_coin=ID: a bank account to wire a deposit to (wire_id is its id). */
export interface DepositBank {
  id: number;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
}

export const ChargeType = { COIN: 0, BANK: 1 } as const;
export const ChargeStatus = { UNCHECKED: 0, FINISHED: 1, REJECTED: 2, INVALID: 3 } as const;

/** GET /api/quickCharge/quick_ist?type=0|1&page=N → { data: ChargeRecord[], total }. */
export interface ChargeRecord {
  id: number;
  number: string; // what the trader sent, in currency_code, e.g. "250" USDT
  type: 0 | 1; // 0 coin, 1 bank
  currency_code: string;
  credited: string; // USD credited when approved (number ÷ the rate at submission), else
  status: 0 | 1 | 2 | 3; // unchecked, finished, rejected, invalid
  created_at: string;
  remark: string; // the operator's reason when rejected, else ""
}

export const WithdrawType = { COIN: 1, BANK: 2 } as const;
export const FeeType = { FIXED: 1, RATE: 2 } as const;

/** GET /api/account/draw_symbol_list?type=1|2: a currency one can withdraw in. */
export interface WithdrawCurrency {
  id: number;
  code: string; // e.g. "USDT"
  protocol: string; // e.g. "TRC20"; "" for bank currencies
  draw_rate: string; // fee_type 1: fixed fee in USD; otherwise percent of the amount
  fee_type: number;
  usd_price: string; // units of this currency one USD buys
}

/** GET /api/wallet/get_draw_method?draw_type=1|2[&draw_id=currency id]: a saved payout method. */
export interface WithdrawMethod {
  id: number;
  type: 1 | 2; // 1 crypto address, 2 bank account
  dc_address: string; // crypto only
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  branch_name: string;
  payee_name: string;
  payee_account: string;
  remark: string;
  draw_currency: { id: number; code: string; protocol: string };
  /** ms epoch from which a withdrawal may go to it (a new method is held: docs/security.md "Payout holds"). */
  usable_from: number;
  /** When a withdrawal to it may go by the server's clock — the later of its own hold and the account's (after a
   * password or second-factor reset) — or 0 when it may now. Optional: older servers do not send it. */
  held_until?: number;
}

export const WithdrawStatus = { PENDING: 0, PAID: 1, REJECTED: 2 } as const;

/** GET /api/account/draw_list?type=1|2&page=N → { data: WithdrawRecord[], total }. */
export interface WithdrawRecord {
  id: number;
  number: string; // USD taken from the balance
  real_number: string; // what the trader receives, in draw_currency (per withdrawPreview)
  draw_currency: { code: string; protocol: string };
  fee: string; // USD
  status: 0 | 1 | 2; // pending (frozen), paid, rejected (released)
  status_name: string; // translated by the server
  created_at: string;
  type: 1 | 2;
  address: string; // crypto address, else ""
  payee_account: string; // bank account, else ""
  notes: string; // the trader's memo; the operator's reason when rejected
}

export const ReviewStatus = { NONE: 0, REVIEWING: 1, VERIFIED: 2 } as const;

/** GET /api/user_real/center. Pictures are private upload URLs (fetched with the session, never public). */
export interface RealNameCenter {
  review_status: 0 | 1 | 2;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  reason: string; // why the last submission was rejected, else ""
}

/** A page of a list: the screens stop loading when loaded >= total. */
export interface Paged<T> {
  data: T[];
  total: number;
}

/** docs/contract.md §9: the wallet is in USD. */
export const CURRENCY = 'USD';

/** The trading account's figures (`/v1/api/main/account/forexDetail`). */
export interface ForexDetail {
  currency: typeof CURRENCY;
  balance: string; // available
  lock_balance: string; // frozen: margins of open orders + pending withdrawals (as getBalance)
  margin: string; // margins of open orders only
  floating: string; // floating P&L of holding orders, 6 decimals
  equity: string; // balance + margin + floating, 6 decimals (pending withdrawals are leaving: not equity)
  risk_rate: string | null; // equity / margin in percent, 2 decimals; null when no order is open
  /** The dealer's margin-call level in percent (docs/trading.md "Margin call"); optional: older answers lack it. */
  margin_call_level?: string;
}

/** One balance change of the trading account (`/v1/api/main/accountLog/forexChange`). */
export interface FinancialRecord {
  Id: number;
  Value: string; // signed change of the available balance
  Type: number;
  Memo: string;
  MemoTran: string; // the record's description in the request's language
  CreatedAtTran: string; // "YYYY-MM-DD HH:mm:ss" UTC
}
