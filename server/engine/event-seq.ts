// The per-user sequence of pushed order events: bumped in the same transaction as the change it announces, so it
// increases with commit order and, being stored, never goes backwards across restarts.
import type { Queryable } from '../db/db.ts';

export async function nextSeq(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ seq: string | number }>(
    `INSERT INTO order_event_seq (user_id, seq) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET seq = order_event_seq.seq + 1 RETURNING seq`,
    [userId],
  );
  return Number(rows[0]?.seq ?? 0);
}

/** The user's last order-event seq (0 before the first event): the socket login ack carries it. */
export async function currentSeq(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ seq: string | number }>('SELECT seq FROM order_event_seq WHERE user_id = $1', [userId]);
  return Number(rows[0]?.seq ?? 0);
}

/** nextSeq for many users at once (each once; `steps`, when given, takes that many numbers for the user at that
 * index): their last new seqs by user. */
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
