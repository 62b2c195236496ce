// Pending-order expiry (docs/trading.md "Expiry"): what a submit's `expire` asks for — good till cancelled
// ("gtc" or none), the end of the day ("day": the next 00:00 UTC), or the end of a date ("YYYY-MM-DD", 24:00 UTC) — and
// the market writer's sweep that cancels pending orders whose time has come (margin released, fee refunded, pushed as
// FOREX_CLOSED with CloseReason "expired"). Kept out of the tick path: one indexed query per sweep.
import type { Queryable } from '../db/db.ts';
import type { Clock, Timers } from '../../domain/time.ts';
import { ApiError } from '../http/envelope.ts';
import { DAY_MS } from '../../domain/time.ts';

/** How often the writer looks for expired pending orders: a day order ends within this of midnight. */
export const EXPIRY_SWEEP_MS = 1000;
/** The furthest date a pending order may be kept to. */
export const MAX_EXPIRY_DAYS = 365;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ms epoch an `expire` parameter asks for at `now`; 0 = good till cancelled. Throws the translated refusal. */
export function expiryOf(text: string | undefined, now: number): number {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '' || t === 'gtc') return 0;
  if (t === 'day') return (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  const m = DATE.exec(t);
  if (!m) throw new ApiError('expiry_invalid');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = Date.UTC(y, mo - 1, d);
  // Date.UTC rolls 2026-02-31 over to March: a date that does not exist is refused, not moved.
  const back = new Date(start);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    throw new ApiError('expiry_invalid');
  const end = start + DAY_MS;
  if (end <= now) throw new ApiError('expiry_past');
  if (end - now > MAX_EXPIRY_DAYS * DAY_MS) throw new ApiError('expiry_too_far', undefined, { days: MAX_EXPIRY_DAYS });
  return end;
}

/**
 * A market order's `expire`: it has no expiry, so its value is ignored, but a malformed one is refused
 * (`expiry_invalid`) rather than silently dropped (docs/trading.md "Submit", step 9).
 */
export function checkExpiryWritten(text: string | undefined, now: number): void {
  try {
    expiryOf(text, now);
  } catch (err) {
    if (err instanceof ApiError && err.key === 'expiry_invalid') throw err;
  }
}

/** Stores a new pending order's expiry (in the submit's transaction). */
export async function setExpiry(q: Queryable, orderId: number, expiresAt: number): Promise<void> {
  if (expiresAt > 0)
    await q.query('UPDATE orders SET expires_at = $1 WHERE id = $2 AND status = 0', [expiresAt, orderId]);
}

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
