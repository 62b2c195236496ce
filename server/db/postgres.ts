// A real PostgreSQL server behind the Db interface, through a `pg` Pool (DATABASE_URL).
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, TxQueryable } from './db.ts';

const NUMERIC_OID = 1700;
const INT8_OID = 20;

// Per-pool type parsers (not pg.types.setTypeParser, which is process-global): NUMERIC and BIGINT stay exact text.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (v: string) => unknown {
    if (oid === NUMERIC_OID || oid === INT8_OID) return (v: string): string => v;
    return pg.types.getTypeParser(oid, format ?? 'text') as (v: string) => unknown;
  },
};

export interface PostgresOptions {
  url: string;
  max?: number; // pool size
  /** Told about errors of idle pool clients (logged by the caller); the pool replaces the client. */
  onError?: ((err: Error) => void) | undefined;
}

/** A connection that cannot be made in this time fails the request instead of hanging it. */
export const PG_CONNECT_TIMEOUT_MS = 10_000;
/** No statement may run longer (a runaway query would hold locks and a pool slot). */
export const PG_STATEMENT_TIMEOUT_MS = 15_000;
/** A transaction left idle this long (a bug awaiting something else) is ended by the server. */
export const PG_IDLE_IN_TX_TIMEOUT_MS = 30_000;

/** Distinct SQL texts a pool prepares; past this they run unnamed (see preparer). */
export const PREPARED_MAX = 1000;

/**
 * Statements with parameters run as named prepared statements: PostgreSQL parses and plans each SQL text once per
 * connection instead of on every call. On the order submit that halved PostgreSQL's CPU per order (docs/reliability.md
 * "Growing past one machine"). The name is a hash of the text, so every connection agrees on it and `pg` parses it
 * once per connection. At most PREPARED_MAX texts are named, so SQL built at run time cannot grow every session's
 * statement cache without bound. Scripts and statements without parameters stay unnamed (migrations, BEGIN).
 */
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
  // An idle client losing its connection must not crash the process; the pool replaces it, and we say so.
  pool.on('error', (err) => opts.onError?.(err));
  // A client checked out (inside a transaction) that loses its connection emits 'error' on itself, not on the pool;
  // without a listener that is an uncaught exception and the whole server exits (PostgreSQL restarted under load,
  // tests/server/db/pg-restart.test.ts). Its pending query rejects anyway, and the transaction drops the client below.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  await pool.query('SELECT 1'); // fail fast on a bad URL
  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const res = await pool.query(statement(sql, params));
      return res.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    async tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
            const res = await client.query(statement(sql, params));
            return res.rows as R[];
          },
          async exec(sql: string): Promise<void> {
            await client.query(sql);
          },
        });
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
