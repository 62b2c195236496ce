// Payout holds (docs/security.md "Payout holds"): a payout method added or changed is usable only after
// `payout_hold_hours` (a setting, 24 by default), and after a password change or a second-factor reset the account's
// withdrawals wait `withdraw_hold_hours` (24 by default), so a stolen session or password cannot move money out at
// once. The SQL of both holds; the routes read the moments and refuse with the time the trader may try again.
import type { Queryable } from '../db/db.ts';
import { getSetting } from '../settings/settings.ts';

const HOUR_MS = 3_600_000;

async function hoursSetting(q: Queryable, key: string): Promise<number> {
  const n = Number(await getSetting(q, key));
  return Number.isFinite(n) && n >= 0 ? n * HOUR_MS : 24 * HOUR_MS;
}

/** When a payout method added or changed at `now` becomes usable. */
export async function methodUsableFrom(q: Queryable, now: number): Promise<number> {
  return now + (await hoursSetting(q, 'payout_hold_hours'));
}

/** Holds the account's withdrawals for withdraw_hold_hours from `now` (never shortens a longer hold); the end. */
export async function holdWithdrawals(q: Queryable, userId: number, now: number): Promise<number> {
  const until = now + (await hoursSetting(q, 'withdraw_hold_hours'));
  await q.query('UPDATE users SET withdrawals_held_until = GREATEST(withdrawals_held_until, $2) WHERE id = $1', [
    userId,
    until,
  ]);
  return until;
}

/** Until when the account's withdrawals are held (0 or a past moment: not held). */
export async function withdrawalsHeldUntil(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ until: string }>('SELECT withdrawals_held_until AS until FROM users WHERE id = $1', [
    userId,
  ]);
  return Number(rows[0]?.until ?? 0);
}

/** A hold's end as the trader is told it: the moment while it is ahead of `now` (the server's clock), else 0. */
export const heldNow = (until: number, now: number): number => (until > now ? until : 0);
