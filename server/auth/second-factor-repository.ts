// Each write that accepts a code is one conditional UPDATE, so two requests racing with one code cannot both pass.
import type { Queryable } from '../db/db.ts';

export type FactorOwner = { kind: 'user' | 'staff'; id: number };

interface SecondFactorRow {
  secret: string;
  enabled_at: string | null; // ms epoch as text
  last_step: string | null;
}

export async function factorOf(q: Queryable, owner: FactorOwner): Promise<SecondFactorRow | undefined> {
  const [row] = await q.query<SecondFactorRow>(
    'SELECT secret, enabled_at, last_step FROM second_factors WHERE owner_kind = $1 AND owner_id = $2',
    [owner.kind, owner.id],
  );
  return row;
}

export async function factorEnabled(q: Queryable, owner: FactorOwner): Promise<boolean> {
  const row = await factorOf(q, owner);
  return row?.enabled_at != null;
}

/** An enabled factor must be turned off first. */
export async function beginFactor(q: Queryable, owner: FactorOwner, secret: string, now: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO second_factors (owner_kind, owner_id, secret, enabled_at, last_step, created_at)
     VALUES ($1, $2, $3, NULL, NULL, $4)
     ON CONFLICT (owner_kind, owner_id) DO UPDATE SET secret = $3, last_step = NULL, created_at = $4
       WHERE second_factors.enabled_at IS NULL
     RETURNING owner_id`,
    [owner.kind, owner.id, secret, now],
  );
  return rows.length === 1;
}

/** The replay guard: true only when no code of this or a later step was accepted before. */
export async function acceptStep(
  q: Queryable,
  owner: FactorOwner,
  step: number,
  now: number,
  enable = false,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE second_factors SET last_step = $3, enabled_at = CASE WHEN $5 THEN $4 ELSE enabled_at END
      WHERE owner_kind = $1 AND owner_id = $2 AND (last_step IS NULL OR last_step < $3)
        AND (enabled_at IS NOT NULL OR $5)
      RETURNING owner_id`,
    [owner.kind, owner.id, step, now, enable],
  );
  return rows.length === 1;
}

export async function replaceRecoveryCodes(q: Queryable, owner: FactorOwner, hashes: readonly string[]): Promise<void> {
  await q.query('DELETE FROM recovery_codes WHERE owner_kind = $1 AND owner_id = $2', [owner.kind, owner.id]);
  await q.query(
    'INSERT INTO recovery_codes (owner_kind, owner_id, code_hash, used_at) SELECT $1, $2, unnest($3::text[]), NULL',
    [owner.kind, owner.id, [...hashes]],
  );
}

export async function unusedRecoveryHashes(q: Queryable, owner: FactorOwner): Promise<string[]> {
  const rows = await q.query<{ code_hash: string }>(
    'SELECT code_hash FROM recovery_codes WHERE owner_kind = $1 AND owner_id = $2 AND used_at IS NULL ORDER BY code_hash',
    [owner.kind, owner.id],
  );
  return rows.map((r) => r.code_hash);
}

/** True only for the first use: of two racing requests one wins. */
export async function useRecoveryCode(q: Queryable, owner: FactorOwner, hash: string, now: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE recovery_codes SET used_at = $4
      WHERE owner_kind = $1 AND owner_id = $2 AND code_hash = $3 AND used_at IS NULL RETURNING code_hash`,
    [owner.kind, owner.id, hash, now],
  );
  return rows.length === 1;
}

export async function removeFactor(q: Queryable, owner: FactorOwner): Promise<void> {
  await q.query('DELETE FROM second_factors WHERE owner_kind = $1 AND owner_id = $2', [owner.kind, owner.id]);
}
