// The wallet's wire types (docs/contract.md §3, §7): amounts as exact decimal strings, times "YYYY-MM-DD HH:mm:ss" UTC.

/** GET /api/quickCharge/info; a coin charge's charge_id is its id. */
export interface CoinNetwork {
  id: number;
  currency_code: string;
  protocol_code: string;
  address: string;
}

/** GET /api/quickCharge/symbols; wire_info's bank_coin is its id. */
export interface BankCoin {
  id: number;
  name: string;
  /** Units of this currency one USD buys, so the form shows a wire's USD value before it is sent. */
  usd_price: string;
}

/** GET /api/quickCharge/wire_info?bank_coin=ID; wire_id is its id. */
export interface DepositBank {
  id: number;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
}

export const ChargeStatus = { UNCHECKED: 0, FINISHED: 1, REJECTED: 2, INVALID: 3 } as const;

/** GET /api/quickCharge/quick_ist?type=0|1&page=N → { data: ChargeRecord[], total }. */
export interface ChargeRecord {
  id: number;
  number: string; // in currency_code
  type: 0 | 1; // 0 coin, 1 bank
  currency_code: string;
  credited: string; // USD credited when approved: number ÷ the rate at submission
  status: 0 | 1 | 2 | 3; // unchecked, finished, rejected, invalid
  created_at: string;
  remark: string; // the operator's reason when rejected, else ""
}

export const FeeType = { FIXED: 1, RATE: 2 } as const;

/** GET /api/account/draw_symbol_list?type=1|2 */
export interface WithdrawCurrency {
  id: number;
  code: string;
  protocol: string; // "" for bank currencies
  draw_rate: string; // fee_type 1: fixed fee in USD; otherwise percent of the amount
  fee_type: number;
  usd_price: string; // units of this currency one USD buys
}

/** GET /api/wallet/get_draw_method?draw_type=1|2[&draw_id=currency id] */
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
  /** ms epoch; a new method is held (docs/security.md "Payout holds"). */
  usable_from: number;
  /** The later of its own hold and the account's (after a credential reset), by the server's clock; 0 = now. */
  held_until?: number;
}

/** A bank method's fields in the bind form's order; a crypto method has only dc_address. */
export const BANK_FIELDS = [
  'bank_name',
  'bank_address',
  'bank_swift',
  'branch_name',
  'payee_name',
  'payee_account',
  'remark',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];

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

/** GET /api/user_real/center. Pictures are private upload URLs, fetched with the session. */
export interface RealNameCenter {
  review_status: 0 | 1 | 2;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  reason: string; // why the last submission was rejected, else ""
}

/** docs/contract.md §9 */
export const CURRENCY = 'USD';

/** /v1/api/main/account/forexDetail */
export interface ForexDetail {
  currency: typeof CURRENCY;
  balance: string; // available
  lock_balance: string; // margins of open orders + pending withdrawals (as getBalance)
  margin: string; // margins of open orders only
  floating: string;
  equity: string; // balance + margin + floating: pending withdrawals are leaving, so not equity
  risk_rate: string | null; // equity / margin in percent; null when no order is open
  /** docs/trading.md "Margin call"; optional: older answers lack it. */
  margin_call_level?: string;
}

/** /v1/api/main/accountLog/forexChange */
export interface FinancialRecord {
  Id: number;
  Value: string; // signed change of the available balance
  Type: number;
  Memo: string;
  MemoTran: string; // in the request's language
  CreatedAtTran: string;
}
