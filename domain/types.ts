// The REST contract's wire types (docs/contract.md §3), named as the spec writes them; money as decimal strings.

export interface Envelope<T> {
  code: number; // 1 = success, 999 = session missing or expired, anything else = error with msg
  msg: string;
  data: T;
}

export const CODE_OK = 1;
export const CODE_SESSION = 999;
export const CODE_ERROR = 0;
/** Not the request's fault: the same request may work later. */
export const CODE_INTERNAL = 500;

export interface Multiplier {
  Value: number;
}

export interface ForexQuotation {
  Open: string; // trading-day open
  Close: string;
  Change: string; // percent vs Open, 2 decimals
  High: string;
  Low: string;
  Time: number;
}

export interface Instrument {
  Id: number;
  Code: string;
  ShowCode: string;
  Logo: string;
  CategoryId: number;
  MarketStatus: 0 | 1; // 1 = open
  PricePrecision: number;
  Pip: string; // lot step
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
/** docs/contract.md §9's six periods, each nesting in the next. */
export const PERIODS: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '1day'];
/** 4hour and 1week are built by the server from its 60min and 1day bars (server/market/bars.ts). */
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
  Time: number; // bar open in seconds (not ms), aligned to the period
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
  FactProfits: string; // realised (closed) or floating (holding) P&L
  CautionMoney: string; // margin
  TradeFee: string;
  TargetLossPrice: string; // "0" = none
  TargetProfitPrice: string; // "0" = none
  /** "0" or absent = none; while set, TargetLossPrice is the current trailing stop. */
  TrailDistance?: string;
  Status: OrderStatus;
  CloseReason: CloseReason | '';
  CreateTimeHandler: string; // UTC ISO
  CompleteTimeHandler: string; // "" while open
  /** UTC ISO; "" or absent = good till cancelled. */
  ExpireTimeHandler?: string;
  /** docs/trading.md "Swaps"; negative = charged, absent = none. */
  Swap?: string;
}

/** The wire Order with its instrument, leverage and margin in the glossary's words. */
export interface AppOrder extends Omit<Order, 'ForexId' | 'ForexTradeLists' | 'Multiple' | 'CautionMoney'> {
  instrumentId: number;
  instrument: Order['ForexTradeLists'];
  leverage: number; // 0 in fixed-margin mode
  margin: string;
}

/** The one translation, where an answer or a push arrives (docs/glossary.md). */
export function appOrderOf({ ForexId, ForexTradeLists, Multiple, CautionMoney, ...rest }: Order): AppOrder {
  return { ...rest, instrumentId: ForexId, instrument: ForexTradeLists, leverage: Multiple, margin: CautionMoney };
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

export const SERVICE_LINK_NEW_WINDOW = 2;

export interface BaseSettings {
  service_link: string;
  service_link_type: number; // SERVICE_LINK_NEW_WINDOW, or framed in /mine/chat
  verify_reg_type: number; // 2 = picture captcha, otherwise a sent code
  trade_fee_type: number; // 1 = lots x fee rate, otherwise margin x fee rate
}

export interface Balance {
  balance: string;
  lock_balance: string; // margins of open orders + pending withdrawals
  /** What equity and the risk rate count; absent from older servers. */
  margin?: string;
}

/** Pending withdrawals are leaving, so they are neither margin nor equity. */
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

/** Listed by the main site's search (/api/company/getCompany). */
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
