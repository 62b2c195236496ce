// The request budgets' store when several gateways serve one deployment: fixed windows counted in PostgreSQL (the
// security_counters table of the daily caps, scope `rate`), so a client spreading its requests over every gateway
// spends one budget. One statement increments and returns the count; windows are aligned to the clock, so every
// gateway agrees where a window starts. Old windows go with the daily sweep (counters.ts sweepCounters).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';

interface Hit {
  current: number;
  ttl: number;
}

/** Counts one more request for `key` in its aligned window; returns the count and the ms left in the window. */
export async function hitShared(q: Queryable, key: string, windowMs: number, now: number): Promise<Hit> {
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await q.query<{ count: number }>(
    `INSERT INTO security_counters (scope, key, window_start, count) VALUES ('rate', $1, $2, 1)
     ON CONFLICT (scope, key, window_start) DO UPDATE SET count = security_counters.count + 1
     RETURNING count`,
    [key, start],
  );
  return { current: Number(rows[0]?.count ?? 0), ttl: start + windowMs - now };
}

/** @fastify/rate-limit store over hitShared. */
export function sharedStore(db: Queryable, clock: Clock): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: Hit) => void, timeWindow: number): void {
      hitShared(db, key, timeWindow, clock.now()).then(
        (hit) => cb(null, hit),
        (err: unknown) => cb(err as Error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedStore;
}
