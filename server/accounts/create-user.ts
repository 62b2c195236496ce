// uid and invite code are derived from the id, so no insert needs a retry.
import type { Queryable } from '../db/db.ts';
import { openAccount } from '../ledger/ledger.ts';
import { areaPrefix } from './area-codes.ts';
import { e164, inviteCodeFor, uidFor } from './identity.ts';

export interface NewUser {
  email?: string | null;
  mobile?: string | null;
  areaId?: number | null;
  passwordHash: string;
  isDemo?: boolean;
  demoId?: string | null;
  invitedBy?: number | null;
}

/** Unique violations surface as database errors (23505). */
export async function createUser(q: Queryable, u: NewUser, now: number): Promise<number> {
  const prefix = u.mobile && u.areaId ? await areaPrefix(q, u.areaId) : null;
  const phone = u.mobile && prefix !== null ? e164(prefix, u.mobile) : null;
  const seq = await q.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('users', 'id'))::text AS id`);
  const id = Number(seq[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('users id sequence gave no value');
  await q.query(
    `INSERT INTO users (id, uid, email, mobile, area_id, password_hash, is_demo, demo_id, invite_code, invited_by, created_at,
                        mobile_e164)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      uidFor(id),
      u.email ?? null,
      u.mobile ?? null,
      u.areaId ?? null,
      u.passwordHash,
      u.isDemo ? 1 : 0,
      u.demoId ?? null,
      inviteCodeFor(id),
      u.invitedBy ?? null,
      now,
      phone,
    ],
  );
  await openAccount(q, id, now);
  return id;
}

/** PGlite and PostgreSQL both report the SQLSTATE code. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
