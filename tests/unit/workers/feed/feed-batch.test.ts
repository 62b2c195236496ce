// @vitest-environment node
// Conflation and batching: one FeedBatch per frame however many ticks arrive, newest quote per instrument only,
// malformed messages logged and ignored, staleness flips, order events with seq gaps, live account figures.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import {
  Q_DIR,
  Q_INDEX,
  Q_RECEIVED,
  Q_STATUS,
  Q_TIME,
  QUOTE_STRIDE,
  QUOTE_TEXTS,
  T_CHANGE,
  T_PRICE,
  type FeedBatch,
} from '../../../../workers/protocol.ts';
import { appOrderOf, type Order } from '../../../../domain/types.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { appOrder, order as baseOrder } from '../../../fixtures/orders.ts';
import { config, harness, RecordingSink, type Harness } from '../../feed-fakes.ts';

const LIST = [instrument('EURUSD', 1), instrument('GBPUSD', 2), instrument('BTCUSD', 3, { PricePrecision: 2 })];

async function live(over: Parameters<typeof config>[0] = {}): Promise<{ h: Harness; feed: Feed; sink: RecordingSink }> {
  const h = harness();
  const feed = new Feed(h.deps);
  const sink = new RecordingSink();
  await feed.start(config(over), sink);
  await feed.setInstruments(LIST);
  h.last().open();
  h.frames.run();
  sink.batches.length = 0;
  return { h, feed, sink };
}

function rows(b: FeedBatch | undefined): number[][] {
  const q = b?.quotes;
  if (!q) return [];
  const out: number[][] = [];
  for (let o = 0; o < q.length; o += QUOTE_STRIDE) out.push(Array.from(q.subarray(o, o + QUOTE_STRIDE)));
  return out;
}

/** The display text of each quote record: [price, change]. */
function texts(b: FeedBatch | undefined): string[][] {
  const t = b?.quoteText ?? [];
  const out: string[][] = [];
  for (let k = 0; k + QUOTE_TEXTS <= t.length; k += QUOTE_TEXTS)
    out.push([t[k + T_PRICE] ?? '', t[k + T_CHANGE] ?? '']);
  return out;
}

describe('conflation', () => {
  it('sends one batch per frame with only the newest quote per instrument', async () => {
    const { h, sink } = await live();
    const s = h.last();
    const t0 = h.time.now;
    for (let k = 1; k <= 200; k++) {
      s.receive({ type: 'DAY_MARKET', data: [['EURUSD', (1 + k / 100000).toFixed(5), '0.10', t0 + k, 1]] });
      if (k % 2 === 0)
        s.receive({ type: 'DAY_MARKET', data: [['GBPUSD', (1.2 + k / 100000).toFixed(5), '-0.25', t0 + k, 1]] });
    }
    expect(h.frames.pending).toBe(1); // one frame requested, however many ticks
    h.frames.run();
    expect(sink.batches).toHaveLength(1);
    const b = sink.batches[0];
    expect(b?.quotes).toBeInstanceOf(Float64Array);
    const r = rows(b);
    expect(r).toHaveLength(2);
    const eurAt = r.findIndex((x) => x[Q_INDEX] === 0);
    const gbpAt = r.findIndex((x) => x[Q_INDEX] === 1);
    const eur = r[eurAt];
    const gbp = r[gbpAt];
    // Display-ready text, formatted once by the feed from the server's exact decimals (5 places for these).
    expect(texts(b)[eurAt]).toEqual(['1.00200', '+0.10%']);
    expect(eur?.[Q_DIR]).toBe(1);
    expect(eur?.[Q_TIME]).toBe(t0 + 200);
    expect(eur?.[Q_STATUS]).toBe(1);
    expect(eur?.[Q_RECEIVED]).toBe(h.time.now);
    expect(texts(b)[gbpAt]).toEqual(['1.20200', '-0.25%']);
    expect(gbp?.[Q_DIR]).toBe(-1);
  });

  it('sends nothing in a frame when nothing changed', async () => {
    const { h, sink } = await live();
    h.last().receive({ type: 'pong', t: h.time.now });
    h.frames.run();
    expect(sink.batches).toHaveLength(0);
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.10000', '0.10', h.time.now, 1]] });
    h.frames.run();
    h.frames.run();
    expect(sink.batches).toHaveLength(1);
  });

  it('ignores a tick older than the one it already holds', async () => {
    const { h, sink } = await live();
    const t = h.time.now;
    h.last().receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', '1.20000', '0', t, 1],
        ['EURUSD', '1.10000', '0', t - 5, 1],
      ],
    });
    h.frames.run();
    expect(texts(sink.batches[0])[0]?.[T_PRICE]).toBe('1.20000');
  });

  it('maps quotes to the new list after setInstruments, keeping what it knew by code', async () => {
    const { h, feed, sink } = await live();
    h.last().receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.30000', '0.5', h.time.now, 1]] });
    h.frames.run();
    await feed.setInstruments([LIST[1] ?? LIST[0]!]); // GBPUSD alone: index 0 now
    h.frames.run();
    const last = sink.batches[sink.batches.length - 1];
    expect(rows(last)).toEqual([[0, 1, expect.any(Number), 1, expect.any(Number)]]);
    expect(texts(last)).toEqual([['1.30000', '+0.50%']]);
  });
});

describe('quote interest', () => {
  it('sends only the codes on screen, holds the others, and sends a held one as soon as it is shown', async () => {
    const { h, feed, sink } = await live();
    await feed.setQuoteInterest(['GBPUSD']);
    const t = h.time.now;
    h.last().receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', '1.10000', '0.1', t, 1],
        ['GBPUSD', '1.30000', '0.2', t, 1],
      ],
    });
    h.frames.run();
    expect(rows(sink.batches[0]).map((r) => r[Q_INDEX])).toEqual([1]);

    await feed.setQuoteInterest(['EURUSD', 'GBPUSD']); // EURUSD scrolled into view: its held quote goes out
    expect(h.frames.pending).toBe(1);
    h.frames.run();
    expect(rows(sink.batches[1])).toEqual([[0, 1, t, 1, expect.any(Number)]]);
    expect(texts(sink.batches[1])).toEqual([['1.10000', '+0.10%']]);

    await feed.setQuoteInterest(['EURUSD']);
    h.last().receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.31000', '0.2', t + 1, 1]] });
    h.frames.run();
    expect(sink.batches).toHaveLength(2); // nothing shown changed: no batch at all

    await feed.setQuoteInterest(null); // everything again
    h.frames.run();
    expect(rows(sink.batches[2])).toEqual([[1, 1, t + 1, 1, expect.any(Number)]]);
    expect(texts(sink.batches[2])).toEqual([['1.31000', '+0.20%']]);
  });

  it('keeps the interest by code across a new instrument list', async () => {
    const { h, feed, sink } = await live();
    await feed.setQuoteInterest(['BTCUSD']);
    await feed.setInstruments([LIST[2]!, LIST[0]!]); // BTCUSD is index 0 now
    h.frames.run();
    sink.batches.length = 0;
    const t = h.time.now;
    h.last().receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', '1.10000', '0', t, 1],
        ['BTCUSD', '50000.00', '1', t, 1],
      ],
    });
    h.frames.run();
    expect(rows(sink.batches[0]).map((r) => r[Q_INDEX])).toEqual([0]);
  });

  it('still computes P&L from quotes it does not send', async () => {
    const { h, feed, sink } = await live();
    await feed.setQuoteInterest([]);
    await feed.setPositions([appOrder({ Id: 1, instrumentId: 1, Status: 1 })], '10000', '0');
    h.frames.run();
    sink.batches.length = 0;
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.20000', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[0]?.quotes).toBeNull();
    expect(sink.batches[0]?.account?.positions[0]?.current).toBe('1.20000');
  });
});

describe('malformed messages', () => {
  it('logs invalid JSON and a message without type, and keeps working', async () => {
    const { h, sink } = await live();
    const s = h.last();
    expect(() => s.receive('{not json')).not.toThrow();
    expect(h.logs.error.length).toBe(1);
    s.receive({ data: [] });
    expect(h.logs.warn.some((a) => String(a[0]).includes('without type'))).toBe(true);
    s.receive({ type: 'DAY_MARKET', data: 'nope' });
    s.receive({ type: 'KLINE', data: { Code: 'EURUSD' } });
    s.receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', 'abc', '0', 1, 1],
        ['EURUSD', '1.23456', '0.1', h.time.now, 1],
      ],
    });
    h.frames.run();
    expect(sink.batches).toHaveLength(1);
    expect(rows(sink.batches[0])).toHaveLength(1);
    expect(texts(sink.batches[0])[0]).toEqual(['1.23456', '+0.10%']);
    expect(h.logs.error.length).toBeGreaterThanOrEqual(3);
  });
});

describe('staleness', () => {
  const flips = (sink: RecordingSink): number[] => sink.batches.flatMap((b) => (b.stale ? Array.from(b.stale) : []));

  it('every quote turns stale when the connection drops and fresh again with new ticks', async () => {
    const { h, sink } = await live();
    const s = h.last();
    s.receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', '1.10000', '0', h.time.now, 1],
        ['GBPUSD', '1.30000', '0', h.time.now, 1],
        ['BTCUSD', '60000.00', '0', h.time.now, 0],
      ],
    });
    h.frames.run();
    expect(flips(sink).sort((a, b) => a - b)).toEqual([-3, -2, -1]);
    sink.batches.length = 0;
    s.drop();
    h.frames.run();
    expect(sink.batches[0]?.conn).toBe('reconnecting');
    expect(flips(sink).sort((a, b) => a - b)).toEqual([1, 2, 3]);
    sink.batches.length = 0;
    h.time.advance(500);
    h.last().open();
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.10010', '0', h.time.now, 1]] });
    h.frames.run();
    // EURUSD ticked; BTCUSD's market is closed so it is not stale once live; GBPUSD has a 500 ms old tick: fresh too.
    expect(flips(sink).sort((a, b) => a - b)).toEqual([-3, -2, -1]);
  });

  it('an open market whose last tick is older than staleAfterMs turns stale; a closed one does not', async () => {
    const { h, sink } = await live({ staleAfterMs: 10_000 });
    const s = h.last();
    const tick = () =>
      s.receive({
        type: 'DAY_MARKET',
        data: [
          ['EURUSD', '1.1', '0', h.time.now, 1],
          ['BTCUSD', '1.00', '0', h.time.now, 0],
        ],
      });
    tick();
    s.receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.3', '0', h.time.now, 1]] });
    h.frames.run();
    sink.batches.length = 0;
    for (let i = 0; i < 12; i++) {
      h.time.advance(1000);
      s.receive({ type: 'pong', t: h.time.now });
      s.receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.3', '0', h.time.now, 1]] }); // GBPUSD keeps ticking
      h.frames.run();
    }
    expect(flips(sink)).toEqual([1]); // EURUSD only
    tick();
    h.frames.run();
    expect(flips(sink)).toEqual([1, -1]);
  });

  it('measures age on the server clock (pong.t), so a skewed client clock does not mark everything stale', async () => {
    const { h, sink } = await live({ staleAfterMs: 10_000 });
    const s = h.last();
    const server = h.time.now - 60_000; // the server's clock is a minute behind ours
    h.time.advance(5000);
    s.receive({ type: 'pong', t: server + 5000 });
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.1', '0', server + 5000, 1]] });
    h.time.advance(1000);
    h.frames.run();
    const f = flips(sink);
    expect(f).toContain(-1);
    expect(f).not.toContain(1);
  });
});

/** 1 lot EUR/USD bought at 1.10000. */
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

describe('order events', () => {
  it('forwards FOREX_TRADE/FOREX_CLOSED as changed/closed as they come and reports a seq gap', async () => {
    const { h, sink } = await live({ token: 't' });
    const s = h.last();
    s.receive({ type: 'FOREX_TRADE', seq: 1, data: order({ Id: 5 }) });
    s.receive({ type: 'FOREX_CLOSED', seq: 2, data: order({ Id: 5, Status: 3, CloseReason: 'user' }) });
    expect(sink.events.map((e) => [e.change, e.seq])).toEqual([
      ['changed', 1],
      ['closed', 2],
    ]);
    // The wire parser hands the page the order in the glossary's words.
    expect(sink.events[0]?.data).toMatchObject({ Id: 5, margin: '1100', leverage: 100 });
    expect(sink.events[0]?.data).not.toHaveProperty('CautionMoney');
    expect(sink.gaps).toBe(0);
    s.receive({ type: 'FOREX_CLOSED', seq: 2, data: order({ Id: 5 }) }); // duplicate: dropped
    expect(sink.events).toHaveLength(2);
    s.receive({ type: 'FOREX_TRADE', seq: 5, data: order({ Id: 6 }) });
    expect(sink.events).toHaveLength(3);
    expect(sink.gaps).toBe(1);
  });
});

describe('account', () => {
  it('recomputes floating P&L, equity and risk rate on quotes of held instruments only, once per frame', async () => {
    const { h, feed, sink } = await live();
    h.last().receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', '1.10000', '0', h.time.now, 1],
        ['GBPUSD', '1.30000', '0', h.time.now, 1],
      ],
    });
    h.frames.run();
    sink.batches.length = 0;
    // Buy 1 lot EURUSD at 1.10000 (margin 1100) and sell 1 lot GBPUSD at 1.30000 (margin 1300).
    await feed.setPositions(
      [
        order({ Id: 1 }),
        order({
          Id: 2,
          ForexId: 2,
          ForexTradeLists: { ShowCode: 'GBP/USD', Code: 'GBPUSD', PricePrecision: 5 },
          OrderType: 2,
          Price: '1.30000',
          UpdatePrice: '1.30000',
          CautionMoney: '1300',
        }),
      ].map(appOrderOf),
      '7600',
      '2400',
    );
    h.frames.run();
    expect(sink.batches[0]?.account?.equity).toBe('10000.000000');
    sink.batches.length = 0;
    const s = h.last();
    s.receive({ type: 'DAY_MARKET', data: [['BTCUSD', '1.00', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[0]?.account).toBeNull(); // nothing held moved
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.10500', '0', h.time.now, 1]] });
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.11000', '0', h.time.now, 1]] });
    s.receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.29000', '0', h.time.now, 1]] });
    h.frames.run();
    const a = sink.batches[1]?.account;
    // EURUSD buy: (1.11 − 1.10) × 1 × 100000 = +1000; GBPUSD sell: (1.30 − 1.29) × 100000 = +1000.
    expect(a?.positions).toEqual([
      { Id: 1, current: '1.11000', pnl: '1000.000000', netValue: '2100.000000', riskRate: '1.9091' },
      { Id: 2, current: '1.29000', pnl: '1000.000000', netValue: '2300.000000', riskRate: '1.7692' },
    ]);
    expect(a?.floating).toBe('2000.000000');
    expect(a?.equity).toBe('12000.000000'); // 7600 + 2400 + 2000
    expect(a?.riskRate).toBe('5.0000'); // 12000 / 2400
  });

  it('keeps a watched preview current inside the frame batch, only when its figures move', async () => {
    const { h, feed, sink } = await live({ tradeFeeType: 2 });
    const s = h.last();
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.08321', '0', h.time.now, 1]] });
    h.frames.run();
    sink.batches.length = 0;
    const market = {
      code: 'EURUSD',
      orderType: 1 as const,
      quantity: '0.1',
      leverage: 100,
      atPrice: null,
      stopProfit: null,
      stopLoss: null,
    };
    await feed.watchPreview(7, market);
    h.frames.run();
    expect(sink.batches[0]?.preview).toEqual({
      seq: 7,
      preview: expect.objectContaining({ ok: true, price: '1.08321', margin: '108.321000' }),
    });

    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.08421', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[1]?.preview).toEqual({ seq: 7, preview: expect.objectContaining({ margin: '108.421000' }) });
    expect(sink.batches[1]?.quotes).not.toBeNull(); // the same message as the quote: one per frame

    s.receive({ type: 'DAY_MARKET', data: [['GBPUSD', '1.30000', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[2]?.preview).toBeNull(); // another instrument ticked: nothing to recompute

    await feed.watchPreview(8, { ...market, atPrice: '1.05000' }); // pending: the price does not move it
    h.frames.run();
    expect(sink.batches[3]?.preview).toEqual({
      seq: 8,
      preview: expect.objectContaining({ price: '1.05000', margin: '105.000000', pendingKind: 'limit' }),
    });
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.09000', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[4]?.preview).toBeNull();
    // The market fell through the order's price: a buy above the market is a stop order now, at the same figures.
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.04000', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[5]?.preview).toEqual({
      seq: 8,
      preview: expect.objectContaining({ price: '1.05000', margin: '105.000000', pendingKind: 'stop' }),
    });

    await feed.watchPreview(8, null);
    s.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.09100', '0', h.time.now, 1]] });
    h.frames.run();
    expect(sink.batches[6]?.preview).toBeNull();
  });

  it('previews an order at the live price through the feed', async () => {
    const { h, feed, sink } = await live({ tradeFeeType: 2 });
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.08321', '0', h.time.now, 1]] });
    await feed.watchPreview(1, {
      code: 'EURUSD',
      orderType: 1,
      quantity: '0.1',
      leverage: 100,
      atPrice: null,
      stopProfit: null,
      stopLoss: null,
    });
    h.frames.run();
    const p = sink.batches[sink.batches.length - 1]?.preview?.preview;
    expect(p).toMatchObject({ ok: true, price: '1.08321', margin: '108.321000', fee: '0.108321' });
  });
});
