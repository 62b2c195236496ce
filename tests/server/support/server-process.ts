// `server/serve.ts` as a real child process on a fresh database of this test run, for the files that start, stop,
// kill and restart the whole process (main-process, fault-kill): on TEST_DB=postgres with DATABASE_URL, otherwise on
// PGlite files in a temporary DATA_DIR (pre-filled from the template to save an initdb).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../../server/db/db.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { freshDatabase, type FreshDb } from './harness.ts';
import { TEST_SERVER_ENV, TEST_SERVER_NODE_FLAGS } from '../../fixtures/test-server-costs.ts';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
}

export interface ServerProcesses {
  /** The DATA_DIR every process of the file shares (PGlite's files are in its `pglite` folder). */
  readonly dataDir: string;
  /** The file's database, read once its beforeAll has run. */
  readonly fresh: FreshDb;
  /**
   * Starts a process with `env` over the base (a free port on 127.0.0.1, warnings only, TEST_SERVER_ENV); resolves
   * on its URL.
   */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** The file's database opened directly, once no process holds it (PGlite's files take one opener). */
  openDirect(): Promise<Db>;
}

/** Registers the hooks that make the file's database before its tests, and kill its processes and drop it after. */
export function useServerProcesses(prefix: string): ServerProcesses {
  const dataDir = mkdtempSync(join(tmpdir(), `tickwise-${prefix}-`));
  const children: ChildProcess[] = [];
  let fresh: FreshDb | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase();
    if (fresh.pgliteTemplate) {
      const db = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: fresh.pgliteTemplate });
      await db.close();
    }
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const database = (): FreshDb => {
    if (!fresh) throw new Error('the database is not made yet');
    return fresh;
  };
  return {
    dataDir,
    get fresh() {
      return database();
    },
    openDirect() {
      const { databaseUrl } = database();
      return databaseUrl ? openPostgres({ url: databaseUrl }) : openPglite({ dataDir: join(dataDir, 'pglite') });
    },
    start(extra = {}) {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...TEST_SERVER_ENV,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...extra,
      };
      const { databaseUrl } = database();
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      else delete env.DATABASE_URL;
      const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, 'server/serve.ts'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      return new Promise((resolve, reject) => {
        const onData = (d: Buffer): void => {
          out += d.toString();
          const m = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m?.[1]) resolve({ child, url: m[1], output: () => out });
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
        child.once('exit', (code, signal) => reject(new Error(`server exited early (${code ?? signal}):\n${out}`)));
      });
    },
  };
}
