// The live socket's messages (docs/protocol.md), shared by server and worker.
import type { PriceAlertWire } from './price-alerts.ts';
import type { CloseReason, KlineBar, Order } from './types.ts';

export const WS_PATH = '/v1/ws';
export const TOPIC_DAY_MARKET = 'DAY_MARKET';
/** The contract's names: FOREX_TRADE for an order that changed, FOREX_CLOSED for one that closed. */
export const TOPIC_ORDER_CHANGED = 'FOREX_TRADE';
export const TOPIC_ORDER_CLOSED = 'FOREX_CLOSED';
export const TOPIC_PRICE_ALERT = 'PRICE_ALERT';
/** Changes made elsewhere (an operator paid a withdrawal…), so the money screens re-read their lists. */
export const TOPIC_ACCOUNT = 'ACCOUNT';
/** docs/trading.md "Margin call" */
export const TOPIC_MARGIN_CALL = 'MARGIN_CALL';
export interface MarginCall {
  risk_rate: string; // percent
  level: string; // percent
}
export type AccountChange = 'withdrawal' | 'deposit' | 'real_name' | 'balance';
export const KLINE_PREFIX = 'KLINE.';
export const klineTopic = (code: string): string => `${KLINE_PREFIX}${code}`;

/** Bigger frames are answered with an error and closed. */
export const WS_MAX_CLIENT_FRAME = 4096;
export const PING_INTERVAL_MS = 5000;
export const CONNECT_TIMEOUT_MS = 5000;
export const MAX_MISSED_PONGS = 2;
/** Low-bandwidth mode asks for one batch per `ms`; the server keeps `ms` within [its flush period, RATE_MAX_MS]. */
export const RATE_MAX_MS = 5000;
export const LOW_BANDWIDTH_RATE_MS = 1000;
/** Low-bandwidth mode narrows DAY_MARKET to these codes; the server ignores codes it does not list. */
export const CODES_MAX = 100;
export const CODE_MAX_CHARS = 32;

export type ClientMessage =
  | { type: 'ping' }
  | { type: 'sub'; topic: string }
  | { type: 'unsub'; topic: string }
  | { type: 'login'; token: string }
  | { type: 'logout' }
  | { type: 'rate'; ms: number }
  | { type: 'codes'; codes: string[] | null };

/** Compact to keep DAY_MARKET small; Close is the bid when Bid/Ask are set, so a one-price client keeps working. */
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

export const tupleAsk = (t: QuoteTuple): string => (typeof t[8] === 'string' ? t[8] : t[1]);

export type ServerMessage =
  | { type: 'pong'; t: number }
  // at: the refused token's session was ended from another device then
  | { type: 'login'; ok: boolean; msg: string; seq?: number; at?: number }
  | { type: 'revoked'; msg: string; at?: number }
  | { type: 'logout'; ok: true }
  | { type: 'rate'; ms: number } // what the server will keep, which may differ from what was asked
  | { type: 'codes'; n: number | null } // null: every instrument
  | { type: 'sub' | 'unsub'; ok: boolean; topic: string; msg?: string }
  | { type: 'error'; msg: string }
  | { type: 'DAY_MARKET'; data: QuoteTuple[] }
  | { type: 'KLINE'; topic: string; data: KlineBar & { Code: string } }
  | { type: 'FOREX_TRADE'; seq: number; data: Order }
  | { type: 'FOREX_CLOSED'; seq: number; data: Order & { CloseReason: CloseReason } }
  | { type: 'PRICE_ALERT'; data: PriceAlertWire } // sent once, to the sockets online then
  | { type: 'MARGIN_CALL'; data: MarginCall } // once per crossing
  | { type: 'ACCOUNT'; data: { kind: AccountChange } };
