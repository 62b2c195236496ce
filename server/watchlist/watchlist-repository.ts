// The watchlist table's SQL (migration 140): read a user's list in order, add at the end, remove, rewrite the order.
// The rules (cap, which instruments, one change at a time per user) are server/watchlist/watchlist.ts'.
import type { Queryable } from '../db/db.ts';

/** The user's instrument ids in their order. */
export async function watchIds(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q.query<{ instrument_id: number }>(
    'SELECT instrument_id FROM watchlist WHERE user_id = $1 ORDER BY position, instrument_id',
    [userId],
  );
  return rows.map((r) => Number(r.instrument_id));
}

/** Serialises one user's watchlist changes: the user's row is locked until the transaction ends. */
export async function lockWatchOwner(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** True when the instrument exists and is listed (disabled ones are not in the market, so not watchable). */
export async function isWatchable(q: Queryable, instrumentId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM instruments WHERE id = $1 AND enabled', [instrumentId]);
  return rows.length > 0;
}

export async function insertWatch(q: Queryable, userId: number, instrumentId: number, position: number): Promise<void> {
  await q.query('INSERT INTO watchlist (user_id, instrument_id, position) VALUES ($1, $2, $3)', [
    userId,
    instrumentId,
    position,
  ]);
}

export async function deleteWatch(q: Queryable, userId: number, instrumentId: number): Promise<void> {
  await q.query('DELETE FROM watchlist WHERE user_id = $1 AND instrument_id = $2', [userId, instrumentId]);
}

/** Rewrites the positions to 0…n-1 in the given order (ids already on the list; at most the cap, so one statement each). */
export async function writeOrder(q: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await q.query('UPDATE watchlist SET position = $3 WHERE user_id = $1 AND instrument_id = $2', [
      userId,
      id,
      position,
    ]);
  }
}
