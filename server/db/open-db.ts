import { join } from 'node:path';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPgliteWorker } from './pglite-bridge.ts';
import { openPostgres } from './postgres.ts';

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** Or `memory://`. Default ./data/pglite. */
  pgliteDir?: string | undefined;
  loadDataDir?: Blob | undefined;
  /** Keeps PGlite's synchronous work off the event loop (server/db/pglite-bridge.ts). */
  pgliteWorker?: boolean | undefined;
  /** Idle clients dropped; the composition root logs them. */
  onPoolError?: ((err: Error) => void) | undefined;
}

export const DEFAULT_PGLITE_DIR = join('data', 'pglite');

export function openDb(opts: OpenDbOptions = {}): Promise<Db> {
  if (opts.databaseUrl) return openPostgres({ url: opts.databaseUrl, onError: opts.onPoolError });
  return (opts.pgliteWorker ? openPgliteWorker : openPglite)({
    dataDir: opts.pgliteDir ?? DEFAULT_PGLITE_DIR,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
}
