// Wrong-guess windows, in PostgreSQL for gateways so N gateways do not give N× the tries; keys are hashed.
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
import { countUp, keyHash } from './counters.ts';
import { FixedWindows, type WindowCount } from './windows.ts';

export interface CountedWindows {
  /** Windows are aligned to windowMs so every gateway agrees where one starts. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Null: nothing yet. */
  peek(key: string, windowMs: number): Promise<WindowCount | null>;
}

const windowStart = (now: number, windowMs: number): number => Math.floor(now / windowMs) * windowMs;

/** Bounded: FixedWindows forgets expired and, under a flood, the oldest windows. */
export function memoryWindows(clock: Clock): CountedWindows {
  const windows = new FixedWindows(clock);
  const at = (key: string, windowMs: number): { id: string; leftMs: number } => {
    const now = clock.now();
    const start = windowStart(now, windowMs);
    return { id: `${key}@${start}`, leftMs: start + windowMs - now };
  };
  return {
    hit: async (key, windowMs) => {
      const w = at(key, windowMs);
      return windows.hit(w.id, w.leftMs);
    },
    peek: async (key, windowMs) => windows.peek(at(key, windowMs).id),
  };
}

/** Old windows go with the daily sweep (counters.ts sweepCounters). */
export function sharedWindows(db: Queryable, clock: Clock): CountedWindows {
  return {
    hit: (key, windowMs) => countUp(db, 'fail', keyHash(key), windowMs, clock.now()),
    async peek(key, windowMs) {
      const now = clock.now();
      const start = windowStart(now, windowMs);
      const rows = await db.query<{ count: number }>(
        `SELECT count FROM security_counters WHERE scope = 'fail' AND key = $1 AND window_start = $2`,
        [keyHash(key), start],
      );
      const count = Number(rows[0]?.count ?? 0);
      return count > 0 ? { count, ttlMs: start + windowMs - now } : null;
    },
  };
}
