// @vitest-environment node
// The one typed API over a real MessageChannel in one process, as between the page and the worker: expose/wrap,
// the sink crossing as a Comlink.proxy, and batches whose quote arrays are transferred (moved), not copied.
import { afterEach, describe, expect, it } from 'vitest';
import { proxy, wrap, expose, type Remote } from 'comlink';
import { Feed } from '../../../../workers/feed/feed.ts';
import { QUOTE_STRIDE, T_PRICE, type FeedApi, type FeedBatch, type FeedSink } from '../../../../workers/protocol.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink } from '../../feed-fakes.ts';
import { until } from '../../../fixtures/until.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function connect() {
  const h = harness();
  const inner = new Feed(h.deps);
  const sentFromWorker: FeedBatch[] = [];
  // Worker side: record each batch as the feed hands it to the (remote) sink, to see its arrays moved away.
  const start: FeedApi['start'] = (c, sink) =>
    inner.start(c, {
      onBatch: (b: FeedBatch) => {
        sentFromWorker.push(b);
        return sink.onBatch(b);
      },
      onOrderEvent: (e) => sink.onOrderEvent(e),
      onOrderGap: () => sink.onOrderGap(),
      onSessionRejected: (msg) => sink.onSessionRejected(msg),
    });
  // Every other method goes to the feed itself, bound to it.
  const spy = new Proxy(inner, {
    get: (target, key) => {
      if (key === 'start') return start;
      const v: unknown = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as FeedApi;
  const ch = new MessageChannel();
  channels.push(ch);
  expose(spy, ch.port1);
  const api: Remote<FeedApi> = wrap<FeedApi>(ch.port2);
  return { h, api, sentFromWorker };
}

describe('FeedApi over a MessageChannel', () => {
  it('starts with a proxied sink and delivers one batch per frame with the quote array transferred', async () => {
    const { h, api, sentFromWorker } = connect();
    const sink = new RecordingSink();
    await api.start(config(), proxy(sink));
    await api.setInstruments([instrument('EURUSD', 1), instrument('GBPUSD', 2)]);
    h.last().open();
    h.frames.run();
    await until(() => sink.batches.length === 1);
    expect(sink.batches[0]?.conn).toBe('live');

    for (let k = 0; k < 50; k++)
      h.last().receive({ type: 'DAY_MARKET', data: [['GBPUSD', `1.3${k % 10}000`, '0.1', h.time.now + k, 1]] });
    // The next batch goes once the page's answer to the first has crossed back (one batch in flight, flow-control.ts):
    // frames run until it has, as the browser's would, however long the crossing takes on a busy machine.
    await until(() => {
      h.frames.run();
      return sink.batches.length === 2;
    });
    const got = sink.batches[1];
    expect(got?.quotes).toBeInstanceOf(Float64Array);
    expect(got?.quotes?.length).toBe(QUOTE_STRIDE);
    expect(got?.quoteText?.[T_PRICE]).toBe('1.39000');
    // The worker's copy is gone: the buffer was moved across, not cloned.
    const sent = sentFromWorker[sentFromWorker.length - 1];
    expect(sent?.quotes?.buffer.byteLength).toBe(0);
    await api.stop();
  });

  it('calls back order events and gaps through the proxy, and answers previews and sparklines', async () => {
    const { h, api } = connect();
    h.routes.set('/v1/api/forex/abbreviated_cache_kline', () => ({ EURUSD: [1, 2, 3] }));
    const sink = new RecordingSink();
    await api.start(config({ token: 'tok' }), proxy(sink));
    await api.setInstruments([instrument('EURUSD', 1)]);
    h.last().open();
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.20000', '0', h.time.now, 1]] });
    const s = h.last();
    const data = { Id: 9, Status: 1 };
    s.receive({ type: 'FOREX_TRADE', seq: 3, data });
    s.receive({ type: 'FOREX_TRADE', seq: 5, data });
    await until(() => sink.events.length === 2 && sink.gaps === 1);
    expect(sink.events.map((e) => e.seq)).toEqual([3, 5]);

    await api.watchPreview(1, {
      code: 'EURUSD',
      orderType: 1,
      quantity: '1',
      leverage: 100,
      atPrice: null,
      stopProfit: null,
      stopLoss: null,
    });
    h.frames.run();
    await until(() => sink.batches.some((b) => b.preview?.seq === 1));
    expect(sink.batches.find((b) => b.preview?.seq === 1)?.preview?.preview).toMatchObject({
      ok: true,
      margin: '1200.000000',
    });
    const sp = await api.sparklines();
    expect(sp.EURUSD).toBeInstanceOf(Float32Array);
    expect(Array.from(sp.EURUSD ?? [])).toEqual([1, 2, 3]);
    await api.stop();
  });

  it('a second start with a new sink keeps working and the old sink hears nothing more', async () => {
    const { h, api } = connect();
    const first = new RecordingSink();
    const second = new RecordingSink();
    await api.start(config(), proxy(first));
    await api.setInstruments([instrument('EURUSD', 1)]);
    h.last().open();
    h.frames.run();
    await until(() => first.batches.length === 1);
    await api.start(config({ staleAfterMs: 5000 }), proxy(second));
    expect(h.sockets).toHaveLength(1); // same wsUrl: no reconnect
    h.last().receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.1', '0', h.time.now, 1]] });
    h.frames.run();
    await until(() => second.batches.some((b) => b.quotes !== null));
    expect(first.batches.every((b) => b.quotes === null || b === first.batches[0])).toBe(true);
    await api.stop();
  });

  it('releases the sink it lets go (a new start, stop): the page end of its Comlink proxy closes', async () => {
    const h = harness();
    const released: FeedSink[] = [];
    const feed = new Feed({ ...h.deps, releaseSink: (sink) => void released.push(sink) });
    const first = new RecordingSink();
    const second = new RecordingSink();
    await feed.start(config(), first);
    await feed.start(config(), first);
    expect(released).toEqual([]);
    await feed.start(config(), second);
    expect(released).toEqual([first]);
    await feed.stop();
    expect(released).toEqual([first, second]);
  });
});
