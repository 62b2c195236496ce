// The users table as the server sees it, and its wire shape (SPEC §3 User).
import type { User } from '../../src/domain/types.ts';
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
}

export const USER_COLUMNS =
  'u.id, u.uid, u.email, u.mobile, u.area_id, u.password_hash, u.is_demo, u.demo_id, u.invite_code, u.created_at';

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
