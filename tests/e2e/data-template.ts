// One migrated and seeded PGlite data directory per browser-test run, copied into each test server's DATA_DIR
// (tests/e2e/app-server.ts): a server started on it skips PGlite's initdb, the migrations and the seeders, which are
// about half of its start time, and every test file still gets a database of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedTemplate } from '../server/support/test-db.ts';

/** A data directory laid out as the server's own (`<dir>/pglite`), migrated and seeded at `now`. */
export async function prepareDataTemplate(now: number): Promise<{ dir: string; dispose(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-e2e-template-'));
  const db = await openPglite({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(db, now);
    await seedTemplate(db, now);
  } finally {
    await db.close();
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
