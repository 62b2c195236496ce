import type { AreaCode } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';

export function areaCodes(db: Queryable): Promise<AreaCode[]> {
  return db.query<AreaCode>('SELECT id, code, global_code FROM area_codes ORDER BY sort, id');
}

/** Null when there is no such code. */
export async function areaPrefix(db: Queryable, id: number): Promise<string | null> {
  const rows = await db.query<{ global_code: string }>('SELECT global_code FROM area_codes WHERE id = $1', [id]);
  return rows[0]?.global_code ?? null;
}
