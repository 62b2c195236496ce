// The exchange-stream source against a local websocket server replaying recorded frames in Binance's documented
// combined-stream format (tests/fixtures/binance-book-ticker.jsonl): tickers for the mapped symbols only, live
// subscription changes, a refused stream surfaced, bad frames counted, and reconnects (a drop, a silent connection, a
// server that never answers the upgrade).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExchangeSource } from '../../../../server/market/sources/exchange/exchange-source.ts';
import { ExchangeStream } from '../../../fixtures/exchange-stream.ts';
import { freePort } from '../../../fixtures/free-port.ts';
import { RecordingSink } from '../../../fixtures/recording-sink.ts';
import { silentPeer } from '../../../fixtures/silent-peer.ts';
import { until } from '../../../fixtures/until.ts';

const IDLE_MS = 987_654;
const CONNECT_MS = 876_543;
const NOW = 1_764_000_000_000;

describe('exchange stream source (Binance bookTicker format)', () => {
  let server: ExchangeStream;
  let source: ExchangeSource;
  let sink: RecordingSink;
  let makeSource: (url: string) => ExchangeSource;
  /** The idle watchdogs and connect deadlines armed (fired by hand); the reconnect back-off runs at once. */
  let idle: Array<() => void>;
  let deadlines: Array<() => void>;
  const waits = { tries: 1500, stepMs: 5 };

  beforeEach(async () => {
    const port = await freePort();
    server = new ExchangeStream(port);
    await server.start();
    idle = [];
    deadlines = [];
    const timers = {
      setTimeout: (fn: () => void, ms: number) => {
        if (ms === IDLE_MS || ms === CONNECT_MS) {
          (ms === IDLE_MS ? idle : deadlines).push(fn);
          return fn;
        }
        return setTimeout(fn, 0);
      },
      clearTimeout: (h: unknown) => {
        if (typeof h !== 'function') clearTimeout(h as NodeJS.Timeout);
        idle = idle.filter((f) => f !== h);
        deadlines = deadlines.filter((f) => f !== h);
      },
      setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
      clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout),
    };
    sink = new RecordingSink();
    makeSource = (url) =>
      new ExchangeSource(
        { url, idleMs: IDLE_MS, connectMs: CONNECT_MS, backoff: { baseMs: 10, maxMs: 100 } },
        { clock: { now: () => NOW }, timers, random: () => 0.5 },
      );
    source = makeSource(`ws://127.0.0.1:${port}`);
  });

  afterEach(async () => {
    await source.stop();
    await server.stop();
  });

  it("streams the mapped symbols' best bid and ask as sent, and nothing of unmapped ones", async () => {
    source.subscribe(['BTCUSDT', 'ETHUSDT']);
    await source.start(sink);
    await until(() => server.connected && sink.ups === 1, { what: 'the connection', ...waits });
    expect([...server.streams].sort()).toEqual(['btcusdt@bookTicker', 'ethusdt@bookTicker']);
    server.replay();
    await until(() => sink.ticks.length === 5, { what: 'five ticks', ...waits });
    expect(sink.ticks.map((t) => [t.symbol, t.bid, t.ask])).toEqual([
      ['BTCUSDT', '96250.01000000', '96250.02000000'],
      ['ETHUSDT', '3410.55000000', '3410.56000000'],
      ['BTCUSDT', '96250.50000000', '96251.00000000'],
      ['ETHUSDT', '3411.00000000', '3411.01000000'],
      ['BTCUSDT', '96249.99000000', '96250.00000000'],
    ]);
    expect(sink.ticks[0]?.sourceTime).toBe(NOW);
    expect(sink.malformedReasons).toEqual(['not a bookTicker event']);
  });

  it('subscribes and unsubscribes live when the mapping changes, and surfaces a refused stream', async () => {
    server.refuse.add('dogeusdt@bookTicker');
    source.subscribe(['BTCUSDT']);
    await source.start(sink);
    await until(() => sink.ups === 1, { what: 'the connection', ...waits });
    source.subscribe(['ETHUSDT', 'SOLUSDT', 'DOGEUSDT']);
    await until(() => sink.rejects.length === 3 && server.requests.length === 2, { what: 'the replies', ...waits });
    expect(server.requests.map((r) => [r.method, r.params])).toEqual([
      ['UNSUBSCRIBE', ['btcusdt@bookTicker']],
      ['SUBSCRIBE', ['ethusdt@bookTicker', 'solusdt@bookTicker', 'dogeusdt@bookTicker']],
    ]);
    // The exchange refuses a request whole: each symbol in it is shown to the operator with the exchange's words.
    expect(sink.rejects.map(([s]) => s)).toEqual(['ETHUSDT', 'SOLUSDT', 'DOGEUSDT']);
    expect(sink.rejects[2]?.[1]).toContain('unknown stream dogeusdt@bookTicker');
  });

  it('counts a garbled frame, reconnects after a drop and after a silent connection, with its symbols', async () => {
    source.subscribe(['SOLUSDT']);
    await source.start(sink);
    await until(() => sink.ups === 1, { what: 'the connection', ...waits });
    server.raw('{"stream":');
    server.drop();
    await until(() => sink.ups === 2 && server.connected, { what: 'the reconnect', ...waits });
    expect(sink.malformedReasons).toContain('frame is not JSON');
    expect([...server.streams]).toEqual(['solusdt@bookTicker']);
    server.replay();
    await until(() => sink.ticks.length === 1, { what: 'a tick after the reconnect', ...waits });
    // No frame and no ping for idleMs: the watchdog drops the half-open connection and a new one is made.
    idle.at(-1)?.();
    await until(() => sink.ups === 3 && server.connections === 3, { what: 'the reconnect after silence', ...waits });
    expect(sink.connections.filter(([up]) => !up).length).toBeGreaterThanOrEqual(2);
  });

  it('abandons a server that takes the connection but never answers the upgrade, and tries again', async () => {
    const peer = await silentPeer();
    const port = peer.port;
    await source.stop();
    source = makeSource(`ws://127.0.0.1:${port}`);
    try {
      source.subscribe(['SOLUSDT']);
      await source.start(sink);
      await until(() => peer.accepted() === 1 && deadlines.length === 1, { what: 'the first attempt', ...waits });
      deadlines[0]?.();
      await until(() => peer.closed() === 1 && peer.accepted() === 2, {
        what: 'the socket closed, a new try',
        ...waits,
      });
      expect(sink.connections).toContainEqual([
        false,
        `ws://127.0.0.1:${port}: no answer within ${CONNECT_MS} ms (1006)`,
      ]);
      expect(sink.ups).toBe(0);
    } finally {
      await source.stop();
      await peer.stop();
    }
  });
});
