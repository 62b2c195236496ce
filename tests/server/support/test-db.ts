// Throwaway databases for the server tests: a migrated and seeded template made once per run (global-setup.ts),
// copied per test server — a PGlite tarball loaded in memory, or CREATE DATABASE … TEMPLATE on PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { seed } from '../../../server/db/seeds/index.ts';
import type { Db } from '../../../server/db/db.ts';
import { setSetting } from '../../../server/settings/settings.ts';
export { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../../fixtures/postgres-cluster.ts';

export type TestDbInfo =
  | { kind: 'pglite'; templatePath: string }
  | { kind: 'postgres'; adminUrl: string; template: string };

/** The template runs without the retail rules (docs/retail-protection.md "Tests") and at one price (docs/market-data.md
 * "Spread"): the tests of other features trade at any offered leverage without a questionnaire, at the price they
 * set; the retail and spread tests turn each on. */
export async function seedTemplate(db: Db, now: number): Promise<void> {
  await seed(db, now);
  await setSetting(db, 'retail_protection', '0');
  await db.query('DELETE FROM feed_rules');
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

export const TEMPLATE_DB = 'tickwise_template';

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function dbUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh copy of the template. FILE_COPY copies its files; the default (WAL_LOG) writes every block of it to the WAL
 * again, which for a server file's database cost three times as long.
 */
export async function copyTemplate(adminUrl: string, template: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
}

/** Creates, migrates and seeds the template database; `now` is the seed time. */
export async function preparePostgresTemplate(adminUrl: string, now: number): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
  const db = await openPostgres({ url: dbUrl(adminUrl, TEMPLATE_DB), max: 2 });
  try {
    await migrate(db, now);
    await seedTemplate(db, now);
  } finally {
    await db.close(); // CREATE DATABASE … TEMPLATE needs the template without connections
  }
}

/** A test template's initdb: 1 MB WAL segments, not 16, so each copy of it loads a smaller data directory. */
export const TEMPLATE_INITDB = ['--wal-segsize=1'] as const;

/**
 * Makes a PGlite template cheap to open: PostgreSQL's own template databases go, which a server on PGlite never opens
 * (a copy loads half the files), and its copies start with 16 MB of shared buffers, not 128: each start zeroes them,
 * and a test's database fits in a few.
 */
export async function slimPgliteTemplate(db: Db): Promise<void> {
  await db.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
  await db.exec("ALTER SYSTEM SET shared_buffers = '16MB'");
  await db.exec('CHECKPOINT');
}

/** Migrates and seeds an in-memory PGlite and writes its data dir as a tarball; returns the file path. */
export async function preparePgliteTemplate(now: number): Promise<{ path: string; dispose(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-pglite-'));
  const path = join(dir, 'template.tar');
  const db = await openPglite({ dataDir: 'memory://', initdbArgs: TEMPLATE_INITDB });
  try {
    await migrate(db, now);
    await seedTemplate(db, now);
    await slimPgliteTemplate(db);
    const tar = await db.dump();
    writeFileSync(path, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
