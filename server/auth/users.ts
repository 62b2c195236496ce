// The users table as the server sees it (its queries, as a repository) and its wire shape (docs/contract.md §3 User).
import type { User } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';

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
  /** The account's language (the last chosen in the app), '' when never recorded. */
  lang: string;
}

export const USER_COLUMNS =
  'u.id, u.uid, u.email, u.mobile, u.area_id, u.password_hash, u.is_demo, u.demo_id, u.invite_code, u.created_at, u.lang';

/** Records the account's language (docs/notifications.md "Languages"); no write when it is already that one. */
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

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [email]);
  return rows[0];
}

export async function findUserByMobile(q: Queryable, mobile: string): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.mobile = $1`, [mobile]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0];
}

/** Locks the user's row for the rest of the caller's transaction: one such step (a bind, an upload) at a time per user. */
export async function lockUser(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
}

/** Stores a new password hash; with `onlyIf`, only while the stored hash is still that one (a rehash racing a change). */
export async function setPasswordHash(q: Queryable, id: number, hash: string, onlyIf?: string): Promise<void> {
  if (onlyIf === undefined) await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);
  else await q.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [id, hash, onlyIf]);
}

/** The real (not demo) user whose invite code this is, or null. */
export async function inviterId(q: Queryable, inviteCode: string): Promise<number | null> {
  const rows = await q.query<{ id: number }>('SELECT id FROM users WHERE invite_code = $1 AND is_demo = 0', [
    inviteCode,
  ]);
  return rows[0]?.id ?? null;
}

/** How many users signed up with this user's invite code. */
export async function invitedCount(q: Queryable, id: number): Promise<number> {
  const rows = await q.query<{ n: string }>('SELECT COUNT(*) AS n FROM users WHERE invited_by = $1', [id]);
  return Number(rows[0]?.n ?? 0);
}

/** A user and their balances, as the operator looks them up. */
export interface UserWithBalances {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  demo_id: string | null;
  is_demo: number;
  balance: string | null;
  lock_balance: string | null;
}

/** The user whose internal id is `id`, or whose uid, e-mail, mobile number or demo id is `key`, with balances. */
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
