// Paint-driven flow control between the feed and the page: the feed sends its newest state only when the
// page has painted the previous batch. One batch is in flight at a time; the page's answer to onBatch (a promise
// that settles after the frame that shows the batch) is the credit for the next one. While a batch is in flight,
// changes gather in the feed's own state (QuoteBoard keeps the newest quote per instrument), so the next batch
// carries everything that changed and drops only quotes a newer quote of the same instrument superseded.
// The same rule runs in both feed modes, so the worker and the main-thread mode paint at the same cadence.
import type { FrameScheduler } from './deps.ts';

/**
 * How long a fresh change waits for more before it goes out: the server's DAY_MARKET and KLINE frames of one flush
 * arrive back to back and become one batch. A change that already waited (for the credit) does not wait again.
 */
export const GATHER_MS = 4;

/** The least time between two batches unless a screen asks for more (FeedApi.setMinInterval): the paint decides. */
export const DEFAULT_MIN_INTERVAL_MS = 0;

/** The largest minimum interval a screen may ask for: a price older than this is not "live" any more. */
export const MAX_MIN_INTERVAL_MS = 1000;

export interface FlowDeps {
  now(): number;
  /** Runs `cb` after `ms` (a timer; the test fakes run it by hand). */
  schedule: FrameScheduler;
}

/**
 * `flush` sends one batch and returns the page's acknowledgement (settles after the paint), or null/undefined when
 * there was nothing to send or the sink does not acknowledge (then nothing is in flight).
 */
export type Flush = () => PromiseLike<unknown> | null | undefined;

export class FlowControl {
  private wanted = false;
  private wantedSince = 0;
  private flying = false;
  private scheduled = false;
  private lastSentAt = -Infinity;
  private minInterval = DEFAULT_MIN_INTERVAL_MS;
  private generation = 0;

  constructor(
    private readonly deps: FlowDeps,
    private readonly flush: Flush,
  ) {}

  /** A batch in flight that the page has not acknowledged yet. */
  get inFlight(): boolean {
    return this.flying;
  }

  get minIntervalMs(): number {
    return this.minInterval;
  }

  /** A screen's floor on the time between batches (ms), clamped to [0, MAX_MIN_INTERVAL_MS]. */
  setMinInterval(ms: number): void {
    this.minInterval = Number.isFinite(ms) ? Math.min(MAX_MIN_INTERVAL_MS, Math.max(0, ms)) : DEFAULT_MIN_INTERVAL_MS;
  }

  /** Something changed: a batch goes out when the credit is back, the gather time and the minimum interval are over. */
  request(): void {
    if (!this.wanted) {
      this.wanted = true;
      this.wantedSince = this.deps.now();
    }
    this.pump();
  }

  /**
   * A new page (sink) took over: the batch in flight went to the old one, whose answer may never come (a released
   * proxy). The credit is back at once; a late answer from the old sink is ignored.
   */
  reset(): void {
    this.generation++;
    this.flying = false;
    this.pump();
  }

  private pump(): void {
    if (!this.wanted || this.flying || this.scheduled) return;
    const now = this.deps.now();
    const wait = Math.max(0, this.wantedSince + GATHER_MS - now, this.lastSentAt + this.minInterval - now);
    this.scheduled = true;
    this.deps.schedule(() => this.fire(), wait);
  }

  private fire(): void {
    this.scheduled = false;
    if (!this.wanted || this.flying) return;
    this.wanted = false;
    this.lastSentAt = this.deps.now();
    const ack = this.flush();
    if (!ack) return this.pump();
    this.flying = true;
    const generation = this.generation;
    const credit = (): void => {
      if (generation !== this.generation) return;
      this.flying = false;
      this.pump();
    };
    ack.then(credit, credit);
  }
}
