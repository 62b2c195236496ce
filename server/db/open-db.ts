// Picks the backend: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in the data directory.
import { join } from 'node:path';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPgliteWorker } from './pglite-bridge.ts';
import { openPostgres } from './postgres.ts';

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://`. Default ./data/pglite. */
  pgliteDir?: string | undefined;
  /** A PGlite tarball to start from (tests). */
  loadDataDir?: Blob | undefined;
  /** PGlite in a worker thread (server/db/pglite-bridge.ts) instead of on the event loop. */
  pgliteWorker?: boolean | undefined;
  /** PostgreSQL pool errors (idle clients dropped): the composition root logs them. */
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
