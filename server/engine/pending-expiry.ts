// docs/trading.md "Expiry": the writer's sweep is kept out of the tick path, one indexed query per sweep.
import type { Services } from '../core/services.ts';
import type { Queryable } from '../db/db.ts';
import { startRepeatingJob, type RepeatingJob } from '../core/repeating-job.ts';

/** A day order ends within this of midnight. */
export const EXPIRY_SWEEP_MS = 1000;

export interface ExpiryDeps extends Pick<Services, 'clock' | 'timers'> {
  db: Queryable;
  log: { error: (obj: object, msg: string) => void };
  /** A no-op when it filled or went meanwhile. */
  expire: (orderId: number) => Promise<void>;
}

/** One after the other; resolves how many were due. */
export async function sweepExpired(deps: Pick<ExpiryDeps, 'db' | 'clock' | 'expire'>): Promise<number> {
  const due = await deps.db.query<{ id: number }>(
    'SELECT id FROM orders WHERE status = 0 AND expires_at > 0 AND expires_at <= $1 ORDER BY expires_at, id LIMIT 200',
    [deps.clock.now()],
  );
  for (const { id } of due) await deps.expire(Number(id));
  return due.length;
}

export function startExpirySweep(deps: ExpiryDeps, everyMs = EXPIRY_SWEEP_MS): RepeatingJob {
  return startRepeatingJob(deps, everyMs, () => sweepExpired(deps), { failed: 'pending expiry sweep failed' });
}
