import { countOf, type Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';

export interface NoticeRow {
  id: string;
  kind: string;
  payload: string;
  created_at: string;
  read_at: string | null;
}

export async function phraseOf(q: Queryable, userId: number): Promise<string | null> {
  const rows = await q.query<{ anti_phishing_phrase: string | null }>(
    'SELECT anti_phishing_phrase FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.anti_phishing_phrase ?? null;
}

export async function setPhrase(q: Queryable, userId: number, phrase: string | null): Promise<void> {
  await q.query('UPDATE users SET anti_phishing_phrase = $2 WHERE id = $1', [userId, phrase]);
}

export async function recordNotice(
  q: Queryable,
  userId: number,
  kind: string,
  values: Record<string, string | number>,
  now: number,
): Promise<void> {
  await q.query('INSERT INTO notices (user_id, kind, payload, created_at) VALUES ($1, $2, $3, $4)', [
    userId,
    kind,
    JSON.stringify(values),
    now,
  ]);
}

export function noticePage(q: Queryable, userId: number, limit: number, offset: number): Promise<Page<NoticeRow>> {
  return pageOf<NoticeRow>(
    q,
    `SELECT id, kind, payload, created_at, read_at FROM notices WHERE user_id = $1
      ORDER BY id DESC LIMIT $2 OFFSET $3`,
    'SELECT count(*)::text AS n FROM notices WHERE user_id = $1',
    [userId],
    limit,
    offset,
  );
}

export function unreadNotices(q: Queryable, userId: number): Promise<number> {
  return countOf(q, 'SELECT count(*)::text AS n FROM notices WHERE user_id = $1 AND read_at IS NULL', [userId]);
}

/** `id` null marks every unread one; only the owner's rows change. */
export async function markNoticesRead(q: Queryable, userId: number, id: number | null, now: number): Promise<number> {
  const rows = await q.query(
    `UPDATE notices SET read_at = $3 WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint IS NULL OR id = $2)
      RETURNING id`,
    [userId, id, now],
  );
  return rows.length;
}
