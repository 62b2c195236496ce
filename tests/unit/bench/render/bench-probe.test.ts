// The render bench's page probe (bench/render/bench-probe.ts): tick-to-paint stamps per quote, painted by the frame after
// the batch was applied in both feed modes (both apply between frames since the paint-driven flow control), and inert
// without ?bench.
import { describe, expect, it } from 'vitest';
import { BenchProbe, benchFlag, type ProbeDeps } from '../../../../bench/render/bench-probe.ts';
import { Q_INDEX, Q_RECEIVED, Q_STATUS, Q_TIME, QUOTE_STRIDE, type FeedBatch } from '../../../../workers/protocol.ts';
import type { FeedMode } from '../../../../src/state/feed/feed-bridge.ts';

function batchOf(quotes: { received: number; tick: number }[]): FeedBatch {
  const q = new Float64Array(quotes.length * QUOTE_STRIDE);
  quotes.forEach((x, k) => {
    const o = k * QUOTE_STRIDE;
    q[o + Q_INDEX] = k;
    q[o + Q_TIME] = x.tick;
    q[o + Q_STATUS] = 1;
    q[o + Q_RECEIVED] = x.received;
  });
  return {
    flushedAt: 0,
    quotes: q,
    quoteText: quotes.flatMap(() => ['1.50000', '0.00%', '']),
    stale: null,
    conn: null,
    kline: null,
    account: null,
  };
}

function harness(mode: FeedMode) {
  let now = 1000;
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  let listener: ((b: FeedBatch) => void) | null = null;
  const deps: ProbeDeps = {
    now: () => now,
    frame: (cb) => void frames.push(cb),
    nextTask: (cb) => void tasks.push(cb),
    subscribe: (l) => {
      listener = l;
    },
    mode: () => mode,
  };
  const probe = new BenchProbe(deps);
  probe.install();
  return {
    probe,
    advance: (ms: number) => {
      now += ms;
    },
    apply: (b: FeedBatch) => listener?.(b),
    runFrame: () => frames.splice(0).forEach((f) => f()),
    runTasks: () => tasks.splice(0).forEach((t) => t()),
  };
}

describe('bench probe', () => {
  it('worker mode: a batch applied between frames is painted by the next frame', () => {
    const h = harness('worker');
    h.advance(5);
    h.apply(
      batchOf([
        { received: 990, tick: 950 },
        { received: 1000, tick: 960 },
      ]),
    );
    h.runTasks(); // nothing yet: no frame has run
    h.advance(11);
    h.runFrame(); // rAF at 1016
    h.advance(4);
    h.runTasks(); // after the rendering, at 1020
    const s = h.probe.take();
    expect(s.batches).toBe(1);
    expect(s.quotes).toBe(2);
    expect(s.feedToPaintMs).toEqual([30, 20]);
    expect(s.serverTickToPaintMs).toEqual([70, 60]);
    expect(s.applyToPaintMs).toEqual([15]);
    expect(s.mode).toBe('worker');
  });

  it('worker mode: two batches in one frame share one paint', () => {
    const h = harness('worker');
    h.apply(batchOf([{ received: 995, tick: 990 }]));
    h.advance(3);
    h.apply(batchOf([{ received: 1002, tick: 1001 }]));
    h.advance(7);
    h.runFrame();
    h.runTasks();
    const s = h.probe.take();
    expect(s.feedToPaintMs).toEqual([15, 8]);
    expect(s.applyToPaintMs).toEqual([10, 7]);
  });

  it('main mode: the batch is applied between frames too and painted by the next one', () => {
    const h = harness('main');
    h.apply(batchOf([{ received: 996, tick: 980 }]));
    h.runTasks(); // nothing yet: no frame has run
    h.advance(6);
    h.runFrame();
    h.runTasks(); // the task after this frame's rendering
    const s = h.probe.take();
    expect(s.feedToPaintMs).toEqual([10]);
    expect(s.maxQuotesPerBatch).toBe(1);
  });

  it('skips quotes seeded from the instrument list (no receive stamp) and batches applied before the window', () => {
    const h = harness('main');
    h.apply(batchOf([{ received: 900, tick: 900 }]));
    h.advance(1);
    h.probe.reset(); // window starts after that batch was applied
    h.runFrame();
    h.runTasks();
    h.apply(
      batchOf([
        { received: 0, tick: 800 },
        { received: 1001, tick: 1000 },
      ]),
    );
    h.advance(2);
    h.runFrame();
    h.runTasks();
    const s = h.probe.take();
    expect(s.quotes).toBe(1);
    expect(s.feedToPaintMs).toEqual([2]);
  });

  it('is switched on only by a bench query parameter', () => {
    expect(benchFlag('?bench=1', '#/')).toBe(true);
    expect(benchFlag('', '#/trade?bench')).toBe(true);
    expect(benchFlag('?feed=main', '#/trade?x=1')).toBe(false);
  });
});
