// Daily abuse caps kept in the database: one statement increments a (scope, key, day) counter and returns the new
// count, so 40 parallel requests see 1..40 and every one past the cap is refused, on PGlite and PostgreSQL alike.
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { DAY_MS } from '../../domain/time.ts';

/** Codes sent on behalf of one client address (IP) a day: each code-mode sign-up needs one. */
const SIGN_UPS_PER_ADDRESS = 30;

/** The daily caps (per UTC day), before server/security/limits.ts scales them. */
export const DAILY_CAPS = {
  /** Codes sent to one e-mail address or mobile number. */
  code_send_target: 10,
  /** Codes sent on behalf of one client address (IP). */
  code_send_address: SIGN_UPS_PER_ADDRESS,
  /** Picture-captcha sign-up attempts from one client address: the same cap as code-mode sign-ups get. */
  register_address: SIGN_UPS_PER_ADDRESS,
  /** Code checks by one signed-in account (password change). */
  code_guess_account: 20,
  /** Demo accounts created from one client address. */
  demo_address: 20,
} as const;

export type CounterScope = keyof typeof DAILY_CAPS;

export function dayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** Counts one more event and returns the count in today's window (atomic: INSERT … ON CONFLICT … RETURNING). */
export async function bump(q: Queryable, scope: CounterScope, key: string, now: number): Promise<number> {
  const rows = await q.query<{ count: number }>(
    `INSERT INTO security_counters (scope, key, window_start, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (scope, key, window_start) DO UPDATE SET count = security_counters.count + 1
     RETURNING count`,
    [scope, key, dayStart(now)],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Counts the event and throws errors.daily_limit when it goes past `cap` (limits.daily(scope)). */
export async function spendDaily(
  q: Queryable,
  scope: CounterScope,
  key: string,
  now: number,
  cap: number,
): Promise<void> {
  if ((await bump(q, scope, key, now)) > cap) throw new ApiError('daily_limit');
}

/** Drops windows older than yesterday (called now and then from code sending). */
export async function sweepCounters(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM security_counters WHERE window_start < $1', [dayStart(now) - DAY_MS]);
}
