// The one small query interface: plain SQL with $1 parameters, transactions; PGlite or PostgreSQL behind it.
// NUMERIC and BIGINT columns come back as strings (exact); INTEGER as numbers; TIMESTAMPTZ as Date.

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK on throw). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
