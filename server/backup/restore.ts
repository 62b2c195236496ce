// Restoring a backup with the server stopped; a restore that breaks the ledger's invariants exits non-zero.
import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { lockPgliteDir } from '../db/dir-lock.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { checkRestored, readArchive, restorePostgres, userTables, type RestoreCheck } from './backup.ts';
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

const octal = (b: Buffer, at: number, len: number): number =>
  parseInt(
    b
      .toString('latin1', at, at + len)
      .replace(/\0.*$/s, '')
      .trim() || '0',
    8,
  );

/** Checked whole first, since PGlite's loader would leave partial files in DATA_DIR from a cut tar; a refusal names
 * the file and what is missing. */
function pgliteArchive(file: string, gz: Buffer): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(gz);
  } catch (err) {
    throw new BadBackup(file, `damaged: its compressed data is cut or corrupt (${(err as Error).message})`);
  }
  let at = 0;
  while (at + 512 <= tar.length) {
    const head = tar.subarray(at, at + 512);
    if (head.every((x) => x === 0)) {
      if (at + 1024 <= tar.length) return tar;
      break;
    }
    const name = head.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (head[i] ?? 0);
    if (sum !== octal(head, 148, 8))
      throw new BadBackup(file, `damaged: the archive's entry after ${at} bytes is unreadable`);
    at += 512 + Math.ceil(octal(head, 124, 12) / 512) * 512;
    if (at > tar.length) throw new BadBackup(file, `cut short: the archive ends inside ${name}`);
  }
  throw new BadBackup(file, 'cut short: the archive has no end (an incomplete copy?)');
}
