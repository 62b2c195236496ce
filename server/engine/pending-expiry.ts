// Pending-order expiry (docs/trading.md "Expiry"): what a submit's `expire` asks for is read in submit-order.ts; here
// is the market writer's sweep that cancels pending orders whose time has come (margin released, fee refunded, pushed as
// FOREX_CLOSED with CloseReason "expired"). Kept out of the tick path: one indexed query per sweep.
import type { Queryable } from '../db/db.ts';
import type { Clock, Timers } from '../../domain/time.ts';

/** How often the writer looks for expired pending orders: a day order ends within this of midnight. */
export const EXPIRY_SWEEP_MS = 1000;

/** Pending orders whose expiry is at or before `now`, oldest first. */
export async function duePending(q: Queryable, now: number, limit = 200): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM orders WHERE status = 0 AND expires_at > 0 AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2',
    [now, limit],
  );
  return rows.map((r) => Number(r.id));
}

export interface ExpiryDeps {
  db: Queryable;
  clock: Clock;
  timers: Timers;
  log: { error: (obj: object, msg: string) => void };
  /** Cancels one expired pending order (OrderEngine.expirePending); a no-op when it filled or went meanwhile. */
  expire: (orderId: number) => Promise<void>;
}

/** One sweep: every due pending order cancelled, one after the other. Resolves how many were due. */
export async function sweepExpired(deps: Pick<ExpiryDeps, 'db' | 'clock' | 'expire'>): Promise<number> {
  const due = await duePending(deps.db, deps.clock.now());
  for (const id of due) await deps.expire(id);
  return due.length;
}

/** The writer's sweep every EXPIRY_SWEEP_MS; returns its stop. A sweep never overlaps the one before. */
export function startExpirySweep(deps: ExpiryDeps, everyMs = EXPIRY_SWEEP_MS): () => void {
  let running = false;
  const timer = deps.timers.setInterval(() => {
    if (running) return;
    running = true;
    sweepExpired(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'pending expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  return () => deps.timers.clearInterval(timer);
}
