// So no paged list writes the count's parsing (BIGINT → string → number) again.
import type { Queryable } from './db.ts';

export interface Page<T> {
  rows: T[];
  total: number;
}

/** `rowsSql` gets the limit and offset as its last two parameters; `countSql` returns its count as `n`. */
export async function pageOf<T>(
  db: Queryable,
  rowsSql: string,
  countSql: string,
  params: readonly unknown[],
  limit: number,
  offset: number,
  countParams: readonly unknown[] = params,
): Promise<Page<T>> {
  const [rows, count] = await Promise.all([
    db.query<T>(rowsSql, [...params, limit, offset]),
    db.query<{ n: string }>(countSql, countParams),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}
