// @vitest-environment node
// The chart path inside the feed: history over REST, live KLINE minutes into the watched period, minutes that arrive
// while history loads, the gap refill after a reconnect, and the docs/contract.md §7 headers on the feed's own REST calls.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import { CHART_BAR_INTERVAL_MS } from '../../../../workers/feed/chart-watch.ts';
import type { KlineBar } from '../../../../domain/types.ts';
import type { KlineUpdate } from '../../../../workers/protocol.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink, settle } from '../../feed-fakes.ts';

const T0 = 1_699_999_200;
const bar = (Time: number, Close: number, Volume: number): KlineBar => ({
  Time,
  Open: 1,
  High: 2,
  Low: 0.5,
  Close,
  Volume,
});

function klineUpdates(sink: RecordingSink): KlineUpdate[] {
  return sink.batches.flatMap((b) => b.kline ?? []);
}

async function setup() {
  const h = harness();
  const feed = new Feed(h.deps);
  const sink = new RecordingSink();
  const requests: URLSearchParams[] = [];
  let history: KlineBar[] = [bar(T0 - 300, 1, 10), bar(T0, 1.1, 100)];
  let minutes: KlineBar[] = [bar(T0 + 120, 1.1, 30)];
  h.routes.set('/v1/api/forex/kline', (u) => {
    requests.push(u.searchParams);
    return u.searchParams.get('period') === '1min' ? minutes : history;
  });
  await feed.start(config({ token: 'tok', lang: 'fr' }), sink);
  await feed.setInstruments([instrument('EURUSD', 7)]);
  h.last().open();
  h.frames.run();
  sink.batches.length = 0;
  return {
    h,
    feed,
    sink,
    requests,
    setHistory: (b: KlineBar[]) => void (history = b),
    setMinutes: (b: KlineBar[]) => void (minutes = b),
  };
}

const minute = (Time: number, Close: number, Volume: number) => ({
  type: 'KLINE',
  topic: 'KLINE.EURUSD',
  data: { Code: 'EURUSD', ...bar(Time, Close, Volume) },
});

describe('watchChart', () => {
  it('loads history + the latest minutes, sends a reset, then bar updates from KLINE minutes', async () => {
    const { h, feed, sink, requests } = await setup();
    await feed.watchChart('EURUSD', '5min');
    expect(h.last().topics('sub')).toContain('KLINE.EURUSD');
    const periods = requests.map((r) => [r.get('forex_id'), r.get('period'), r.get('limit')]);
    expect(periods).toEqual([
      ['7', '5min', '500'],
      ['7', '1min', '2'],
    ]);
    expect(requests[0]?.get('t')).toBe(String(h.time.now));
    h.frames.run();
    expect(klineUpdates(sink)).toEqual([
      { kind: 'reset', code: 'EURUSD', period: '5min', bars: [bar(T0 - 300, 1, 10), bar(T0, 1.1, 100)] },
    ]);
    sink.batches.length = 0;
    h.last().receive(minute(T0 + 120, 1.2, 35));
    h.last().receive(minute(T0 + 120, 1.25, 38)); // same frame: conflated to one update
    h.last().receive(minute(T0 + 180, 9, 1)); // the next minute: the previous one closes at 38
    h.time.advance(CHART_BAR_INTERVAL_MS); // live bars follow the reset no sooner than the chart's interval
    h.frames.run();
    const ups = klineUpdates(sink);
    expect(ups).toHaveLength(1);
    expect(ups[0]).toMatchObject({ kind: 'bar', bar: { Time: T0, Close: 9, Volume: 100 - 30 + 38 + 1 } });
  });

  it('sends live bars at most every CHART_BAR_INTERVAL_MS (the newest one) with the next batch, a reset at once', async () => {
    const { h, feed, sink } = await setup();
    await feed.watchChart('EURUSD', '5min');
    h.frames.run(); // the reset
    sink.batches.length = 0;
    h.last().receive(minute(T0 + 120, 1.2, 35));
    h.frames.run();
    expect(klineUpdates(sink)).toEqual([]); // too soon after the reset: held
    h.time.advance(CHART_BAR_INTERVAL_MS / 2);
    h.last().receive(minute(T0 + 120, 1.3, 36));
    h.frames.run();
    expect(klineUpdates(sink)).toEqual([]);
    h.time.advance(CHART_BAR_INTERVAL_MS / 2);
    h.frames.run();
    expect(sink.batches).toEqual([]); // due now, but no batch of its own: it waits for the next one
    // No other batch comes (a quiet market): the hold's timer asks for a frame one interval later.
    h.time.advance(CHART_BAR_INTERVAL_MS);
    h.frames.run();
    const held = klineUpdates(sink);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ kind: 'bar', bar: { Time: T0, Close: 1.3 } });
    sink.batches.length = 0;
    // Due again: the next batch (here the next minute's update) carries the newest bar at once.
    h.time.advance(CHART_BAR_INTERVAL_MS);
    h.last().receive(minute(T0 + 120, 1.4, 37));
    h.frames.run();
    expect(klineUpdates(sink)).toMatchObject([{ kind: 'bar', bar: { Close: 1.4 } }]);
    sink.batches.length = 0;
    // A bar right after is held, but another period's history (a reset) is not.
    h.last().receive(minute(T0 + 120, 1.5, 38));
    await feed.watchChart('EURUSD', '1min');
    h.frames.run();
    expect(klineUpdates(sink).map((u) => u.kind)).toEqual(['reset']);
  });

  it('sends the lang and authorization headers with the REST calls', async () => {
    const s = await setup();
    const seen: Array<Record<string, string> | undefined> = [];
    const inner = s.h.deps.fetch;
    s.h.deps.fetch = async (url, init) => {
      seen.push(init?.headers);
      return inner(url, init);
    };
    const feed = new Feed(s.h.deps);
    await feed.start(config({ token: 'tok', lang: 'fr' }), new RecordingSink());
    await feed.setInstruments([instrument('EURUSD', 7)]);
    await feed.watchChart('EURUSD', '1min');
    expect(seen[0]).toEqual({ lang: 'fr', authorization: 'tok' });
  });

  it('holds minutes that arrive while the history loads and applies them after the reset', async () => {
    const { h, feed, sink } = await setup();
    const loading = feed.watchChart('EURUSD', '5min');
    h.last().receive(minute(T0 + 180, 1.3, 4)); // before the REST answer is processed
    await loading;
    h.frames.run();
    const ups = klineUpdates(sink);
    expect(ups).toHaveLength(1); // folded into the reset
    expect(ups[0]?.kind).toBe('reset');
    const bars = ups[0]?.kind === 'reset' ? ups[0].bars : [];
    expect(bars[bars.length - 1]).toMatchObject({ Time: T0, Close: 1.3, Volume: 100 + 4 });
  });

  it('ignores KLINE messages of another code and switches topics when the chart changes', async () => {
    const { h, feed, sink } = await setup();
    await feed.setInstruments([instrument('EURUSD', 7), instrument('GBPUSD', 8)]);
    await feed.watchChart('EURUSD', '5min');
    h.frames.run();
    sink.batches.length = 0;
    h.last().receive({ type: 'KLINE', topic: 'KLINE.GBPUSD', data: { Code: 'GBPUSD', ...bar(T0 + 60, 5, 5) } });
    h.frames.run();
    expect(klineUpdates(sink)).toEqual([]);
    await feed.watchChart('GBPUSD', '1min');
    expect(h.last().topics('unsub')).toEqual(['KLINE.EURUSD']);
    expect(h.last().topics('sub').slice(-1)).toEqual(['KLINE.GBPUSD']);
    await feed.unwatchChart();
    expect(h.last().topics('unsub')).toEqual(['KLINE.EURUSD', 'KLINE.GBPUSD']);
  });

  it('waits for the instrument list before loading a chart it cannot resolve yet', async () => {
    const h = harness();
    h.routes.set('/v1/api/forex/kline', () => [bar(T0, 1, 1)]);
    const feed = new Feed(h.deps);
    const sink = new RecordingSink();
    await feed.start(config(), sink);
    await feed.watchChart('EURUSD', '1min');
    expect(h.fetchCalls).toHaveLength(0);
    await feed.setInstruments([instrument('EURUSD', 7)]);
    await settle();
    h.frames.run();
    expect(klineUpdates(sink).map((u) => u.kind)).toEqual(['reset']);
  });

  it('rejects when the history cannot load and tries again when the socket opens next', async () => {
    const { h, feed, sink } = await setup();
    h.routes.delete('/v1/api/forex/kline');
    await expect(feed.watchChart('EURUSD', '1min')).rejects.toThrow(/404/);
    h.routes.set('/v1/api/forex/kline', () => [bar(T0, 1, 1)]);
    h.last().drop();
    h.time.advance(500);
    h.last().open();
    await settle();
    h.frames.run();
    expect(klineUpdates(sink).map((u) => u.kind)).toEqual(['reset']);
  });
});

describe('while frames are not running (hidden page)', () => {
  it('collapses a long backlog of bar updates into one reset', async () => {
    const { h, feed, sink } = await setup();
    await feed.watchChart('EURUSD', '1min');
    for (let m = 1; m <= 400; m++) h.last().receive(minute(T0 + m * 60, 1 + m / 1000, 1));
    h.frames.run();
    const ups = klineUpdates(sink);
    expect(ups).toHaveLength(1);
    expect(ups[0]?.kind).toBe('reset');
    const bars = ups[0]?.kind === 'reset' ? ups[0].bars : [];
    expect(bars[bars.length - 1]).toMatchObject({ Time: T0 + 400 * 60, Close: 1.4 });
  });
});

describe('gap refill after a reconnect', () => {
  it('fetches the bars since the last one and sends them as bar updates', async () => {
    const { h, feed, sink, requests, setHistory, setMinutes } = await setup();
    await feed.watchChart('EURUSD', '5min');
    h.frames.run();
    sink.batches.length = 0;
    h.last().drop();
    // While we were away the server closed T0 and T0+300 and opened T0+600.
    setHistory([bar(T0, 1.15, 120), bar(T0 + 300, 1.2, 80), bar(T0 + 600, 1.3, 6)]);
    setMinutes([bar(T0 + 600, 1.3, 6)]);
    h.time.advance(500);
    requests.length = 0;
    h.last().open();
    h.last().receive(minute(T0 + 600, 1.31, 7)); // arrives before the refill answer
    await settle();
    expect(requests[0]?.get('from')).toBe(String(T0));
    expect(requests[0]?.get('limit')).toBe('500');
    h.frames.run();
    const ups = klineUpdates(sink);
    expect(ups.map((u) => u.kind)).toEqual(['bar', 'bar', 'bar']);
    expect(ups.map((u) => (u.kind === 'bar' ? [u.bar.Time, u.bar.Close, u.bar.Volume] : []))).toEqual([
      [T0, 1.15, 120],
      [T0 + 300, 1.2, 80],
      [T0 + 600, 1.31, 7],
    ]);
  });
});

describe('a gap longer than one page of history', () => {
  it('reloads the whole history as a reset when the refill does not reach back to the last bar', async () => {
    const { h, feed, sink, requests, setHistory } = await setup();
    await feed.watchChart('EURUSD', '5min');
    h.frames.run();
    sink.batches.length = 0;
    h.last().drop();
    setHistory([bar(T0 + 3000, 2, 1), bar(T0 + 3300, 2.1, 1)]); // the newest page only: T0 is not in it
    h.time.advance(500);
    requests.length = 0;
    h.last().open();
    await settle();
    expect(requests.filter((r) => r.get('period') === '5min').map((r) => r.get('from'))).toEqual([String(T0), null]);
    h.frames.run();
    const ups = klineUpdates(sink);
    expect(ups.map((u) => u.kind)).toEqual(['reset']);
  });
});

describe('sparklines', () => {
  it('fetches abbreviated_cache_kline once per minute and returns Float32Array per code', async () => {
    const { h, feed } = await setup();
    let calls = 0;
    h.routes.set('/v1/api/forex/abbreviated_cache_kline', () => {
      calls++;
      return { EURUSD: [1.1, 1.2, 1.3], BTCUSD: [60000, 60100] };
    });
    const [a, b] = await Promise.all([feed.sparklines(), feed.sparklines()]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(a.EURUSD).toBeInstanceOf(Float32Array);
    expect(Array.from(a.EURUSD ?? [])).toEqual([Math.fround(1.1), Math.fround(1.2), Math.fround(1.3)]);
    expect(Array.from(a.BTCUSD ?? [])).toEqual([60000, 60100]);
    h.time.advance(30_000);
    await feed.sparklines();
    expect(calls).toBe(1);
    h.time.advance(31_000);
    await feed.sparklines();
    expect(calls).toBe(2);
  });
});
