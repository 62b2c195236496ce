// Binance's documented combined stream and bookTicker frames (developers.binance.com, "WebSocket Streams").
import { isDecimalText } from '../../../../domain/decimal-text.ts';
import type { RawTick } from '../price-source.ts';

export const STREAM_KIND = 'bookTicker';

/** "BTCUSDT" → "btcusdt@bookTicker". */
export function streamOf(symbol: string): string {
  return `${symbol.toLowerCase()}@${STREAM_KIND}`;
}

export type Frame =
  | { kind: 'tick'; tick: RawTick }
  | { kind: 'reply'; id: number; error: string | null }
  | { kind: 'malformed'; reason: string };

/** `now` stamps ticks without event time. */
export function parseFrame(text: string, now: number): Frame {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return { kind: 'malformed', reason: 'frame is not JSON' };
  }
  if (typeof msg !== 'object' || msg === null) return { kind: 'malformed', reason: 'frame is not an object' };
  const o = msg as Record<string, unknown>;
  if (typeof o.id === 'number' && ('result' in o || 'error' in o)) {
    const err = o.error as { code?: unknown; msg?: unknown } | undefined;
    return { kind: 'reply', id: o.id, error: err ? `${String(err.code)}: ${String(err.msg)}` : null };
  }
  const data = (typeof o.stream === 'string' ? o.data : o) as Record<string, unknown> | undefined;
  if (typeof data !== 'object' || data === null) return { kind: 'malformed', reason: 'frame without data' };
  const { s, b, a, E } = data;
  if (typeof s !== 'string' || !isDecimalText(b) || !isDecimalText(a))
    return { kind: 'malformed', reason: `not a ${STREAM_KIND} event` };
  return { kind: 'tick', tick: { symbol: s, bid: b, ask: a, sourceTime: typeof E === 'number' ? E : now } };
}
