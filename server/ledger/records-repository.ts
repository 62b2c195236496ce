// Reading the ledger's records; writing them is ledger.ts's move() alone.
import type { Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';

export interface RecordRow {
  id: string;
  value: string;
  type: number;
  memo: string;
  created_at: string;
}

export function userRecords(db: Queryable, userId: number, limit: number, offset: number): Promise<Page<RecordRow>> {
  return pageOf<RecordRow>(
    db,
    `SELECT id, value, type, memo, created_at FROM financial_records WHERE user_id = $1
       ORDER BY id DESC LIMIT $2 OFFSET $3`,
    'SELECT count(*) AS n FROM financial_records WHERE user_id = $1',
    [userId],
    limit,
    offset,
  );
}
