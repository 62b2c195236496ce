// Pays a subscription's due fund days, exactly once each, inside the caller's transaction: the subscription row is
// locked (FOR UPDATE), so two runs — two timers, two server processes, a run and a redemption — take turns, and
// each day's income row is unique by (subscription, day), so even a run that slipped past the lock cannot pay twice.
// Days are counted from sub_time, so a server that was down pays every missed day on its next run.
import { dec } from '../../src/domain/decimal.ts';
import { SubStatus } from '../../src/domain/fund-maths.ts';
import type { Queryable } from '../db/db.ts';
import { move } from '../ledger/ledger.ts';
import { FundRecord } from '../ledger/record-types.ts';
import { SUB_COLUMNS, type SubRow } from './fund-repo.ts';

export interface AccrualResult {
  paidDays: number;
  finished: boolean;
}

/** Locks a subscription row for the rest of the transaction; undefined when it does not exist (or is not the user's). */
export async function lockSubscription(q: Queryable, subId: number, userId?: number): Promise<SubRow | undefined> {
  const rows = await q.query<SubRow>(
    `SELECT ${SUB_COLUMNS} FROM fund_subscriptions s WHERE s.id = $1 ${userId === undefined ? '' : 'AND s.user_id = $2'}
     FOR UPDATE`,
    userId === undefined ? [subId] : [subId, userId],
  );
  return rows[0];
}

/** Fund days whose end has passed by `now`, capped at the term. */
export function daysDue(sub: Pick<SubRow, 'sub_time' | 'day_ms' | 'lock_days'>, now: number): number {
  const elapsed = now - Number(sub.sub_time);
  if (elapsed <= 0) return 0;
  return Math.min(sub.lock_days, Math.floor(elapsed / Number(sub.day_ms)));
}

/**
 * Pays the days from days_paid + 1 up to what is due at `now` on a LOCKED subscription in status 1; at the end of the
 * term returns the principal and sets status 4. Returns what it did (nothing for another status).
 */
export async function accrue(q: Queryable, sub: SubRow, now: number): Promise<AccrualResult> {
  if (Number(sub.status) !== SubStatus.DOING) return { paidDays: 0, finished: false };
  const due = daysDue(sub, now);
  const dayMs = Number(sub.day_ms);
  const start = Number(sub.sub_time);
  let paidDays = 0;
  for (let day = sub.days_paid + 1; day <= due; day++) {
    const inserted = await q.query<{ id: number }>(
      `INSERT INTO fund_income (sub_id, day, interest, created_at) VALUES ($1, $2, $3::numeric, $4)
       ON CONFLICT (sub_id, day) DO NOTHING RETURNING id`,
      [sub.id, day, sub.day_profit, start + day * dayMs],
    );
    if (inserted.length === 0) continue; // already paid (cannot happen under the lock; the key is the last guard)
    await move(q, sub.user_id, { balance: sub.day_profit, type: FundRecord.INCOME, memo: `#${sub.id} day ${day}`, at: now });
    paidDays++;
  }
  const daysPaid = Math.max(sub.days_paid, due);
  const finished = daysPaid >= sub.lock_days;
  if (finished) {
    await move(q, sub.user_id, {
      balance: sub.share_amount, type: FundRecord.PRINCIPAL_RETURN, memo: `#${sub.id}`, at: now,
    });
  }
  if (paidDays > 0 || finished) {
    await q.query(
      `UPDATE fund_subscriptions
          SET days_paid = $2, paid_profit = paid_profit + $3::numeric, next_due_at = $4, status = $5::smallint,
              ended_at = CASE WHEN $5::smallint = ${SubStatus.FINISHED} THEN $6::bigint ELSE ended_at END
        WHERE id = $1`,
      [sub.id, daysPaid, dec(sub.day_profit).times(paidDays).toFixed(), start + (daysPaid + 1) * dayMs,
        finished ? SubStatus.FINISHED : SubStatus.DOING, now],
    );
  }
  return { paidDays, finished };
}
