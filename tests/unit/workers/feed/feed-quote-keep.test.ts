// @vitest-environment node
// The last live quotes between visits (quote-keep.ts): the feed keeps the newest tuple per instrument with
// its server time and writes them under one key at most once every QUOTES_SAVE_MS (fake clock), at once when the page
// is hidden; at start it reads them back and sends the ones newer than the list's snapshot to the painter, stale and
// with their own time, until live quotes replace them.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import type { FeedCache } from '../../../../workers/feed/deps.ts';
import { QUOTES_SAVE_MS } from '../../../../workers/feed/quote-keep.ts';
import { QUOTES_KEY } from '../../../../domain/stored-keys.ts';
import { Q_INDEX, Q_TIME, QUOTE_STRIDE, QUOTE_TEXTS, T_PRICE, type FeedBatch } from '../../../../workers/protocol.ts';
import type { QuoteTuple } from '../../../../domain/ws-protocol.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink, settle } from '../../feed-fakes.ts';

/** idb-keyval's contract in memory, counting writes. */
function memoryCache(seed: Record<string, unknown> = {}): FeedCache & { data: Map<string, unknown>; writes: number } {
  const data = new Map(Object.entries(seed));
  const c = {
    data,
    writes: 0,
    get: async <T>(key: string) => data.get(key) as T | undefined,
    set: async (key: string, value: unknown) => {
      c.writes++;
      data.set(key, structuredClone(value));
    },
  };
  return c;
}

/** Every quote the painter was sent, in order: [index, time, price text]. */
function painted(batches: FeedBatch[]): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  for (const b of batches) {
    const q = b.quotes;
    if (!q) continue;
    for (let o = 0, k = 0; o < q.length; o += QUOTE_STRIDE, k += QUOTE_TEXTS) {
      out.push([q[o + Q_INDEX] ?? -1, q[o + Q_TIME] ?? 0, b.quoteText?.[k + T_PRICE] ?? '']);
    }
  }
  return out;
}

const stored = (cache: { data: Map<string, unknown> }) => cache.data.get(QUOTES_KEY) as QuoteTuple[] | undefined;

describe('last live quotes between visits', () => {
  it('writes the newest quote per instrument, throttled, never per tick', async () => {
    const h = harness();
    const cache = memoryCache();
    const feed = new Feed({ ...h.deps, cache });
    await feed.start(config(), new RecordingSink());
    await feed.setInstruments([instrument('EURUSD', 1), instrument('GBPUSD', 2)]);
    h.last().open();
    const t0 = h.time.now;
    // 10 s of ticks, 20 a second: two writes at most, each with the newest tuple of each code.
    for (let k = 1; k <= 200; k++) {
      h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', (1 + k / 100000).toFixed(5), '0.10', t0 + k * 50, 1]] });
      if (k === 3) h.last().receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.25000', '-0.20', t0 + 150, 1]] });
      h.time.advance(50);
      if (k === 99) expect(cache.writes).toBe(0); // nothing before the first QUOTES_SAVE_MS
    }
    expect(cache.writes).toBe(2);
    // A late duplicate (older time) does not replace the newest.
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '0.90000', '0.10', t0, 1]] });
    h.time.advance(QUOTES_SAVE_MS);
    expect(stored(cache)).toEqual(
      expect.arrayContaining([
        ['EURUSD', '1.00200', '0.10', t0 + 200 * 50, 1],
        ['GBPUSD', '1.25000', '-0.20', t0 + 150, 1],
      ]),
    );
    expect(stored(cache)).toHaveLength(2);
    // Nothing new: no write at all, however long the socket stays quiet.
    const writes = cache.writes;
    h.time.advance(60_000);
    expect(cache.writes).toBe(writes);
  });

  it('writes at once when the page is hidden, and only what is new', async () => {
    const h = harness();
    const cache = memoryCache();
    const feed = new Feed({ ...h.deps, cache });
    await feed.start(config(), new RecordingSink());
    await feed.setInstruments([instrument('EURUSD', 1)]);
    h.last().open();
    const t = h.time.now + 1;
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.10000', '0.10', t, 1]] });
    h.time.advance(100);
    expect(cache.writes).toBe(0);
    await feed.nudge('hidden'); // feed-root.ts: visibilitychange hidden, pagehide
    expect(cache.writes).toBe(1);
    expect(stored(cache)).toEqual([['EURUSD', '1.10000', '0.10', t, 1]]);
    await feed.nudge('hidden');
    h.time.advance(QUOTES_SAVE_MS * 2); // the pending throttled write was cancelled by the one on hide
    expect(cache.writes).toBe(1);
  });

  it('reads them back at start and paints those newer than the snapshot, stale, with their own time, until live', async () => {
    const h = harness();
    const snapAt = h.time.now - 3_600_000; // the list's snapshot: an hour old
    const keptAt = h.time.now - 600_000; // the last live quote seen: ten minutes old
    const cache = memoryCache({
      [QUOTES_KEY]: [
        ['EURUSD', '1.23456', '0.50', keptAt, 1],
        ['GBPUSD', '9.99999', '0.50', snapAt - 1, 1], // older than its snapshot: not painted
        ['NOPE', 'x', '0', 1, 1], // malformed: ignored
      ],
    });
    const feed = new Feed({ ...h.deps, cache });
    const sink = new RecordingSink();
    await feed.start(config(), sink);
    await settle(); // the cache answers before the list is known: the kept quotes wait for it
    const snap = { Open: '1', Close: '1.10000', Change: '0.10', High: '1', Low: '1', Time: snapAt };
    await feed.setInstruments([
      instrument('EURUSD', 1, { ForexQuotations: snap }),
      instrument('GBPUSD', 2, { ForexQuotations: snap }),
    ]);
    h.frames.run();
    const first = painted(sink.batches);
    expect(first).toContainEqual([0, keptAt, '1.23456']);
    expect(first).toContainEqual([1, snapAt, '1.10000']);
    expect(first.some(([, , p]) => p === '9.99999')).toBe(false);
    // Stale: the socket is not live, so nothing was ever told fresh (the painter starts out believing "stale").
    expect(sink.batches.some((b) => b.stale && Array.from(b.stale).some((v) => v < 0))).toBe(false);

    // Live replaces it.
    sink.batches.length = 0;
    h.last().open();
    const liveAt = h.time.now;
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.30000', '0.20', liveAt, 1]] });
    h.frames.run();
    expect(painted(sink.batches)).toContainEqual([0, liveAt, '1.30000']);
    expect(sink.batches.some((b) => b.stale && Array.from(b.stale).includes(-1))).toBe(true); // EURUSD fresh again
  });

  it('a kept quote read after live ones arrived never replaces them', async () => {
    const h = harness();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const keptAt = h.time.now - 600_000;
    const inner = memoryCache({ [QUOTES_KEY]: [['EURUSD', '1.23456', '0.50', keptAt, 1]] });
    const cache: FeedCache = {
      get: async <T>(k: string) => {
        await gate;
        return inner.get<T>(k);
      },
      set: inner.set,
    };
    const feed = new Feed({ ...h.deps, cache });
    const sink = new RecordingSink();
    await feed.start(config(), sink);
    h.last().open();
    const liveAt = h.time.now;
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.30000', '0.20', liveAt, 1]] }); // before the list: held
    release();
    await settle();
    await feed.setInstruments([instrument('EURUSD', 1)]);
    h.frames.run();
    const p = painted(sink.batches);
    expect(p.at(-1)).toEqual([0, liveAt, '1.30000']);
    expect(p.some(([, , price]) => price === '1.23456')).toBe(false);
  });
});
