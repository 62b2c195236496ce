// @vitest-environment node
// The feed's cache between visits: last visit's bars paint at once and are replaced by the REST history; fresh
// history and sparklines are saved; sparklines fall back to the saved ones when the server cannot be reached.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import type { FeedCache } from '../../../../workers/feed/deps.ts';
import type { KlineBar } from '../../../../domain/types.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink } from '../../feed-fakes.ts';

const bar = (Time: number, Close: number): KlineBar => ({ Time, Open: 1, High: 2, Low: 0.5, Close, Volume: 1 });

function memoryCache(seed: Record<string, unknown> = {}): FeedCache & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(seed));
  return {
    data,
    get: async <T>(key: string) => data.get(key) as T | undefined,
    set: async (key, value) => void data.set(key, value),
  };
}

describe('feed cache', () => {
  it('paints cached bars first, then the REST history, and saves the fresh history', async () => {
    const h = harness();
    const cache = memoryCache({ 'tw.klines.EURUSD.1min': [bar(60, 1.05)] });
    let answer: (bars: KlineBar[]) => void = () => undefined;
    h.routes.set('/v1/api/forex/kline', () => [bar(60, 1.1), bar(120, 1.2)]);
    const slowFetch = h.deps.fetch;
    h.deps.fetch = (url, init) =>
      new Promise((resolve) => {
        answer = () => void slowFetch(url, init).then(resolve);
      });
    const feed = new Feed({ ...h.deps, cache });
    const sink = new RecordingSink();
    await feed.start(config(), sink);
    await feed.setInstruments([instrument('EURUSD', 7)]);
    h.last().open();
    const watching = feed.watchChart('EURUSD', '1min');
    await new Promise((r) => setTimeout(r, 0));
    h.frames.run();
    const first = sink.batches.flatMap((b) => b.kline ?? []);
    expect(first).toEqual([{ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(60, 1.05)] }]);

    answer([]);
    await watching;
    h.frames.run();
    const all = sink.batches.flatMap((b) => b.kline ?? []);
    expect(all.at(-1)).toMatchObject({ kind: 'reset', bars: [bar(60, 1.1), bar(120, 1.2)] });
    expect(cache.data.get('tw.klines.EURUSD.1min')).toEqual([bar(60, 1.1), bar(120, 1.2)]);
  });

  it('keeps sparklines and serves the kept ones when the server cannot be reached', async () => {
    const h = harness();
    const cache = memoryCache();
    h.routes.set('/v1/api/forex/abbreviated_cache_kline', () => ({ EURUSD: [1, 2, 3] }));
    const feed = new Feed({ ...h.deps, cache });
    await feed.start(config(), new RecordingSink());
    const fresh = await feed.sparklines();
    expect(Array.from(fresh.EURUSD ?? [])).toEqual([1, 2, 3]);
    expect(cache.data.has('tw.sparklines')).toBe(true);

    const offline = new Feed({ ...h.deps, cache, fetch: async () => Promise.reject(new Error('offline')) });
    await offline.start(config(), new RecordingSink());
    const kept = await offline.sparklines();
    expect(Array.from(kept.EURUSD ?? [])).toEqual([1, 2, 3]);
  });
});
