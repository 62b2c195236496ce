// Restoring a backup with the server stopped; a restore that breaks the ledger's invariants exits non-zero.
import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { lockPgliteDir } from '../db/dir-lock.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { checkRestored, readArchive, restorePostgres, userTables, type RestoreCheck } from './backup.ts';
import { pgliteArchive } from './archive-check.ts';
import { BadBackup } from './sealed.ts';

export type RestoreTarget = { dataDir: string } | { databaseUrl: string };

export const pgliteDirOf = (dataDir: string): string => join(dataDir, 'pglite');

/** A restore never overwrites a database; `key` is asked only for a sealed file. */
export async function restoreBackup(file: string, target: RestoreTarget, key: () => Buffer): Promise<RestoreCheck> {
  if (!existsSync(file)) throw new Error(`no backup file at ${file}`);
  const { kind, archive } = await readArchive(file, key);
  const want = 'databaseUrl' in target ? 'postgres' : 'pglite';
  if (kind !== want)
    throw new BadBackup(
      file,
      kind === 'pglite'
        ? 'a backup of the embedded database: restore it with --data-dir'
        : 'a PostgreSQL backup: restore it with --database-url',
    );
  if ('databaseUrl' in target) {
    const db = await openPostgres({ url: target.databaseUrl });
    try {
      const tables = await userTables(db);
      if (tables.length > 0)
        throw new Error(`the database is not empty (${tables.length} tables): restore into a new, empty database`);
      await restorePostgres(archive, target.databaseUrl);
      return await checkRestored(db);
    } finally {
      await db.close();
    }
  }
  const dir = pgliteDirOf(target.dataDir);
  const unlock = lockPgliteDir(dir); // no server may start on the folder, nor be running on it, while it is made
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new Error(
        `${dir} already holds a database: stop the server and move it aside, or choose another --data-dir`,
      );
    // Checked whole before anything is written, then made in a hidden folder moved into place only when complete.
    const tar = pgliteArchive(file, archive);
    const partial = join(target.dataDir, `.pglite-restore-${process.pid}`);
    await rm(partial, { recursive: true, force: true });
    try {
      const db = await openPglite({ dataDir: partial, loadDataDir: new Blob([new Uint8Array(tar)]) });
      let check: RestoreCheck;
      try {
        check = await checkRestored(db);
      } finally {
        await db.close();
      }
      await rm(dir, { recursive: true, force: true }); // absent or empty (checked above, under the lock)
      await rename(partial, dir);
      return check;
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  } finally {
    unlock();
  }
}
