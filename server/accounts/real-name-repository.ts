import { queryOne, type Queryable } from '../db/db.ts';

interface RealNameRow {
  name: string;
  card_id: string;
  front_upload: string;
  reverse_upload: string;
  review_status: number;
  reason: string;
}

/** The row stays locked for the rest of the caller's transaction. */
export async function lockedReviewStatus(q: Queryable, userId: number): Promise<number | undefined> {
  const rows = await q.query<{ review_status: number }>(
    'SELECT review_status FROM user_real WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0]?.review_status;
}

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

export async function realNameOf(db: Queryable, userId: number): Promise<RealNameRow | null> {
  return queryOne<RealNameRow>(
    db,
    'SELECT name, card_id, front_upload, reverse_upload, review_status, reason FROM user_real WHERE user_id = $1',
    [userId],
  );
}

/** The operator's queue: the trader's row without its status (the list is of one), with whose and when. */
interface ReviewRealNameRow extends Omit<RealNameRow, 'review_status'> {
  uid: string;
  submitted_at: string;
}

export function realNamesByStatus(db: Queryable, status: number, limit: number): Promise<ReviewRealNameRow[]> {
  return db.query<ReviewRealNameRow>(
    `SELECT u.uid, r.name, r.card_id, r.front_upload, r.reverse_upload, r.reason, r.submitted_at
       FROM user_real r JOIN users u ON u.id = r.user_id WHERE r.review_status = $1 ORDER BY r.submitted_at LIMIT $2`,
    [status, limit],
  );
}

/** False when it was not in `from`, so two reviewers cannot both decide. */
export async function reviewRealName(
  db: Queryable,
  userId: number,
  from: number,
  to: number,
  reason: string,
  at: number,
): Promise<boolean> {
  const done = await db.query(
    `UPDATE user_real SET review_status = $2, reason = $3, reviewed_at = $4 WHERE user_id = $1 AND review_status = $5 RETURNING user_id`,
    [userId, to, reason, at, from],
  );
  return done.length > 0;
}
