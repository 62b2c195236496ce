// Wire types of the REST contract (docs/contract.md §3): field names exactly as the spec writes them.
// Money and prices travel as decimal strings; kline OHLC as numbers (chart data, never money).

export interface Envelope<T> {
  code: number; // 1 = success, 999 = session missing or expired, anything else = error with msg
  msg: string;
  data: T;
}

export const CODE_OK = 1;
export const CODE_SESSION = 999;
export const CODE_ERROR = 0;
/** The server failed (HTTP 5xx): not the request's fault; the same request may work later. */
export const CODE_INTERNAL = 500;

export interface Multiplier {
  Value: number;
}

export interface ForexQuotation {
  Open: string; // trading-day open
  Close: string; // latest price
  Change: string; // percent vs Open, 2 decimals, e.g. "-0.35"
  High: string;
  Low: string;
  Time: number; // ms epoch of the latest tick
}

export interface Instrument {
  Id: number;
  Code: string;
  ShowCode: string;
  Logo: string;
  CategoryId: number;
  MarketStatus: 0 | 1; // 1 = open
  PricePrecision: number;
  Pip: string; // lot step, e.g. "0.01"
  ForexMinCont: string; // minimum lots
  ForexContNum: string; // units per lot (fixed mode: margin per lot)
  MarginMode: number; // 1 = fixed margin per lot, otherwise leveraged
  HasForexMultiple: Multiplier[];
  ForexFeeRate: string;
  ForexQuotations: ForexQuotation;
}

export interface Category {
  Id: number;
  NameShowTrans: string;
}

export type Period = '1min' | '5min' | '15min' | '30min' | '60min' | '4hour' | '1day' | '1week';
/** docs/contract.md §9's six periods: the ones the market stores, each nesting in the next. */
export const PERIODS: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '1day'];
/**
 * Every period a chart offers, shortest first: the contract's six plus 4hour and 1week, which the server builds
 * from its 60min and 1day bars (server/market/bars.ts DERIVED_PERIODS).
 */
export const CHART_PERIODS: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week'];
export const PERIOD_SECONDS: Readonly<Record<Period, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86400,
  '1week': 604_800,
};

export interface KlineBar {
  Time: number; // bar open, seconds since epoch (UTC), aligned to the period
  Open: number;
  High: number;
  Low: number;
  Close: number;
  Volume: number;
}

export type OrderStatus = 0 | 1 | 3; // 0 pending, 1 holding, 3 closed
export type CloseReason = 'user' | 'stop_profit' | 'stop_loss' | 'stop_out' | 'cancel' | 'expired';

export interface Order {
  Id: number;
  ForexId: number;
  ForexTradeLists: { ShowCode: string; Code: string; PricePrecision: number };
  OrderType: number; // 1 buy (up), other = sell (down)
  Quantity: string; // lots
  Multiple: number; // leverage, 0 in fixed-margin mode
  Price: string; // open (fill) price; target price while pending
  OriginPrice: string; // price when the order was submitted
  UpdatePrice: string; // latest/close price
  FactProfits: string; // realised (closed) or floating (holding) P&L, 6 decimals
  CautionMoney: string; // margin
  TradeFee: string; // handling fee
  TargetLossPrice: string; // "0" = none
  TargetProfitPrice: string; // "0" = none
  /** Trailing-stop distance, "0" = none; while set, TargetLossPrice is the current trailing stop.
   * Optional: answers recorded before it (fixtures, an older server) mean none. */
  TrailDistance?: string;
  Status: OrderStatus;
  CloseReason: CloseReason | '';
  CreateTimeHandler: string; // formatted create time (UTC ISO)
  CompleteTimeHandler: string; // formatted completion time, "" while open
  /** A pending order's expiry, UTC ISO; "" = good till cancelled. Optional: older answers mean none. */
  ExpireTimeHandler?: string;
  /** Accrued swap of the position (docs/trading.md "Swaps"), 6 decimals, negative = charged. Optional: older
   * answers mean none. */
  Swap?: string;
}

/** An order as the app and its worker hold it: the wire Order with leverage and margin in the glossary's words. */
export interface AppOrder extends Omit<Order, 'Multiple' | 'CautionMoney'> {
  leverage: number; // 0 in fixed-margin mode
  margin: string;
}

/** The one translation of a wire Order into the app's words, where an answer or a push arrives (docs/glossary.md). */
export function appOrderOf({ Multiple, CautionMoney, ...rest }: Order): AppOrder {
  return { ...rest, leverage: Multiple, margin: CautionMoney };
}

export interface OrderList {
  data: Order[];
  total: number;
  all_fact_profits: string;
  balance: string;
}

export interface User {
  id: number;
  uid: string;
  email: string;
  mobile: string;
  is_demo: 0 | 1;
  invite_code: string;
}

export interface LoginResult {
  token: string;
  user: User;
}

/** service_link_type 2 opens the support link in a new window; otherwise it is framed in /mine/chat. */
export const SERVICE_LINK_NEW_WINDOW = 2;

export interface BaseSettings {
  service_link: string;
  service_link_type: number; // SERVICE_LINK_NEW_WINDOW, or framed in /mine/chat
  verify_reg_type: number; // 2 = picture captcha, otherwise a sent code
  trade_fee_type: number; // 1 = lots x fee rate, otherwise margin x fee rate
}

export interface Balance {
  balance: string;
  lock_balance: string; // frozen: margins of open orders + pending withdrawals
  /** Margins of open orders only: what equity and the risk rate count (absent from older servers). */
  margin?: string;
}

/** The used margin of a balance answer: pending withdrawals are leaving, so they are neither margin nor equity. */
export const usedMargin = (b: Balance): string => b.margin ?? b.lock_balance;

export interface AreaCode {
  id: number;
  code: string;
  global_code: string;
}

export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
  'my',
  'hi',
  'cs',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hk';

/** A service-provider company (docs/contract.md §3), listed by the main site's search (/api/company/getCompany). */
export interface Company {
  id: number;
  name: string;
  subject: string;
  logo: string; // a data: SVG URL
  url: string;
  registered_address: string;
  location: string;
  email: string;
}
