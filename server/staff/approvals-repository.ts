// The SQL of second approvals (server/db/migrations/800-staff.sql): money above the four-eyes threshold waits here
// for a second finance member.
import type { Queryable } from '../db/db.ts';

export type ApprovalKind = 'withdraw-paid' | 'user-credit';

export interface ApprovalRow {
  id: number;
  kind: ApprovalKind;
  subject_id: string;
  params: string;
  summary: string;
  first_staff_id: number;
  first_at: string;
  status: string;
  first_by: string | null;
}

export async function insertApproval(
  q: Queryable,
  a: { kind: ApprovalKind; subjectId: number; params: unknown; summary: string; firstStaffId: number; now: number },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO second_approvals (kind, subject_id, params, summary, first_staff_id, first_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [a.kind, a.subjectId, JSON.stringify(a.params), a.summary, a.firstStaffId, a.now],
  );
  return row?.id ?? 0;
}

const SELECT = `SELECT a.id, a.kind, a.subject_id, a.params, a.summary, a.first_staff_id, a.first_at, a.status,
                       coalesce(s.name || ' (' || s.login || ')', CASE WHEN a.first_staff_id = 0 THEN 'break-glass' END) AS first_by
                  FROM second_approvals a LEFT JOIN staff s ON s.id = a.first_staff_id`;

/** The approval, locked for the caller's transaction. */
export async function lockApproval(q: Queryable, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await q.query<ApprovalRow>(`${SELECT} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
  return row;
}

/** The waiting approval of one subject (a withdrawal), locked. */
export async function waitingApprovalOf(
  q: Queryable,
  kind: ApprovalKind,
  subjectId: number,
): Promise<ApprovalRow | undefined> {
  const [row] = await q.query<ApprovalRow>(
    `${SELECT} WHERE a.kind = $1 AND a.subject_id = $2 AND a.status = 'waiting' FOR UPDATE OF a`,
    [kind, subjectId],
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
