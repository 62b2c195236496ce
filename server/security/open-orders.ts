// Cap on open (holding + pending) orders per user: every open order is watched by the trigger index on each tick,
// so one account must not be able to load it without bound. Checked inside the submit transaction after locking
// the user's account row, so parallel submits cannot all pass at the cap.
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';

export const MAX_OPEN_ORDERS = 200;

export async function checkOpenOrderCap(q: Queryable, userId: number, max: number = MAX_OPEN_ORDERS): Promise<void> {
  await q.query('SELECT user_id FROM accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  const rows = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM orders WHERE user_id = $1 AND status IN (0, 1)',
    [userId],
  );
  if (Number(rows[0]?.n ?? 0) >= max) throw new ApiError('too_many_open_orders', undefined, { max });
}
