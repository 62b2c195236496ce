import { mkdirSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db, TxQueryable } from './db.ts';

export interface PgliteOptions {
  dataDir: string;
  /** Starting as a copy of a dumped tarball makes test databases fast. */
  loadDataDir?: Blob;
  /** The test templates' smaller WAL segments. */
  initdbArgs?: readonly string[];
}

// BIGINT as text like NUMERIC, so ids and counts never lose precision and both backends agree.
const PGLITE_PARSERS = { [types.NUMERIC]: (v: string): string => v, [types.INT8]: (v: string): string => v };

export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

/** The same PGlite on the server's thread and in the worker thread (pglite-worker-entry.ts). */
export function createPglite(opts: PgliteOptions): Promise<PGlite> {
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  return PGlite.create(opts.dataDir, {
    parsers: PGLITE_PARSERS,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.initdbArgs ? { initDbStartParams: [...opts.initdbArgs] } : {}),
  });
}

/** PGlite and its transactions answer alike. */
const queryable = (pg: Pick<Transaction, 'query' | 'exec'>): TxQueryable => ({
  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await pg.query<T>(sql, [...params])).rows;
  },
  async exec(sql: string): Promise<void> {
    await pg.exec(sql);
  },
});

export async function openPglite(opts: PgliteOptions): Promise<PgliteDb> {
  const pg = await createPglite(opts);
  return {
    kind: 'pglite',
    ...queryable(pg),
    tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      // PGlite's transaction() holds its mutex, so other requests' queries wait instead of joining this transaction.
      return pg.transaction(async (t) => fn(queryable(t)));
    },
    async dump(): Promise<Blob> {
      return pg.dumpDataDir('none');
    },
    async close(): Promise<void> {
      if (!pg.closed) await pg.close();
    },
  };
}
