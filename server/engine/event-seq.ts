// Bumped in the change's own transaction, so it follows commit order and never goes back across restarts.
import { countOf, type Queryable } from '../db/db.ts';

export async function nextSeq(q: Queryable, userId: number): Promise<number> {
  return (await nextSeqs(q, [userId])).get(userId) ?? 0;
}

/** 0 before the first event; the socket login ack carries it. */
export const currentSeq = (q: Queryable, userId: number): Promise<number> =>
  countOf(q, 'SELECT seq AS n FROM order_event_seq WHERE user_id = $1', [userId]);

/** `steps` takes that many numbers for the user at that index. */
export async function nextSeqs(
  q: Queryable,
  userIds: readonly number[],
  steps?: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await q.query<{ user_id: number; seq: string | number }>(
    `INSERT INTO order_event_seq (user_id, seq) SELECT u, n FROM unnest($1::int[], $2::int[]) AS d(u, n) ORDER BY u
     ON CONFLICT (user_id) DO UPDATE SET seq = order_event_seq.seq + excluded.seq RETURNING user_id, seq`,
    [userIds, steps ?? userIds.map(() => 1)],
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.seq)]));
}
