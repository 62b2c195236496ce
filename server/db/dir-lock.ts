// No process copies or replaces a database another still writes (docs/operations.md "Moving to PostgreSQL").
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Beside the folder, so it is in no backup of it and survives its replacement. */
export const lockFileOf = (pgliteDir: string): string => `${resolve(pgliteDir)}.lock`;

/** EPERM means it exists but is someone else's. */
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

/** false when it exists already. */
function create(file: string): boolean {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The release removes the file only while it is still this process's. */
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
