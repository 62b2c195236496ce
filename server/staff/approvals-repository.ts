// The four-eyes gate's SQL; lone_movements keeps what one member moved alone so the gate can sum it over a day.
import type { Queryable } from '../db/db.ts';

export interface ApprovalRow {
  id: number;
  /** The command's name. */
  kind: string;
  subject_id: string;
  /** As the first member gave them. */
  params: string;
  summary: string;
  first_staff_id: number;
  first_at: string;
  status: string;
  first_by: string | null;
}

export async function insertApproval(
  q: Queryable,
  a: {
    kind: string;
    userId: number;
    usd: string;
    item: number | null;
    params: unknown;
    summary: string;
    firstStaffId: number;
    now: number;
  },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO second_approvals (kind, subject_id, user_id, usd, item, params, summary, first_staff_id, first_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [a.kind, a.item ?? a.userId, a.userId, a.usd, a.item, JSON.stringify(a.params), a.summary, a.firstStaffId, a.now],
  );
  return row?.id ?? 0;
}

const SELECT = `SELECT a.id, a.kind, a.subject_id, a.params, a.summary, a.first_staff_id, a.first_at, a.status,
                       coalesce(s.name || ' (' || s.login || ')', CASE WHEN a.first_staff_id = 0 THEN 'break-glass' END) AS first_by
                  FROM second_approvals a LEFT JOIN staff s ON s.id = a.first_staff_id`;

/** Locked for the caller's transaction. */
export async function lockApproval(q: Queryable, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await q.query<ApprovalRow>(`${SELECT} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
  return row;
}

/** Locked. */
export async function waitingApprovalOf(q: Queryable, kind: string, item: number): Promise<ApprovalRow | undefined> {
  const [row] = await q.query<ApprovalRow>(
    `${SELECT} WHERE a.kind = $1 AND a.item = $2 AND a.status = 'waiting' FOR UPDATE OF a`,
    [kind, item],
  );
  return row;
}

export function waitingApprovals(q: Queryable, limit: number): Promise<ApprovalRow[]> {
  return q.query<ApprovalRow>(`${SELECT} WHERE a.status = 'waiting' ORDER BY a.id LIMIT $1`, [limit]);
}

export async function closeApproval(
  q: Queryable,
  id: number,
  status: 'approved' | 'dropped',
  secondStaffId: number | null,
  now: number,
): Promise<void> {
  await q.query('UPDATE second_approvals SET status = $2, second_staff_id = $3, done_at = $4 WHERE id = $1', [
    id,
    status,
    secondStaffId,
    now,
  ]);
}

export async function recordLoneMovement(
  q: Queryable,
  m: { staffId: number; userId: number; command: string; usd: string; currency: string; value: string; at: number },
): Promise<void> {
  await q.query(
    `INSERT INTO lone_movements (staff_id, user_id, command, usd, currency, value, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [m.staffId, m.userId, m.command, m.usd, m.currency, m.value, m.at],
  );
}

/** In USD, and in `currency`. */
export async function loneSums(
  q: Queryable,
  staffId: number,
  userId: number,
  currency: string,
  since: number,
): Promise<{ usd: string; value: string }> {
  const [row] = await q.query<{ usd: string; value: string }>(
    `SELECT coalesce(sum(usd), 0)::text AS usd,
            coalesce(sum(value) FILTER (WHERE currency = $3), 0)::text AS value
       FROM lone_movements WHERE staff_id = $1 AND user_id = $2 AND at > $4`,
    [staffId, userId, currency, since],
  );
  return { usd: row?.usd ?? '0', value: row?.value ?? '0' };
}
