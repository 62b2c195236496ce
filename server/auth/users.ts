import type { User } from '../../domain/types.ts';
import { countOf, type Queryable } from '../db/db.ts';

export interface UserRow {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_id: number | null;
  password_hash: string;
  is_demo: number;
  demo_id: string | null;
  invite_code: string;
  created_at: string;
  /** '' when never recorded. */
  lang: string;
}

export const USER_COLUMNS =
  'u.id, u.uid, u.email, u.mobile, u.area_id, u.password_hash, u.is_demo, u.demo_id, u.invite_code, u.created_at, u.lang';

/** docs/notifications.md "Languages". */
export async function setUserLanguage(q: Queryable, userId: number, lang: string): Promise<void> {
  await q.query('UPDATE users SET lang = $2 WHERE id = $1 AND lang <> $2', [userId, lang]);
}

export function toWireUser(row: UserRow): User {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    is_demo: row.is_demo === 1 ? 1 : 0,
    invite_code: row.invite_code,
  };
}

/** By one unique column. */
export const findUser = async (q: Queryable, column: 'id' | 'email' | 'mobile' | 'demo_id', value: string | number) =>
  (await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.${column} = $1`, [value]))[0];

/** One such step (a bind, an upload) at a time per user. */
export async function lockUser(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
}

/** `onlyIf` keeps a rehash from overwriting a concurrent password change. */
export async function setPasswordHash(q: Queryable, id: number, hash: string, onlyIf?: string): Promise<void> {
  if (onlyIf === undefined) await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);
  else await q.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [id, hash, onlyIf]);
}

export async function inviterId(q: Queryable, inviteCode: string): Promise<number | null> {
  const rows = await q.query<{ id: number }>('SELECT id FROM users WHERE invite_code = $1 AND is_demo = 0', [
    inviteCode,
  ]);
  return rows[0]?.id ?? null;
}

export function invitedCount(q: Queryable, id: number): Promise<number> {
  return countOf(q, 'SELECT COUNT(*) AS n FROM users WHERE invited_by = $1', [id]);
}

interface UserWithBalances extends Pick<UserRow, 'id' | 'uid' | 'email' | 'mobile' | 'demo_id' | 'is_demo'> {
  balance: string | null;
  lock_balance: string | null;
}

export async function findUserByAnyKey(
  q: Queryable,
  id: number | null,
  key: string,
): Promise<UserWithBalances | undefined> {
  const rows = await q.query<UserWithBalances>(
    `SELECT u.id, u.uid, u.email, u.mobile, u.demo_id, u.is_demo, a.balance, a.lock_balance
       FROM users u LEFT JOIN accounts a ON a.user_id = u.id
      WHERE u.id = $1 OR u.uid = $2 OR u.email = $2 OR u.mobile = $2 OR u.demo_id = $2`,
    [id ?? -1, key],
  );
  return rows[0];
}
