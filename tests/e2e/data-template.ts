// One migrated and seeded PGlite data directory per npm test run, copied into each test server's DATA_DIR
// (tests/e2e/app-server.ts): a server started on it skips PGlite's initdb, the migrations and the seeders, which are
// about half of its start time, and every test file still gets a database of its own. scripts/test.sh gives its
// browser parts one folder (TEST_TEMPLATES): the first part to start builds the template there and the others wait
// for it; a vitest run alone builds one of its own.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import { slimPgliteTemplate, seedTemplate, TEMPLATE_INITDB } from '../server/support/test-db.ts';
import { until } from '../fixtures/until.ts';

export interface DataTemplate {
  dir: string;
  dispose(): void;
}

/** A data directory laid out as the server's own (`<dir>/pglite`), migrated and seeded at `now`, made in `parent`. */
export async function prepareDataTemplate(now: number, parent = tmpdir()): Promise<DataTemplate> {
  const dir = mkdtempSync(join(parent, 'tickwise-e2e-template-'));
  const db = await openPglite({ dataDir: join(dir, 'pglite'), initdbArgs: TEMPLATE_INITDB });
  try {
    await migrate(db, now);
    await seedTemplate(db, now);
    await slimPgliteTemplate(db);
  } finally {
    await db.close();
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The run's template (see the top of this file); scripts/test.sh removes the shared one when the run ends. `build`
 * makes it (a test of the sharing gives a cheap one).
 */
export async function runDataTemplate(
  now: number,
  shared = process.env.TEST_TEMPLATES,
  build = prepareDataTemplate,
): Promise<DataTemplate> {
  if (!shared) return build(now);
  const dir = join(shared, `e2e-data-${now}`);
  const kept = { dir, dispose: () => undefined };
  mkdirSync(shared, { recursive: true });
  try {
    mkdirSync(`${dir}.lock`); // one builder: mkdir is atomic
  } catch {
    await until(() => existsSync(dir), { what: `the run's data template in ${dir}`, stepMs: 200, tries: 600 });
    return kept;
  }
  const built = await build(now, shared);
  renameSync(built.dir, dir); // whole or absent for the parts that wait
  return kept;
}
