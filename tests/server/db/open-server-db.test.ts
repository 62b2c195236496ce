// The server's database opener (server/db/open-db.ts `openServerDb`), which serve.ts starts before the app's modules
// load: the embedded database's folder is locked while it is open and released when opening fails; a given database
// is passed through untouched. PGlite on files whatever TEST_DB says, so it runs once (vitest.config.ts ONE_DATABASE).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openServerDb } from '../../../server/db/open-db.ts';
import type { Db } from '../../../server/db/db.ts';
import { lockFileOf } from '../../../server/db/dir-lock.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-open-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('openServerDb', () => {
  it('holds the embedded database folder’s lock while it is open, and gives it back on unlock', async () => {
    const dataDir = tempDir();
    const lock = lockFileOf(join(dataDir, 'pglite'));
    const opening = openServerDb({ dataDir, pgliteWorker: false });
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(process.pid)); // taken before the opening ends
    const db = await opening.db;
    expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.close();
    opening.unlock();
    expect(existsSync(lock)).toBe(false);
  });

  it('releases the lock when the opening fails', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'pglite'), 'not a database folder');
    const opening = openServerDb({ dataDir, pgliteWorker: false });
    await expect(opening.db).rejects.toThrow();
    expect(existsSync(lockFileOf(join(dataDir, 'pglite')))).toBe(false);
  });

  it('passes a given database through and locks nothing', async () => {
    const dataDir = tempDir();
    const unused = (): never => {
      throw new Error('the opener only hands the database on');
    };
    const given: Db = { kind: 'pglite', query: unused, exec: unused, tx: unused, close: unused };
    const opening = openServerDb({ dataDir, db: given });
    expect(await opening.db).toBe(given);
    expect(existsSync(lockFileOf(join(dataDir, 'pglite')))).toBe(false);
  });
});
