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

/** A known type with a wrong shape counts as malformed. */
function wellFormed(m: Obj): boolean {
  switch (m.type) {
    case 'pong':
      return m.t === undefined || isNum(m.t);
    case 'login':
      return (
        (m.ok === undefined || typeof m.ok === 'boolean') &&
        (m.seq === undefined || isNum(m.seq)) &&
        (m.at === undefined || isNum(m.at))
      );
    case 'revoked':
      return typeof m.msg === 'string' && (m.at === undefined || isNum(m.at));
    case 'logout':
    case 'sub':
    case 'unsub':
      return m.ok === undefined || typeof m.ok === 'boolean';
    case 'error':
      return true;
    case 'rate':
      return isNum(m.ms);
    case 'codes':
      return m.n === null || isNum(m.n);
    case 'DAY_MARKET':
      return Array.isArray(m.data);
    case 'KLINE':
      return isKlineBar(m.data) && isObj(m.data) && typeof m.data.Code === 'string';
    case 'FOREX_TRADE':
    case 'FOREX_CLOSED':
      return isNum(m.seq) && isObj(m.data) && isNum(m.data.Id);
    case 'PRICE_ALERT':
      return isObj(m.data) && isNum(m.data.id) && typeof m.data.code === 'string';
    case 'ACCOUNT':
      return isObj(m.data) && typeof m.data.kind === 'string';
    case 'MARGIN_CALL':
      return isObj(m.data) && typeof m.data.risk_rate === 'string' && typeof m.data.level === 'string';
    default:
      return true; // unknown types are reported by the caller
  }
}

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
  if (!wellFormed(raw)) {
    log.error(`feed: malformed ${raw.type} message`, text.slice(0, 200));
    return null;
  }
  // The shape of every field the feed reads was checked above; the rest is the server's contract.
  return raw as unknown as ServerMessage;
}
