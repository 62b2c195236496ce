// The one small query interface: plain SQL with $1 parameters, transactions; PGlite or PostgreSQL behind it.
// NUMERIC and BIGINT columns come back as strings (exact); INTEGER as numbers; TIMESTAMPTZ as Date.

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** A transaction handle: queries plus multi-statement scripts (migrations). */
export interface TxQueryable extends Queryable {
  /** Runs a script of several statements without parameters (simple protocol). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK on throw). Inside fn use only `q`:
   * on PGlite the outer db waits for the transaction to finish, so calling it from inside would deadlock.
   */
  tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters, outside a transaction. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (the metrics' pool gauge). */
  poolStats?(): { total: number; idle: number; waiting: number };
}
