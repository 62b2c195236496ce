import type { Queryable } from './db.ts';

export async function queryOne<T>(q: Queryable, sql: string, params: readonly unknown[]): Promise<T | null> {
  const rows = await q.query<T>(sql, params);
  return rows[0] ?? null;
}
