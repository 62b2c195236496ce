import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, TxQueryable } from './db.ts';

export interface PgliteOptions {
  dataDir: string;
  /** Starting as a copy of a dumped tarball makes test databases fast. */
  loadDataDir?: Blob;
  /** The test templates' smaller WAL segments. */
  initdbArgs?: readonly string[];
}

// BIGINT as text like NUMERIC, so ids and counts never lose precision and both backends agree.
export const PGLITE_PARSERS = {
  [types.NUMERIC]: (v: string): string => v,
  [types.INT8]: (v: string): string => v,
};

export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

export function preparePgliteDir(dataDir: string): void {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
}

export async function openPglite(opts: PgliteOptions): Promise<PgliteDb> {
  preparePgliteDir(opts.dataDir);
  const pg = await PGlite.create(opts.dataDir, {
    parsers: PGLITE_PARSERS,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.initdbArgs ? { initDbStartParams: [...opts.initdbArgs] } : {}),
  });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const res = await pg.query<T>(sql, [...params]);
      return res.rows;
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
    tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      // PGlite's transaction() holds its mutex, so other requests' queries wait instead of joining this transaction.
      return pg.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
            const res = await t.query<R>(sql, [...params]);
            return res.rows;
          },
          async exec(sql: string): Promise<void> {
            await t.exec(sql);
          },
        }),
      );
    },
    async dump(): Promise<Blob> {
      return pg.dumpDataDir('none');
    },
    async close(): Promise<void> {
      if (!pg.closed) await pg.close();
    },
  };
}
