// NUMERIC and BIGINT come back as exact strings, INTEGER as numbers, TIMESTAMPTZ as Date.

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface TxQueryable extends Queryable {
  /** Simple protocol: no parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Inside fn use only `q`: on PGlite the outer db waits for the transaction, so calling it would deadlock. */
  tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T>;
  /** Simple protocol: no parameters; outside a transaction. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: for the metrics' pool gauge. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const queryOne = async <T>(q: Queryable, sql: string, params: readonly unknown[]): Promise<T | null> =>
  (await q.query<T>(sql, params))[0] ?? null;

/** A count (or sum) selected as `n`: BIGINT comes back as text, and no row or NULL is 0. */
export async function countOf(q: Queryable, sql: string, params: readonly unknown[] = []): Promise<number> {
  return Number((await queryOne<{ n: string | number | null }>(q, sql, params))?.n ?? 0);
}

/** The row an operator named by its id or by `nameColumn`; null when there is none. */
export async function idByRef(q: Queryable, table: string, nameColumn: string, ref: string): Promise<number | null> {
  const where = /^\d{1,9}$/.test(ref) ? 'id = $1::int' : `${nameColumn} = $1`;
  return (await queryOne<{ id: number }>(q, `SELECT id FROM ${table} WHERE ${where}`, [ref]))?.id ?? null;
}
