// Socket text into typed server messages; anything malformed is logged and dropped, never thrown.
import { isDecimalText } from '../../domain/decimal.ts';
import type { KlineBar } from '../../domain/types.ts';
import type { QuoteTuple, ServerMessage } from '../../domain/ws-protocol.ts';
import type { FeedLogger } from './deps.ts';
import { KLINE_FIELDS } from '../klines.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function isKlineBar(v: unknown): v is KlineBar {
  return isObj(v) && KLINE_FIELDS.every((k) => isNum(v[k]));
}

/** A decimal Close, so the risk maths read it exactly. */
export function isQuoteTuple(v: unknown): v is QuoteTuple {
  return (
    Array.isArray(v) &&
    typeof v[0] === 'string' &&
    isDecimalText(v[1]) &&
    typeof v[2] === 'string' &&
    Number.isFinite(Number(v[2])) &&
    isNum(v[3]) &&
    (v[4] === 0 || v[4] === 1)
  );
}

const isText = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, is: (v: unknown) => boolean): boolean => v === undefined || is(v);
const acknowledged = (m: Obj): boolean => optional(m.ok, (v) => typeof v === 'boolean');
const orderEvent = (m: Obj): boolean => isNum(m.seq) && isObj(m.data) && isNum(m.data.Id);

/** Each known type's shape: a wrong one counts as malformed; unknown types are reported by the caller. */
const SHAPES: Readonly<Record<string, (m: Obj) => boolean>> = {
  pong: (m) => optional(m.t, isNum),
  login: (m) => acknowledged(m) && optional(m.seq, isNum) && optional(m.at, isNum),
  revoked: (m) => isText(m.msg) && optional(m.at, isNum),
  logout: acknowledged,
  sub: acknowledged,
  unsub: acknowledged,
  error: () => true,
  rate: (m) => isNum(m.ms),
  codes: (m) => m.n === null || isNum(m.n),
  DAY_MARKET: (m) => Array.isArray(m.data),
  KLINE: (m) => isKlineBar(m.data) && isObj(m.data) && isText(m.data.Code),
  FOREX_TRADE: orderEvent,
  FOREX_CLOSED: orderEvent,
  PRICE_ALERT: (m) => isObj(m.data) && isNum(m.data.id) && isText(m.data.code),
  ACCOUNT: (m) => isObj(m.data) && isText(m.data.kind),
  MARGIN_CALL: (m) => isObj(m.data) && isText(m.data.risk_rate) && isText(m.data.level),
};

/** Invalid JSON → log.error; no `type` → log.warn (docs/contract.md §8); both return null. */
export function parseServerMessage(text: string, log: FeedLogger): ServerMessage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    log.error('feed: invalid JSON from the server', text.slice(0, 200));
    return null;
  }
  if (!isObj(raw) || typeof raw.type !== 'string') {
    log.warn('feed: message without type', text.slice(0, 200));
    return null;
  }
  if (Object.hasOwn(SHAPES, raw.type) && SHAPES[raw.type]?.(raw) === false) {
    log.error(`feed: malformed ${raw.type} message`, text.slice(0, 200));
    return null;
  }
  // The shape of every field the feed reads was checked above; the rest is the server's contract.
  return raw as unknown as ServerMessage;
}
