// The lock on an embedded database's folder (docs/operations.md "Moving to PostgreSQL"): DATA_DIR/pglite.lock,
// created exclusively with the holder's process id by the server for as long as it runs and by the offline ops
// commands (migrate-to-postgres, restore) for as long as they work, so neither copies nor replaces a database a
// running server still writes. A lock whose process is gone (a crash, kill -9) is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The lock file of a PGlite folder: beside it, so it is in no backup of the folder and survives its replacement. */
export const lockFileOf = (pgliteDir: string): string => `${resolve(pgliteDir)}.lock`;

/** A process that exists (kill 0 succeeds, or is refused for lack of permission: it is someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const holderOf = (file: string): number => {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return 0;
  }
};

/** Creates the lock file with this process's id; false when it exists already. */
function create(file: string): boolean {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Takes the lock of `pgliteDir` for this process, or throws naming the process that holds it. Answers the release,
 * which removes the file only while it is still this process's.
 */
export function lockPgliteDir(pgliteDir: string): () => void {
  const file = lockFileOf(pgliteDir);
  mkdirSync(dirname(file), { recursive: true });
  if (!create(file)) {
    const holder = holderOf(file);
    if (holder > 0 && alive(holder))
      throw new Error(
        `the embedded database ${resolve(pgliteDir)} is in use by process ${holder} (a running server): stop it first` +
          ` (${file} is removed when it stops)`,
      );
    rmSync(file, { force: true }); // its process is gone: the lock is stale
    if (!create(file)) throw new Error(`could not take over the stale lock ${file}: another process took it first`);
  }
  return () => {
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
}
