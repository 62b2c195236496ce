// The telephone area codes (docs/contract.md §3 AreaCode): the list the sign-up form offers, and one code's dialling prefix.
import type { AreaCode } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';

export function areaCodes(db: Queryable): Promise<AreaCode[]> {
  return db.query<AreaCode>('SELECT id, code, global_code FROM area_codes ORDER BY sort, id');
}

/** The dialling prefix of an area code ("+852"), or null when there is no such code. */
export async function areaPrefix(db: Queryable, id: number): Promise<string | null> {
  const rows = await db.query<{ global_code: string }>('SELECT global_code FROM area_codes WHERE id = $1', [id]);
  return rows[0]?.global_code ?? null;
}
