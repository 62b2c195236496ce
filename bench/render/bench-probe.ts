// Records when each quote of a batch is painted, the same way in both feed modes; inert without `bench` in the query.
import { Q_RECEIVED, Q_TIME, QUOTE_STRIDE, type FeedBatch } from '../../workers/protocol.ts';
import { onPaint } from '../../src/state/feed/feed-listeners.ts';
import { runningFeedMode, type FeedMode } from '../../src/state/feed/feed-bridge.ts';

/** A 20 s window at 300 instruments × 20 Hz needs about 60,000. */
export const PROBE_MAX_SAMPLES = 200_000;

export interface ProbeDeps {
  /** The clock the feed stamps Q_RECEIVED with (Date.now in both homes). */
  now(): number;
  frame(cb: () => void): void;
  /** After the rendering when posted from a rAF callback. */
  nextTask(cb: () => void): void;
  subscribe(listener: (b: FeedBatch) => void): void;
  mode(): FeedMode | null;
}

/** A window's figures, empty: the arrays are the samples taken since the window began. */
const emptySnapshot = () => ({
  mode: null as FeedMode | null,
  windowMs: 0,
  batches: 0,
  quotes: 0,
  maxQuotesPerBatch: 0,
  /** Q_RECEIVED is the feed's own stamp when the quote arrived. */
  feedToPaintMs: [] as number[],
  /** Adds the network and the server's conflation window to the tick-to-paint latency. */
  serverTickToPaintMs: [] as number[],
  applyToPaintMs: [] as number[],
  dropped: 0,
});
export type ProbeSnapshot = ReturnType<typeof emptySnapshot>;

interface Pending {
  appliedAt: number;
  received: number[];
  ticks: number[];
}

/** "Painted" is the first task after the rendering: both feed modes apply a batch in a task between frames. */
export class BenchProbe {
  private started = 0;
  private snap = emptySnapshot();
  private pendingNext: Pending[] = [];
  private frameRequested = false;

  constructor(private readonly deps: ProbeDeps) {}

  install(): void {
    this.deps.subscribe((b) => this.onBatch(b));
    this.reset();
  }

  reset(): void {
    this.started = this.deps.now();
    this.snap = emptySnapshot();
  }

  /** The arrays are handed over; the next window starts empty. */
  take(): ProbeSnapshot {
    const out = { ...this.snap, mode: this.deps.mode(), windowMs: this.deps.now() - this.started };
    this.reset();
    return out;
  }

  private onBatch(b: FeedBatch): void {
    const appliedAt = this.deps.now();
    const qs = b.quotes;
    const p: Pending = { appliedAt, received: [], ticks: [] };
    if (qs) {
      for (let o = 0; o + QUOTE_STRIDE <= qs.length; o += QUOTE_STRIDE) {
        const received = qs[o + Q_RECEIVED] ?? 0;
        if (received <= 0) continue; // seeded from the instrument list, not a live tick
        p.received.push(received);
        p.ticks.push(qs[o + Q_TIME] ?? 0);
      }
    }
    this.snap.batches++;
    this.snap.quotes += p.received.length;
    this.snap.maxQuotesPerBatch = Math.max(this.snap.maxQuotesPerBatch, p.received.length);
    this.pendingNext.push(p);
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.deps.frame(() => {
      this.frameRequested = false;
      const batch = this.pendingNext;
      this.pendingNext = [];
      this.deps.nextTask(() => this.painted(batch));
    });
  }

  private painted(list: Pending[]): void {
    const at = this.deps.now();
    const s = this.snap;
    for (const p of list) {
      if (p.appliedAt < this.started) continue; // applied before this window began
      s.applyToPaintMs.push(at - p.appliedAt);
      for (let i = 0; i < p.received.length; i++) {
        if (s.feedToPaintMs.length >= PROBE_MAX_SAMPLES) {
          s.dropped++;
          continue;
        }
        s.feedToPaintMs.push(at - (p.received[i] ?? at));
        s.serverTickToPaintMs.push(at - (p.ticks[i] ?? at));
      }
    }
  }
}

/** `bench` may sit before the hash or after it (docs/contract.md §2 routing). */
export function benchFlag(search: string, hash: string): boolean {
  const q = hash.indexOf('?');
  return new URLSearchParams(search).has('bench') || (q >= 0 && new URLSearchParams(hash.slice(q + 1)).has('bench'));
}

declare global {
  interface Window {
    __twBench?: { take(): ProbeSnapshot; reset(): void; mode(): FeedMode | null };
  }
}

export function installBenchProbe(win: Window): void {
  if (!benchFlag(win.location.search, win.location.hash)) return;
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  const probe = new BenchProbe({
    now: () => Date.now(),
    frame: (cb) => void win.requestAnimationFrame(() => cb()),
    nextTask: (cb) => {
      queue.push(cb);
      channel.port2.postMessage(null);
    },
    subscribe: onPaint,
    mode: runningFeedMode,
  });
  probe.install();
  win.__twBench = { take: () => probe.take(), reset: () => probe.reset(), mode: runningFeedMode };
}

if (typeof window !== 'undefined') installBenchProbe(window);
