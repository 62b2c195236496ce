// The real-name review's SQL (user_real, one row per user): the state a submission may replace, the submission
// itself, and what the center shows. The routes (server/routes/real-name.ts) hold none; the operator's review is
// server/ops/commands/real-name.ts.
import type { Queryable } from '../db/db.ts';

export interface RealNameRow {
  name: string;
  card_id: string;
  front_upload: string;
  reverse_upload: string;
  review_status: number;
  reason: string;
}

/** The user's review state, its row locked for the rest of the caller's transaction; undefined before a first submit. */
export async function lockedReviewStatus(q: Queryable, userId: number): Promise<number | undefined> {
  const rows = await q.query<{ review_status: number }>('SELECT review_status FROM user_real WHERE user_id = $1 FOR UPDATE', [userId]);
  return rows[0]?.review_status;
}

/** Files (or files again, after a rejection) the user's details for review: state 1, no reason. */
export async function submitRealName(
  q: Queryable,
  r: { userId: number; name: string; cardId: string; front: string; reverse: string; at: number },
): Promise<void> {
  await q.query(
    `INSERT INTO user_real (user_id, name, card_id, front_upload, reverse_upload, review_status, reason, submitted_at)
     VALUES ($1, $2, $3, $4, $5, 1, '', $6)
     ON CONFLICT (user_id) DO UPDATE SET name = $2, card_id = $3, front_upload = $4, reverse_upload = $5,
       review_status = 1, reason = '', submitted_at = $6, reviewed_at = NULL`,
    [r.userId, r.name, r.cardId, r.front, r.reverse, r.at],
  );
}

/** The user's row, or null before a first submit. */
export async function realNameOf(db: Queryable, userId: number): Promise<RealNameRow | null> {
  const rows = await db.query<RealNameRow>(
    'SELECT name, card_id, front_upload, reverse_upload, review_status, reason FROM user_real WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}
