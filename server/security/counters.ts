// Daily abuse caps: one atomic statement increments and returns the count, so parallel requests cannot pass the cap.
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { DAY_MS } from '../../domain/time.ts';

/** Each code-mode sign-up needs one code. */
const SIGN_UPS_PER_ADDRESS = 30;

/** Per UTC day, before server/security/limits.ts scales them. */
export const DAILY_CAPS = {
  /** Codes sent to one e-mail address or mobile number. */
  code_send_target: 10,
  /** Codes sent on behalf of one client address. */
  code_send_address: SIGN_UPS_PER_ADDRESS,
  /** Picture-captcha sign-ups get the same cap as code-mode sign-ups. */
  register_address: SIGN_UPS_PER_ADDRESS,
  /** Code checks by one signed-in account (password change). */
  code_guess_account: 20,
  demo_address: 20,
} as const;

export type CounterScope = keyof typeof DAILY_CAPS;

export function dayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

export async function bump(q: Queryable, scope: CounterScope, key: string, now: number): Promise<number> {
  const rows = await q.query<{ count: number }>(
    `INSERT INTO security_counters (scope, key, window_start, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (scope, key, window_start) DO UPDATE SET count = security_counters.count + 1
     RETURNING count`,
    [scope, key, dayStart(now)],
  );
  return Number(rows[0]?.count ?? 0);
}

export async function spendDaily(
  q: Queryable,
  scope: CounterScope,
  key: string,
  now: number,
  cap: number,
): Promise<void> {
  if ((await bump(q, scope, key, now)) > cap) throw new ApiError('daily_limit');
}

/** Called now and then from code sending. */
export async function sweepCounters(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM security_counters WHERE window_start < $1', [dayStart(now) - DAY_MS]);
}
