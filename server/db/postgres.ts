import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, TxQueryable } from './db.ts';

const NUMERIC_OID = 1700;
const INT8_OID = 20;

// Per pool, not pg.types.setTypeParser which is process-global: NUMERIC and BIGINT stay exact text.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (v: string) => unknown {
    if (oid === NUMERIC_OID || oid === INT8_OID) return (v: string): string => v;
    return pg.types.getTypeParser(oid, format ?? 'text') as (v: string) => unknown;
  },
};

export interface PostgresOptions {
  url: string;
  max?: number; // pool size
  /** The pool replaces the client. */
  onError?: ((err: Error) => void) | undefined;
}

/** A connection that cannot be made in this time fails the request instead of hanging it. */
export const PG_CONNECT_TIMEOUT_MS = 10_000;
/** A runaway query would hold locks and a pool slot. */
export const PG_STATEMENT_TIMEOUT_MS = 15_000;
/** Such a transaction is a bug awaiting something else. */
export const PG_IDLE_IN_TX_TIMEOUT_MS = 30_000;

export const PREPARED_MAX = 1000;

/** Named by a hash of the text so every connection agrees; capped so run-time SQL cannot grow the cache unbounded. */
function preparer(): (sql: string, params: readonly unknown[]) => pg.QueryConfig {
  const names = new Map<string, string>();
  return (sql, params) => {
    const values = [...params];
    if (values.length === 0) return { text: sql, values };
    let name = names.get(sql);
    if (name === undefined && names.size < PREPARED_MAX) {
      name = `tw_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return name === undefined ? { text: sql, values } : { name, text: sql, values };
  };
}

export async function openPostgres(opts: PostgresOptions): Promise<Db> {
  const statement = preparer();
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    types: typeParsers,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: PG_IDLE_IN_TX_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => opts.onError?.(err));
  // A checked-out client errors on itself; unlistened, that exits the server (tests/server/db/pg-restart.test.ts).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  await pool.query('SELECT 1'); // fail fast on a bad URL
  let closed = false;
  // The pool and a transaction's client answer alike.
  const queryable = (c: pg.Pool | pg.PoolClient): TxQueryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return (await c.query(statement(sql, params))).rows as T[];
    },
    async exec(sql: string): Promise<void> {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...queryable(pool),
    async tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e)); // the connection is gone: do not reuse it
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
