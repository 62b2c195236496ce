// Wrong-guess windows, in PostgreSQL for gateways so N gateways do not give N× the tries; keys are hashed.
import { createHash } from 'node:crypto';
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
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

const hashed = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** Old windows go with the daily sweep (counters.ts sweepCounters). */
export function sharedWindows(db: Queryable, clock: Clock): CountedWindows {
  return {
    async hit(key, windowMs) {
      const now = clock.now();
      const start = windowStart(now, windowMs);
      const rows = await db.query<{ count: number }>(
        `INSERT INTO security_counters (scope, key, window_start, count) VALUES ('fail', $1, $2, 1)
         ON CONFLICT (scope, key, window_start) DO UPDATE SET count = security_counters.count + 1
         RETURNING count`,
        [hashed(key), start],
      );
      return { count: Number(rows[0]?.count ?? 0), ttlMs: start + windowMs - now };
    },
    async peek(key, windowMs) {
      const now = clock.now();
      const start = windowStart(now, windowMs);
      const rows = await db.query<{ count: number }>(
        `SELECT count FROM security_counters WHERE scope = 'fail' AND key = $1 AND window_start = $2`,
        [hashed(key), start],
      );
      const count = Number(rows[0]?.count ?? 0);
      return count > 0 ? { count, ttlMs: start + windowMs - now } : null;
    },
  };
}
