// The audit log's SQL; a trigger refuses UPDATE, DELETE and TRUNCATE for every database user.
import type { Queryable } from '../db/db.ts';
import type { OpsActor } from './rights.ts';

export interface AuditEntry {
  at: number;
  staffId: number | null;
  actor: string;
  role: string;
  address: string;
  action: string;
  params: unknown;
  before?: unknown;
  after?: unknown;
}

/** Who a row names; break-glass has no staff row. */
export const auditActor = (a: OpsActor): Pick<AuditEntry, 'staffId' | 'actor' | 'role' | 'address'> => ({
  staffId: a.staffId || null,
  actor: a.name,
  role: a.role,
  address: a.address,
});

const json = (v: unknown): string | null => (v === undefined ? null : (JSON.stringify(v) ?? null));

export async function appendAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (at, staff_id, actor, role, address, action, params, before_value, after_value)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [e.at, e.staffId, e.actor, e.role, e.address, e.action, json(e.params) ?? '{}', json(e.before), json(e.after)],
  );
}

interface AuditRow {
  id: string;
  at: string;
  staff_id: number | null;
  actor: string;
  role: string;
  address: string;
  action: string;
  params: string;
  before_value: string | null;
  after_value: string | null;
}

interface AuditFilter {
  /** A non-admin sees only their own rows. */
  staffId?: number | null;
  /** Case-insensitive, in the actor, the action, the parameters or the values. */
  text?: string;
  action?: string;
  from?: number;
  to?: number;
  limit: number;
}

export function searchAudit(q: Queryable, f: AuditFilter): Promise<AuditRow[]> {
  const like = f.text ? `%${f.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return q.query<AuditRow>(
    `SELECT id, at, staff_id, actor, role, address, action, params, before_value, after_value FROM audit_log
      WHERE ($1::int IS NULL OR staff_id = $1::int)
        AND ($2::text IS NULL OR lower(actor || ' ' || action || ' ' || params || ' ' || coalesce(before_value, '')
             || ' ' || coalesce(after_value, '')) LIKE $2::text)
        AND ($3::text IS NULL OR action = $3::text)
        AND ($4::bigint IS NULL OR at >= $4::bigint)
        AND ($5::bigint IS NULL OR at < $5::bigint)
      ORDER BY id DESC LIMIT $6`,
    [f.staffId ?? null, like, f.action ?? null, f.from ?? null, f.to ?? null, f.limit],
  );
}
