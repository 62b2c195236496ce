// One page of rows and how many there are in all, the two queries every paged list runs side by side; the
// repositories use it so no list writes the count's parsing (BIGINT → string → number) again.
import type { Queryable } from './db.ts';

export interface Page<T> {
  rows: T[];
  total: number;
}

/** `rowsSql` gets `params` then the limit and offset as its last two parameters; `countSql` gets `params` and
 * returns its count as `n`. */
export async function pageOf<T>(
  db: Queryable,
  rowsSql: string,
  countSql: string,
  params: readonly unknown[],
  limit: number,
  offset: number,
): Promise<Page<T>> {
  const [rows, count] = await Promise.all([
    db.query<T>(rowsSql, [...params, limit, offset]),
    db.query<{ n: string }>(countSql, params),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}
