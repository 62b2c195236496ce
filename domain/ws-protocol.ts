// Message shapes of the live socket /v1/ws (docs/protocol.md explains them): shared by server and worker.
import type { PriceAlertWire } from './price-alerts.ts';
import type { CloseReason, KlineBar, Order } from './types.ts';

export const WS_PATH = '/v1/ws';
export const TOPIC_DAY_MARKET = 'DAY_MARKET';
/** A signed-in socket's order pushes: an order changed (the contract's FOREX_TRADE) or closed (FOREX_CLOSED). */
export const TOPIC_ORDER_CHANGED = 'FOREX_TRADE';
export const TOPIC_ORDER_CLOSED = 'FOREX_CLOSED';
/** A signed-in socket's fired price alerts (docs/alerts.md). */
export const TOPIC_PRICE_ALERT = 'PRICE_ALERT';
/** A signed-in socket's account changes made elsewhere (an operator paid a withdrawal, approved a deposit, reviewed
 * the real name): the money screens re-read their lists (docs/protocol.md). */
export const TOPIC_ACCOUNT = 'ACCOUNT';
/** A signed-in socket's margin calls (docs/trading.md "Margin call"): the risk rate crossed the dealer's level. */
export const TOPIC_MARGIN_CALL = 'MARGIN_CALL';
export interface MarginCall {
  risk_rate: string; // percent, 2 decimals
  level: string; // percent, 2 decimals
}
export type AccountChange = 'withdrawal' | 'deposit' | 'real_name' | 'balance';
export const KLINE_PREFIX = 'KLINE.';
export const klineTopic = (code: string): string => `${KLINE_PREFIX}${code}`;

/** Largest client frame the server accepts; bigger frames are answered with an error and closed. */
export const WS_MAX_CLIENT_FRAME = 4096;
export const PING_INTERVAL_MS = 5000;
export const CONNECT_TIMEOUT_MS = 5000;
export const MAX_MISSED_PONGS = 2;
/**
 * A socket may ask for fewer quote frames (`{type:'rate', ms}`, low-bandwidth mode): at most one DAY_MARKET/KLINE
 * batch per `ms`, each with the newest state of everything that changed meanwhile. The server keeps `ms` within
 * [its flush period, RATE_MAX_MS]; 0 asks for every batch again. The client's low-bandwidth mode asks for
 * LOW_BANDWIDTH_RATE_MS.
 */
export const RATE_MAX_MS = 5000;
export const LOW_BANDWIDTH_RATE_MS = 1000;
/**
 * A socket may narrow DAY_MARKET to some instruments (`{type:'codes', codes}`, low-bandwidth mode: the rows on screen,
 * the open positions' instruments and the /trade one); `codes: null` widens it to all again. The server refuses a list
 * longer than CODES_MAX or a code longer than CODE_MAX_CHARS, and ignores codes it does not list.
 */
export const CODES_MAX = 100;
export const CODE_MAX_CHARS = 32;

// Client → server
export type ClientMessage =
  | { type: 'ping' }
  | { type: 'sub'; topic: string }
  | { type: 'unsub'; topic: string }
  | { type: 'login'; token: string }
  | { type: 'logout' }
  | { type: 'rate'; ms: number }
  | { type: 'codes'; codes: string[] | null };

/**
 * One quote, compact: [Code, Close, Change%, Time(ms), MarketStatus, Feed?, Reason?, Bid?, Ask?].
 * Close is a decimal string at the instrument's PricePrecision; Change is a percent string with 2 decimals.
 * Feed is present only on a flagged quote: 'stale' (the server has no healthy price source for it: show it stale,
 * orders are refused) or 'halted' (the dealing desk halted trading; MarketStatus is 0 and Reason says why).
 * Bid and Ask are present only when the dealer set a spread (two-sided prices); Close is then the bid, so a one-price
 * client keeps working. Feed and Reason are null when absent before them.
 */
export type QuoteTuple = [
  code: string,
  close: string,
  change: string,
  time: number,
  status: 0 | 1,
  feed?: 'stale' | 'halted' | null,
  reason?: string | null,
  bid?: string,
  ask?: string,
];

/** A quote tuple's ask (the buy price): its Ask when two-sided, else Close (one price). */
export const tupleAsk = (t: QuoteTuple): string => (typeof t[8] === 'string' ? t[8] : t[1]);

// Server → client
export type ServerMessage =
  | { type: 'pong'; t: number }
  // seq: the user's last order-event seq (ok only); at: a refused token's session was ended from another device then
  | { type: 'login'; ok: boolean; msg: string; seq?: number; at?: number }
  | { type: 'revoked'; msg: string; at?: number } // the session was ended (at: from another device, when): sign out
  | { type: 'logout'; ok: true }
  | { type: 'rate'; ms: number } // the interval the server will keep for this socket (0: every batch)
  | { type: 'codes'; n: number | null } // DAY_MARKET now carries these many listed codes (null: every instrument)
  | { type: 'sub' | 'unsub'; ok: boolean; topic: string; msg?: string }
  | { type: 'error'; msg: string }
  | { type: 'DAY_MARKET'; data: QuoteTuple[] }
  | { type: 'KLINE'; topic: string; data: KlineBar & { Code: string } } // live 1min bar
  | { type: 'FOREX_TRADE'; seq: number; data: Order }
  | { type: 'FOREX_CLOSED'; seq: number; data: Order & { CloseReason: CloseReason } }
  | { type: 'PRICE_ALERT'; data: PriceAlertWire } // one of the user's alerts fired (sent once, to the sockets online then)
  | { type: 'MARGIN_CALL'; data: MarginCall } // the risk rate crossed the margin-call level (once per crossing)
  | { type: 'ACCOUNT'; data: { kind: AccountChange } }; // the user's money or review state changed elsewhere
