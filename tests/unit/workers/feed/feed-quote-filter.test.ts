// @vitest-environment node
// The worker parses only the quotes it needs: once the page has said what it shows, a DAY_MARKET frame's
// tuples for other codes are skipped unparsed; the held instruments' P&L and the pinned instruments (the /trade
// instrument, price alerts) stay exact; a skipped code shown again is current at once; the idb keep still gets the
// newest quote of every code; and a frame in another shape than the server's goes the slow way, filtered alike.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import { QuoteFilter } from '../../../../workers/feed/quote-filter.ts';
import { QUOTES_KEY } from '../../../../domain/stored-keys.ts';
import { QUOTE_TEXTS, T_PRICE, type FeedBatch } from '../../../../workers/protocol.ts';
import { appOrderOf, type Order } from '../../../../domain/types.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { order as baseOrder } from '../../../fixtures/orders.ts';
import { config, harness, RecordingSink, settle, type Harness } from '../../feed-fakes.ts';

const PRECISION: Record<string, number> = { EURUSD: 5, GBPUSD: 5, USDJPY: 3, XAUUSD: 2, BTCUSD: 2 };
const LIST = Object.entries(PRECISION).map(([code, p], i) => instrument(code, i + 1, { PricePrecision: p }));

afterEach(() => vi.restoreAllMocks());

async function live(): Promise<{ h: Harness; feed: Feed; sink: RecordingSink; kept: Map<string, unknown> }> {
  const h = harness();
  const kept = new Map<string, unknown>();
  const cache = {
    get: async <T>(k: string) => kept.get(k) as T | undefined,
    set: async (k: string, v: unknown) => void kept.set(k, v),
  };
  const feed = new Feed({ ...h.deps, cache });
  const sink = new RecordingSink();
  await feed.start(config(), sink);
  await feed.setInstruments(LIST);
  h.last().open();
  h.frames.run();
  sink.batches.length = 0;
  return { h, feed, sink, kept };
}

/** Exactly as the server writes it (JSON.stringify of {type, data}). */
const frame = (data: unknown[][]): string => JSON.stringify({ type: 'DAY_MARKET', data });

/** Every string JSON.parse was asked to read, while `fn` runs. */
function parsedTexts(fn: () => void): string[] {
  const spy = vi.spyOn(JSON, 'parse');
  fn();
  const seen = spy.mock.calls.map((c) => String(c[0]));
  spy.mockRestore();
  return seen;
}

const prices = (b: FeedBatch | undefined): string[] => {
  const t = b?.quoteText ?? [];
  const out: string[] = [];
  for (let k = 0; k + QUOTE_TEXTS <= t.length; k += QUOTE_TEXTS) out.push(t[k + T_PRICE] ?? '');
  return out;
};

const order = (over: Partial<Order>): Order =>
  baseOrder({
    Quantity: '1',
    Price: '1.10000',
    OriginPrice: '1.10000',
    UpdatePrice: '1.10000',
    FactProfits: '0',
    CautionMoney: '1100',
    TradeFee: '1.1',
    CreateTimeHandler: '',
    ...over,
  });

describe('the feed parses only what it needs', () => {
  it('skips unshown instruments unparsed, yet keeps a held position exact and the pinned alert instrument current', async () => {
    const { h, feed, sink } = await live();
    await feed.setQuoteInterest(['EURUSD']); // one row on screen
    await feed.setPinnedCodes(['XAUUSD']); // an instrument with a price alert
    // Held: 1 lot GBPUSD bought at 1.30000 (margin 1300).
    await feed.setPositions(
      [
        order({
          Id: 2,
          ForexId: 2,
          ForexTradeLists: { ShowCode: 'GBP/USD', Code: 'GBPUSD', PricePrecision: 5 },
          Price: '1.30000',
          UpdatePrice: '1.30000',
          CautionMoney: '1300',
        }),
      ].map(appOrderOf),
      '8700',
      '1300',
    );
    h.frames.run();
    sink.batches.length = 0;

    const now = h.time.now;
    const text = frame([
      ['EURUSD', '1.08500', '0.10', now, 1],
      ['GBPUSD', '1.31234', '0.20', now, 1],
      ['USDJPY', '151.512', '-0.30', now, 1],
      ['XAUUSD', '2401.55', '0.40', now, 1],
      ['BTCUSD', '67250.00', '1.00', now, 1],
    ]);
    const seen = parsedTexts(() => h.last().receive(text));
    // The frame is not parsed whole; USDJPY's and BTCUSD's tuples are never parsed at all.
    expect(seen).not.toContain(text);
    expect(seen.some((s) => s.includes('USDJPY') || s.includes('BTCUSD'))).toBe(false);
    expect(seen.filter((s) => s.includes('EURUSD') || s.includes('GBPUSD') || s.includes('XAUUSD'))).toHaveLength(3);

    h.frames.run();
    const b = sink.batches[0];
    expect(prices(b)).toEqual(['1.08500']); // only the row on screen crosses to the page, as before
    // The held position's P&L from its exact quote: (1.31234 − 1.30000) × 1 × 100000 = 1234.
    expect(b?.account?.positions).toEqual([
      { Id: 2, current: '1.31234', pnl: '1234.000000', netValue: '2534.000000', riskRate: '1.9492' },
    ]);
    expect(b?.account?.floating).toBe('1234.000000');

    // The alert's instrument was parsed (pinned): shown now, its quote is there without a new frame.
    sink.batches.length = 0;
    await feed.setQuoteInterest(['EURUSD', 'XAUUSD']);
    h.frames.run();
    expect(prices(sink.batches[0])).toEqual(['2401.55']);
  });

  it('brings a skipped instrument up to date the moment it is shown, from its newest skipped quote', async () => {
    const { h, feed, sink } = await live();
    await feed.setQuoteInterest(['EURUSD']);
    h.frames.run();
    const s = h.last();
    s.receive(frame([['USDJPY', '151.500', '0', h.time.now, 1]]));
    s.receive(
      frame([
        ['USDJPY', '151.777', '0.1', h.time.now + 50, 1],
        ['EURUSD', '1.08000', '0', h.time.now + 50, 1],
      ]),
    );
    h.frames.run();
    sink.batches.length = 0;
    await feed.setQuoteInterest(['EURUSD', 'USDJPY']); // scrolled into view
    h.frames.run();
    expect(prices(sink.batches[0])).toEqual(['151.777']);
    // Fresh: USDJPY (index 2) is told "fresh" (-(2+1)), never "stale".
    expect(Array.from(sink.batches[0]?.stale ?? [])).toEqual([-3]);
  });

  it('keeps the newest quote of every instrument for the next visit, skipped ones included', async () => {
    const { h, feed, kept } = await live();
    await feed.setQuoteInterest(['EURUSD']);
    h.last().receive(
      frame([
        ['EURUSD', '1.08000', '0', h.time.now, 1],
        ['BTCUSD', '67000.00', '0.5', h.time.now, 1],
      ]),
    );
    await feed.nudge('hidden');
    await settle();
    const stored = kept.get(QUOTES_KEY) as unknown[][];
    expect(stored.map((t) => [t[0], t[1]]).sort()).toEqual([
      ['BTCUSD', '67000.00'],
      ['EURUSD', '1.08000'],
    ]);
  });

  it('parses every quote until the page has said what it shows, and a frame in another shape the slow way', async () => {
    const { h, feed, sink } = await live();
    h.last().receive(frame([['USDJPY', '151.500', '0', h.time.now, 1]]));
    h.frames.run();
    expect(prices(sink.batches[0])).toEqual(['151.500']); // no interest yet: everything
    await feed.setQuoteInterest(['EURUSD']);
    h.frames.run();
    sink.batches.length = 0;
    // Keys in another order (another backend): parsed whole, still filtered.
    h.last().receive(
      `{"data":[["USDJPY","151.600","0",${h.time.now},1],["EURUSD","1.09000","0",${h.time.now},1]],"type":"DAY_MARKET"}`,
    );
    h.frames.run();
    expect(prices(sink.batches[0])).toEqual(['1.09000']);
    await feed.setQuoteInterest(['EURUSD', 'USDJPY']);
    h.frames.run();
    expect(prices(sink.batches.at(-1))).toEqual(['151.600']);
  });
});

describe('QuoteFilter.scan', () => {
  const f = new QuoteFilter();
  f.setShown(['A']);
  it('parses the needed tuples and refuses anything but the exact frame shape', () => {
    expect(f.scan('{"type":"DAY_MARKET","data":[["A","1.0","0",1,1],["B","2.0","0",1,1]]}')).toEqual([
      ['A', '1.0', '0', 1, 1],
    ]);
    expect(f.scan('{"type":"DAY_MARKET","data":[]}')).toEqual([]);
    expect(f.scan('{"type":"KLINE","data":{}}')).toBeNull();
    expect(f.scan('{"type":"DAY_MARKET","data":[["A","1]0","0",1,1]]}')).toBeNull(); // a ']' inside a string
    expect(f.scan('{"type":"DAY_MARKET","data":[["A\\u0042","1.0","0",1,1]]}')).toBeNull(); // an escaped code
    expect(f.scan('{"type":"DAY_MARKET","data":[["A","1.0","0",1,1]]} ')).toBeNull();
  });
});
