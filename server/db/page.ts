// So no paged list parses the count again.
import { countOf, type Queryable } from './db.ts';

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
  const [rows, total] = await Promise.all([
    db.query<T>(rowsSql, [...params, limit, offset]),
    countOf(db, countSql, countParams),
  ]);
  return { rows, total };
}
