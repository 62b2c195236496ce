// Reading the ledger's records; writing them is ledger.ts's move() alone.
import type { Queryable } from '../db/db.ts';

export interface RecordRow {
  id: string;
  value: string;
  type: number;
  memo: string;
  created_at: string;
}

export async function userRecords(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<RecordRow>(
      `SELECT id, value, type, memo, created_at FROM financial_records WHERE user_id = $1
       ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    db.query<{ n: string }>('SELECT count(*) AS n FROM financial_records WHERE user_id = $1', [userId]),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}
