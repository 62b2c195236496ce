// The engine's demo reset step (server/compose.ts hands it to resetDemo): a reset demo account starts with no orders. It runs inside the reset transaction, which then
// restores the balance and unlocks everything; engines drop the deleted orders from their index when they next meet
// them (a trigger finding no row, or the periodic reconcile).
import type { Queryable } from '../db/db.ts';

export async function clearDemoOrders(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM orders WHERE user_id = $1', [userId]);
}
