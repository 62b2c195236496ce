// Payout holds, so a stolen session or password cannot move money out at once (docs/security.md "Payout holds").
import type { Queryable } from '../db/db.ts';
import { getSetting } from '../settings/settings.ts';

const HOUR_MS = 3_600_000;

async function hoursSetting(q: Queryable, key: string): Promise<number> {
  const n = Number(await getSetting(q, key));
  return Number.isFinite(n) && n >= 0 ? n * HOUR_MS : 24 * HOUR_MS;
}

export async function methodUsableFrom(q: Queryable, now: number): Promise<number> {
  return now + (await hoursSetting(q, 'payout_hold_hours'));
}

/** Never shortens a longer hold; answers the end. */
export async function holdWithdrawals(q: Queryable, userId: number, now: number): Promise<number> {
  const until = now + (await hoursSetting(q, 'withdraw_hold_hours'));
  await q.query('UPDATE users SET withdrawals_held_until = GREATEST(withdrawals_held_until, $2) WHERE id = $1', [
    userId,
    until,
  ]);
  return until;
}

/** 0 or a past moment: not held. */
export async function withdrawalsHeldUntil(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ until: string }>('SELECT withdrawals_held_until AS until FROM users WHERE id = $1', [
    userId,
  ]);
  return Number(rows[0]?.until ?? 0);
}

/** The trader is told 0 once the hold is behind the server's clock. */
export const heldNow = (until: number, now: number): number => (until > now ? until : 0);
