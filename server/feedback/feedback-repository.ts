// The feedback table's SQL; the rules are server/feedback/feedback.ts'.
import { countOf, type Queryable } from '../db/db.ts';
import type { FeedbackTopic, FeedbackWire } from '../../domain/feedback.ts';

interface FeedbackRow extends Pick<FeedbackWire, 'id' | 'topic' | 'text' | 'answer'> {
  created_at: string | number;
  answered_at: string | number | null;
}

/** What the team reads: the message, whose it is (as the other lists name a user) and who answered. */
export interface StaffFeedbackRow extends FeedbackRow {
  user_id: number;
  uid: string;
  /** The account's language, '' before its first sign-in: the answer is best written in it. */
  lang: string;
  /** E-mail, else mobile, else the demo id. */
  account: string;
  answered_by: string | null;
}

/** Which messages the team lists. */
export const FeedbackFilter = { OPEN: 0, ANSWERED: 1, ALL: 2 } as const;

const STAFF_SELECT = `SELECT f.id, f.user_id, f.topic, f.text, f.created_at, f.answer, f.answered_at, f.answered_by, u.uid, u.lang,
    coalesce(u.email, u.mobile, u.demo_id, '') AS account
  FROM feedback f JOIN users u ON u.id = f.user_id`;

/** Fixed texts per filter, never the operator's input. */
function staffWhere(filter: number): string {
  if (filter === FeedbackFilter.ANSWERED) return 'f.answered_at IS NOT NULL';
  if (filter === FeedbackFilter.ALL) return 'TRUE';
  return 'f.answered_at IS NULL';
}

function feedbackToWire(r: FeedbackRow): FeedbackWire {
  return {
    id: Number(r.id),
    topic: r.topic,
    text: r.text,
    status: r.answered_at === null ? 'received' : 'answered',
    answer: r.answer,
    created_at: Number(r.created_at),
    answered_at: r.answered_at === null ? null : Number(r.answered_at),
  };
}

export async function userFeedback(q: Queryable, userId: number, shown: number): Promise<FeedbackWire[]> {
  const rows = await q.query<FeedbackRow>(
    `SELECT id, topic, text, created_at, answer, answered_at FROM feedback WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, shown],
  );
  return rows.map(feedbackToWire);
}

/** Messages sent after `since` (ms), the cap's rolling window. */
export function countSentSince(q: Queryable, userId: number, since: number): Promise<number> {
  return countOf(q, 'SELECT count(*) AS n FROM feedback WHERE user_id = $1 AND created_at > $2', [userId, since]);
}

interface NewFeedback {
  userId: number;
  topic: FeedbackTopic;
  /** Checked and trimmed. */
  text: string;
  at: number;
}

export async function insertFeedback(q: Queryable, f: NewFeedback): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO feedback (user_id, topic, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [f.userId, f.topic, f.text, f.at],
  );
  if (!row) throw new Error('feedback insert returned nothing');
  return Number(row.id);
}

export async function feedbackByStatus(
  q: Queryable,
  filter: number,
  userId: number | null,
  limit: number,
): Promise<StaffFeedbackRow[]> {
  // The open ones are a queue: the longest waiting first.
  const order = filter === FeedbackFilter.OPEN ? 'f.created_at, f.id' : 'f.created_at DESC, f.id DESC';
  return q.query<StaffFeedbackRow>(
    `${STAFF_SELECT} WHERE ${staffWhere(filter)} AND ($1::int IS NULL OR f.user_id = $1::int)
      ORDER BY ${order} LIMIT $2`,
    [userId, limit],
  );
}

export async function staffFeedbackById(q: Queryable, id: number): Promise<StaffFeedbackRow | undefined> {
  const [row] = await q.query<StaffFeedbackRow>(`${STAFF_SELECT} WHERE f.id = $1`, [id]);
  return row;
}

/** Conditional on no answer yet, so a message is answered once even when two members answer at the same moment. */
export async function setAnswer(q: Queryable, id: number, answer: string, by: string, at: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE feedback SET answer = $2, answered_at = $3, answered_by = $4
      WHERE id = $1 AND answered_at IS NULL RETURNING id`,
    [id, answer, at, by],
  );
  return rows.length > 0;
}
