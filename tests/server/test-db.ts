// Throwaway databases for the server tests: a migrated and seeded template made once per run (global-setup.ts),
// copied per test server — a PGlite tarball loaded in memory, or CREATE DATABASE … TEMPLATE on PostgreSQL.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { seed } from '../../server/db/seed.ts';
import { freePort } from '../fixtures/free-port.ts';

export type TestDbInfo =
  | { kind: 'pglite'; templatePath: string }
  | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

export const TEMPLATE_DB = 'tickwise_template';

/** The newest Debian PostgreSQL binaries directory, e.g. /usr/lib/postgresql/15/bin. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
    : [];
  const v = versions[0];
  if (!v) {
    throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql: apt-get install -y postgresql');
  }
  return join(root, v, 'bin');
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL tool; as root it runs as the `postgres` user (initdb refuses root). */
function pgTool(bin: string, tool: string, args: string[]): void {
  const cmd = join(bin, tool);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
  else execFileSync(cmd, args, { stdio: 'pipe' });
}

function pgToolAsync(bin: string, tool: string, args: string[]): Promise<void> {
  const cmd = join(bin, tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, (err) => (err ? reject(new Error(`${tool} failed`, { cause: err })) : resolve()));
  });
}

export interface PostgresCluster {
  adminUrl: string;
  /**
   * Stops at once (-m immediate: a crash, recovered from the WAL on start) and starts again on the same data,
   * without blocking this process's event loop (load keeps running meanwhile).
   */
  restart(): Promise<void>;
  stop(): void;
}

/** initdb + pg_ctl start into a temp dir on a free 127.0.0.1 port, tuned for throwaway data (no fsync). */
export async function startPostgresCluster(opts: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  pgTool(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // durable: a commit is acknowledged only once its WAL is written, so a crash-restart keeps it (fsync stays off:
  // the operating system does not crash in these tests, only PostgreSQL).
  const commit = opts.durable ? '' : ' -c synchronous_commit=off';
  const pgOpts = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off${commit} -c full_page_writes=off -c max_connections=200`;
  const start = (): void => pgTool(bin, 'pg_ctl', ['-D', data, '-o', pgOpts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await pgToolAsync(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await pgToolAsync(bin, 'pg_ctl', ['-D', data, '-o', pgOpts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    },
    stop() {
      try {
        pgTool(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

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

/** Creates, migrates and seeds the template database; `now` is the seed time. */
export async function preparePostgresTemplate(adminUrl: string, now: number): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
  const db = await openPostgres({ url: dbUrl(adminUrl, TEMPLATE_DB), max: 2 });
  try {
    await migrate(db, now);
    await seed(db, now);
  } finally {
    await db.close(); // CREATE DATABASE … TEMPLATE needs the template without connections
  }
}

/** Migrates and seeds an in-memory PGlite and writes its data dir as a tarball; returns the file path. */
export async function preparePgliteTemplate(now: number): Promise<{ path: string; dispose(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-pglite-'));
  const path = join(dir, 'template.tar');
  const db = await openPglite({ dataDir: 'memory://' });
  try {
    await migrate(db, now);
    await seed(db, now);
    const tar = await db.dump();
    writeFileSync(path, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
