// Binance's documented combined-stream frames: a bookTicker event is a tick in its own decimal text; replies to our
// requests are told apart; anything else is malformed with a reason.
import { describe, expect, it } from 'vitest';
import { parseFrame, streamOf } from '../../../../../../server/market/sources/exchange/binance-frames.ts';

describe('binance frames', () => {
  it('names streams in lower case', () => {
    expect(streamOf('BTCUSDT')).toBe('btcusdt@bookTicker');
  });

  it('reads a bookTicker event, with the event time when the venue sends one', () => {
    const data = { u: 1, s: 'BTCUSDT', b: '96250.01000000', B: '1', a: '96250.02000000', A: '2' };
    expect(parseFrame(JSON.stringify({ stream: 'btcusdt@bookTicker', data }), 42)).toEqual({
      kind: 'tick',
      tick: { symbol: 'BTCUSDT', bid: '96250.01000000', ask: '96250.02000000', sourceTime: 42 },
    });
    expect(parseFrame(JSON.stringify({ ...data, E: 1_764_000_000_123 }), 42)).toMatchObject({
      kind: 'tick',
      tick: { sourceTime: 1_764_000_000_123 },
    });
  });

  it('tells a reply and an error reply apart', () => {
    expect(parseFrame('{"result":null,"id":3}', 0)).toEqual({ kind: 'reply', id: 3, error: null });
    expect(parseFrame('{"error":{"code":2,"msg":"Invalid request"},"id":4}', 0)).toEqual({
      kind: 'reply',
      id: 4,
      error: '2: Invalid request',
    });
  });

  it('calls anything else malformed, with why', () => {
    expect(parseFrame('{"stream":', 0)).toEqual({ kind: 'malformed', reason: 'frame is not JSON' });
    expect(parseFrame('7', 0)).toEqual({ kind: 'malformed', reason: 'frame is not an object' });
    expect(parseFrame('{"stream":"x","data":{"s":"BTCUSDT","b":"1e5","a":"2"}}', 0)).toEqual({
      kind: 'malformed',
      reason: 'not a bookTicker event',
    });
  });
});
