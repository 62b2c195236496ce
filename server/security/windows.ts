// Fixed-window counters on the injected clock, bounded so a flood of keys makes them more forgiving, never unbounded.
import type { Clock } from '../../domain/time.ts';

export interface WindowCount {
  count: number;
  ttlMs: number;
}

export class FixedWindows {
  private readonly windows = new Map<string, { count: number; start: number; windowMs: number }>();
  private readonly clock: Clock;
  private readonly maxKeys: number;

  constructor(clock: Clock, maxKeys = 100_000) {
    this.clock = clock;
    this.maxKeys = maxKeys;
  }

  /** A new window starts when the last one is over. */
  hit(key: string, windowMs: number): WindowCount {
    const now = this.clock.now();
    let w = this.live(key, now);
    if (!w) {
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      w = { count: 0, start: now, windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, ttlMs: w.start + w.windowMs - now };
  }

  /** Null: no live window. */
  peek(key: string): WindowCount | null {
    const now = this.clock.now();
    const w = this.live(key, now);
    return w ? { count: w.count, ttlMs: w.start + w.windowMs - now } : null;
  }

  private live(key: string, now: number): { count: number; start: number; windowMs: number } | undefined {
    const w = this.windows.get(key);
    if (w && w.start + w.windowMs <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.start + w.windowMs <= now) this.windows.delete(k);
    // Still full of live keys (a flood from many addresses): forget the oldest rather than grow without bound.
    while (this.windows.size >= this.maxKeys) {
      const first = this.windows.keys().next();
      if (first.done) break;
      this.windows.delete(first.value);
    }
  }
}
