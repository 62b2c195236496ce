// The watchlist table's SQL; the rules are server/watchlist/watchlist.ts'.
import type { Queryable } from '../db/db.ts';

export async function watchIds(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q.query<{ instrument_id: number }>(
    'SELECT instrument_id FROM watchlist WHERE user_id = $1 ORDER BY position, instrument_id',
    [userId],
  );
  return rows.map((r) => Number(r.instrument_id));
}

/** Disabled instruments are not in the market, so not watchable. */
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

/** At most the cap of ids, so one statement each. */
export async function writeOrder(q: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await q.query('UPDATE watchlist SET position = $3 WHERE user_id = $1 AND instrument_id = $2', [
      userId,
      id,
      position,
    ]);
  }
}
