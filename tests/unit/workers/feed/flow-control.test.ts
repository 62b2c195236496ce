// @vitest-environment node
// Paint-driven flow control: one batch in flight, the next only after the page's acknowledgement (the
// frame that painted it), a fresh change gathered GATHER_MS, a screen's minimum interval between batches, and
// across a real Feed: while a batch is in flight only quotes superseded by a newer quote of the same instrument are
// dropped, every other change reaches the next batch.
import { describe, expect, it } from 'vitest';
import { FlowControl, GATHER_MS, MAX_MIN_INTERVAL_MS } from '../../../../workers/feed/flow-control.ts';
import { Feed } from '../../../../workers/feed/feed.ts';
import {
  Q_INDEX,
  QUOTE_STRIDE,
  QUOTE_TEXTS,
  T_PRICE,
  type FeedBatch,
  type FeedSink,
} from '../../../../workers/protocol.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink } from '../../feed-fakes.ts';

/** A deferred acknowledgement per batch: resolve(i) is "the page painted batch i". */
function acks() {
  const pending: (() => void)[] = [];
  return {
    pending,
    make(): Promise<void> {
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    resolve(i: number) {
      pending[i]?.();
    },
  };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function rig() {
  let t = 1000;
  const waits: number[] = [];
  const due: (() => void)[] = [];
  const a = acks();
  let sent = 0;
  let say = true; // whether flush has something to send
  const flow = new FlowControl(
    {
      now: () => t,
      schedule: (cb, ms) => {
        waits.push(ms);
        due.push(cb);
      },
    },
    () => {
      if (!say) return null;
      sent++;
      return a.make();
    },
  );
  return {
    flow,
    waits,
    acks: a,
    get sent() {
      return sent;
    },
    quiet(v: boolean) {
      say = !v;
    },
    advance: (ms: number) => void (t += ms),
    runDue: () => due.splice(0).forEach((cb) => cb()),
    /** A fresh change gathered for GATHER_MS and sent: batch 0 in flight. */
    sendFirst() {
      flow.request();
      t += GATHER_MS;
      due.splice(0).forEach((cb) => cb());
    },
    get due() {
      return due.length;
    },
  };
}

describe('FlowControl', () => {
  it('gathers a fresh change for GATHER_MS, then sends one batch', () => {
    const r = rig();
    r.flow.request();
    r.flow.request();
    expect(r.waits).toEqual([GATHER_MS]);
    r.advance(GATHER_MS);
    r.runDue();
    expect(r.sent).toBe(1);
    expect(r.flow.inFlight).toBe(true);
  });

  it('keeps one batch in flight: changes meanwhile wait for the credit', async () => {
    const r = rig();
    r.sendFirst();
    r.advance(50);
    r.flow.request(); // the server's next frame while the page has not painted the first batch
    r.flow.request();
    expect(r.due).toBe(0); // nothing scheduled: no credit
    r.advance(200);
    r.runDue();
    expect(r.sent).toBe(1);
  });

  it('sends the next batch only after the page acknowledged the frame, at once when the change already waited', async () => {
    const r = rig();
    r.sendFirst();
    r.advance(30);
    r.flow.request();
    r.advance(10);
    r.acks.resolve(0); // the frame that painted batch 0
    await settle();
    expect(r.flow.inFlight).toBe(false);
    expect(r.waits.at(-1)).toBe(0); // the change waited 10 ms already: no second gather
    r.runDue();
    expect(r.sent).toBe(2);
  });

  it('a credit with nothing changed sends nothing; the next change is gathered again', async () => {
    const r = rig();
    r.flow.request();
    r.runDue();
    r.acks.resolve(0);
    await settle();
    expect(r.due).toBe(0);
    r.advance(500);
    r.flow.request();
    expect(r.waits.at(-1)).toBe(GATHER_MS);
  });

  it('a failed paint still returns the credit', async () => {
    let t = 0;
    const due: (() => void)[] = [];
    let sent = 0;
    const flow = new FlowControl({ now: () => t, schedule: (cb) => void due.push(cb) }, () => {
      sent++;
      return Promise.reject(new Error('painter threw'));
    });
    flow.request();
    due.splice(0).forEach((cb) => cb());
    await settle();
    expect(flow.inFlight).toBe(false);
    t += 100;
    flow.request();
    due.splice(0).forEach((cb) => cb());
    expect(sent).toBe(2);
  });

  it('honours a screen minimum interval between batches (clamped to [0, MAX_MIN_INTERVAL_MS])', async () => {
    const r = rig();
    r.flow.setMinInterval(100);
    r.flow.request();
    r.runDue(); // batch 0 leaves at t = 1000
    r.advance(20);
    r.acks.resolve(0);
    await settle();
    r.flow.request(); // painted after 20 ms: credit is back, but the screen asked for 100 ms
    expect(r.waits.at(-1)).toBe(80);
    r.advance(80);
    r.runDue();
    expect(r.sent).toBe(2);
    r.flow.setMinInterval(-5);
    expect(r.flow.minIntervalMs).toBe(0);
    r.flow.setMinInterval(60_000);
    expect(r.flow.minIntervalMs).toBe(MAX_MIN_INTERVAL_MS);
  });

  it('a sink that does not acknowledge leaves nothing in flight', () => {
    const r = rig();
    r.quiet(true);
    r.flow.request();
    r.runDue();
    expect(r.flow.inFlight).toBe(false);
  });

  it('reset() gives the credit back for a new sink and ignores the old sink answering late', async () => {
    const r = rig();
    r.flow.request();
    r.runDue(); // batch 0 to the old sink, never answered yet
    r.flow.reset();
    r.flow.request();
    r.runDue(); // batch 1 to the new sink
    expect(r.sent).toBe(2);
    r.acks.resolve(0); // the old sink answers late
    await settle();
    expect(r.flow.inFlight).toBe(true); // batch 1 is still in flight
    r.flow.request();
    expect(r.due).toBe(0);
  });
});

describe('Feed with paint-driven flow control', () => {
  const LIST = [instrument('EURUSD', 1), instrument('GBPUSD', 2), instrument('USDJPY', 3, { PricePrecision: 3 })];

  /** A sink that records batches and acknowledges each only when told. */
  function paintingSink(): FeedSink & { batches: FeedBatch[]; a: ReturnType<typeof acks> } {
    const rec = new RecordingSink();
    const a = acks();
    return {
      batches: rec.batches,
      a,
      onBatch: (b) => {
        rec.onBatch(b);
        return a.make();
      },
      onOrderEvent: (e) => rec.onOrderEvent(e),
      onOrderGap: () => rec.onOrderGap(),
      onSessionRejected: (m) => rec.onSessionRejected(m),
    };
  }

  function prices(b: FeedBatch | undefined): Record<number, string> {
    const out: Record<number, string> = {};
    const q = b?.quotes;
    const t = b?.quoteText ?? [];
    if (!q) return out;
    for (let o = 0, k = 0; o < q.length; o += QUOTE_STRIDE, k += QUOTE_TEXTS)
      out[q[o + Q_INDEX] ?? -1] = t[k + T_PRICE] ?? '';
    return out;
  }

  it('sends nothing while a batch is in flight, then one batch with every change: only superseded quotes dropped', async () => {
    const h = harness();
    const feed = new Feed(h.deps);
    const sink = paintingSink();
    await feed.start(config(), sink);
    await feed.setInstruments(LIST);
    h.last().open();
    h.frames.run(); // the connection state batch (in flight now)
    sink.a.resolve(0);
    await settle();
    const s = h.last();
    const tick = (code: string, price: string) =>
      s.receive({ type: 'DAY_MARKET', data: [[code, price, '0.10', h.time.now, 1]] });
    tick('EURUSD', '1.10000');
    h.frames.run();
    const first = sink.batches.length;
    expect(prices(sink.batches.at(-1))).toEqual({ 0: '1.10000' });
    // While that batch is in flight: EURUSD twice (the first superseded), GBPUSD and USDJPY once.
    tick('EURUSD', '1.10010');
    tick('GBPUSD', '1.25000');
    tick('EURUSD', '1.10020');
    tick('USDJPY', '150.123');
    h.frames.run();
    expect(sink.batches).toHaveLength(first); // one batch in flight: nothing more leaves
    sink.a.resolve(first - 1); // the page painted it
    await settle();
    h.frames.run();
    expect(sink.batches).toHaveLength(first + 1);
    expect(prices(sink.batches.at(-1))).toEqual({ 0: '1.10020', 1: '1.25000', 2: '150.123' });
  });
});
