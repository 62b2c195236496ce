import type { Queryable } from '../db/db.ts';
import type { Role } from './rights.ts';

export interface StaffRow {
  id: number;
  login: string;
  name: string;
  role: Role;
  password_hash: string;
  active: boolean;
  created_at: string;
  /** The admin's one-time password opens only the step where the member sets their own. */
  must_set_password: boolean;
  /** No second approval for 24 h after it. */
  credentials_at: string;
}

const COLS = 'id, login, name, role, password_hash, active, created_at, must_set_password, credentials_at';

export async function staffByLogin(q: Queryable, login: string): Promise<StaffRow | undefined> {
  const [row] = await q.query<StaffRow>(`SELECT ${COLS} FROM staff WHERE login = $1`, [login]);
  return row;
}

export async function staffById(q: Queryable, id: number): Promise<StaffRow | undefined> {
  const [row] = await q.query<StaffRow>(`SELECT ${COLS} FROM staff WHERE id = $1`, [id]);
  return row;
}

export function allStaff(q: Queryable): Promise<StaffRow[]> {
  return q.query<StaffRow>(`SELECT ${COLS} FROM staff ORDER BY id`);
}

export async function activeAdminCount(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND active");
  return row?.n ?? 0;
}

export async function insertStaff(
  q: Queryable,
  s: { login: string; name: string; role: Role; passwordHash: string; now: number },
): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO staff (login, name, role, password_hash, active, created_at, must_set_password, credentials_at)
     VALUES ($1, $2, $3, $4, TRUE, $5, TRUE, $5)
     ON CONFLICT (login) DO NOTHING RETURNING id`,
    [s.login, s.name, s.role, s.passwordHash, s.now],
  );
  return rows[0]?.id ?? null;
}

export async function updateStaff(q: Queryable, id: number, change: { role?: Role; active?: boolean }): Promise<void> {
  await q.query('UPDATE staff SET role = coalesce($2, role), active = coalesce($3, active) WHERE id = $1', [
    id,
    change.role ?? null,
    change.active ?? null,
  ]);
}

/** `reset` makes it an admin's one-time password and the credentials new from `now`. */
export async function setStaffPassword(
  q: Queryable,
  id: number,
  passwordHash: string,
  by: { reset: true; now: number } | { reset: false },
): Promise<void> {
  await q.query(
    `UPDATE staff SET password_hash = $2, must_set_password = $3, credentials_at = coalesce($4, credentials_at)
      WHERE id = $1`,
    [id, passwordHash, by.reset, by.reset ? by.now : null],
  );
}

export async function insertSession(
  q: Queryable,
  s: { tokenHash: string; staffId: number; now: number; address: string },
): Promise<void> {
  await q.query(
    'INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen, address) VALUES ($1, $2, $3, $3, $4)',
    [s.tokenHash, s.staffId, s.now, s.address],
  );
}

/** Checks and touches in one statement, so a request racing the expiry never revives a session. */
export async function touchSession(
  q: Queryable,
  tokenHash: string,
  now: number,
  idleSince: number,
): Promise<number | null> {
  const rows = await q.query<{ staff_id: number }>(
    `UPDATE staff_sessions SET last_seen = $2
      WHERE token_hash = $1 AND revoked_at IS NULL AND last_seen >= $3 RETURNING staff_id`,
    [tokenHash, now, idleSince],
  );
  return rows[0]?.staff_id ?? null;
}

/** `keptHash` is the member's own session after they changed their password; answers how many. */
export async function revokeSessions(q: Queryable, staffId: number, now: number, keptHash = ''): Promise<number> {
  const rows = await q.query(
    `UPDATE staff_sessions SET revoked_at = $2
      WHERE staff_id = $1 AND revoked_at IS NULL AND token_hash <> $3 RETURNING token_hash`,
    [staffId, now, keptHash],
  );
  return rows.length;
}

export async function revokeSession(q: Queryable, tokenHash: string, now: number): Promise<void> {
  await q.query('UPDATE staff_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    tokenHash,
    now,
  ]);
}

export async function liveSessionCounts(q: Queryable, idleSince: number): Promise<Map<number, number>> {
  const rows = await q.query<{ staff_id: number; n: number }>(
    `SELECT staff_id, count(*)::int AS n FROM staff_sessions WHERE revoked_at IS NULL AND last_seen >= $1
      GROUP BY staff_id`,
    [idleSince],
  );
  return new Map(rows.map((r) => [r.staff_id, r.n]));
}
