// The request budgets' store in PostgreSQL, so a client spreading requests over every gateway spends one budget.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';

interface Hit {
  current: number;
  ttl: number;
}

/** Windows are aligned to the clock so every gateway agrees where one starts. */
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
