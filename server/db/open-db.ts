import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { Db } from './db.ts';
import { lockPgliteDir } from './dir-lock.ts';
import { openPglite } from './pglite.ts';
import { openPgliteWorker } from './pglite-bridge.ts';
import { openPostgres } from './postgres.ts';

/** A database being opened, with the release of its folder's lock. */
export interface OpeningDb {
  db: Promise<Db>;
  unlock: () => void;
}

type DbConfig = Pick<ServerConfig, 'db' | 'databaseUrl' | 'dataDir' | 'pgliteDir' | 'pgliteTemplate' | 'pgliteWorker'>;

/** The server's database: `config.db` as given, or opened with the embedded one's folder locked (dir-lock.ts). */
export function openServerDb(config: DbConfig, onPoolError?: (err: Error) => void): OpeningDb {
  if (config.db) return { db: Promise.resolve(config.db), unlock: () => undefined };
  const pgliteDir = config.pgliteDir ?? join(config.dataDir, 'pglite');
  // The offline ops commands refuse the embedded database's folder while this server runs.
  const unlock = config.databaseUrl || pgliteDir.startsWith('memory://') ? () => undefined : lockPgliteDir(pgliteDir);
  const opening = config.databaseUrl
    ? openPostgres({ url: config.databaseUrl, onError: onPoolError })
    : // A worker keeps PGlite's synchronous work off the event loop (server/db/pglite-bridge.ts).
      (config.pgliteWorker ? openPgliteWorker : openPglite)({
        dataDir: pgliteDir,
        ...(config.pgliteTemplate ? { loadDataDir: config.pgliteTemplate } : {}),
      });
  const db = opening.catch((err: unknown) => {
    unlock();
    throw err;
  });
  return { db, unlock };
}
