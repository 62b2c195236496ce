// Daily abuse caps: one atomic statement increments and returns the count, so parallel requests cannot pass the cap.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { WindowCount } from './windows.ts';

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

/** Hashed, so no stored key holds a token, an account or an address in clear. */
export const keyHash = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** Windows are aligned to the clock, so every gateway agrees where one starts. */
export async function countUp(
  q: Queryable,
  scope: string,
  key: string,
  windowMs: number,
  now: number,
): Promise<WindowCount> {
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await q.query<{ count: number }>(
    `INSERT INTO security_counters (scope, key, window_start, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (scope, key, window_start) DO UPDATE SET count = security_counters.count + 1
     RETURNING count`,
    [scope, key, start],
  );
  return { count: Number(rows[0]?.count ?? 0), ttlMs: start + windowMs - now };
}

export async function spendDaily(
  q: Queryable,
  scope: CounterScope,
  key: string,
  now: number,
  cap: number,
): Promise<void> {
  if ((await countUp(q, scope, key, DAY_MS, now)).count > cap) throw new ApiError('daily_limit');
}

/** Called now and then from code sending. */
export async function sweepCounters(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM security_counters WHERE window_start < $1', [Math.floor(now / DAY_MS) * DAY_MS - DAY_MS]);
}
