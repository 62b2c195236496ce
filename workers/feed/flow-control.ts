// Paint-driven flow control: one batch in flight; the page's paint is the credit for the next (docs/worker.md).
import type { FrameScheduler } from './deps.ts';

/** The server's DAY_MARKET and KLINE frames of one flush arrive back to back and should become one batch. */
export const GATHER_MS = 4;

/** 0: the paint alone sets the cadence. */
export const DEFAULT_MIN_INTERVAL_MS = 0;

/** A price older than this is not "live" any more. */
export const MAX_MIN_INTERVAL_MS = 1000;

export interface FlowDeps {
  now(): number;
  /** The test fakes run it by hand. */
  schedule: FrameScheduler;
}

/** `flush` returns null/undefined when nothing was sent or the sink does not acknowledge: nothing is in flight. */
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

  get inFlight(): boolean {
    return this.flying;
  }

  get minIntervalMs(): number {
    return this.minInterval;
  }

  setMinInterval(ms: number): void {
    this.minInterval = Number.isFinite(ms) ? Math.min(MAX_MIN_INTERVAL_MS, Math.max(0, ms)) : DEFAULT_MIN_INTERVAL_MS;
  }

  request(): void {
    if (!this.wanted) {
      this.wanted = true;
      this.wantedSince = this.deps.now();
    }
    this.pump();
  }

  /** The old sink's answer may never come (a released proxy): the credit is back now, a late answer ignored. */
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
