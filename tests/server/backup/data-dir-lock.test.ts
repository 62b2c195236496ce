// The embedded database's folder belongs to the server running on it (docs/operations.md "Moving to PostgreSQL"):
// `migrate-to-postgres` and `restore` refuse it while a server holds DATA_DIR/pglite.lock, naming the process; the
// server releases the lock when it stops; a lock left by a process that is gone (kill -9) is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECURITY } from '../../fixtures/test-server-costs.ts';
import { lockFileOf } from '../../../server/db/dir-lock.ts';
import { backupTake } from '../../../server/ops/commands/backup.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { runAs } from '../../../server/ops/run.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { manualClock, TEST_OPERATOR } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

let work: string;
let dataDir: string;
const lockFile = (): string => lockFileOf(join(dataDir, 'pglite'));

/** A server on a PGlite folder on disk, as `npm start` runs it. */
const serve = (): Promise<RunningServer> =>
  createServer({
    dataDir,
    clock: manualClock(),
    market: { manual: true },
    logLevel: 'silent',
    fundJob: false,
    swapJob: false,
    distDir: join(work, 'no-dist'),
    backupDir: join(work, 'backups'),
    security: TEST_SECURITY,
  });

function cli(args: string[]): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const io = { out: () => undefined, err: (t: string) => err.push(t), fetch };
  return runCli(args, {}, io).then((code) => ({ code, err: err.join('\n') }));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'tickwise-dir-lock-'));
  dataDir = join(work, 'data');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the lock on DATA_DIR/pglite', () => {
  it(
    'refuses migrate-to-postgres and restore while a server runs on the folder, and is released at stop',
    async () => {
      const server = await serve();
      const taken = runAs(server.ctx, backupTake, { to: 'held.sealed' }, TEST_OPERATOR) as Promise<{ file: string }>;
      const backup = (await taken).file;
      try {
        expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
        const url = 'postgres://nobody@127.0.0.1:1/none';
        const migrate = await cli(['migrate-to-postgres', '--data-dir', dataDir, '--database-url', url]);
        expect(migrate.code).toBe(1);
        expect(migrate.err).toMatch(`is in use by process ${process.pid} (a running server): stop it first`);
        const restore = await cli(['restore', '--from', backup, '--data-dir', dataDir]);
        expect(restore.code).toBe(1);
        expect(restore.err).toMatch(`is in use by process ${process.pid} (a running server): stop it first`);
      } finally {
        await server.close();
      }
      expect(existsSync(lockFile())).toBe(false);
      // Stopped: the folder is free, and what stops the restore now is only the database already in it.
      const again = await cli(['restore', '--from', backup, '--data-dir', dataDir]);
      expect(again.err).toMatch(/already holds a database/);
      expect(existsSync(lockFile())).toBe(false);
    },
    slow(120_000),
  );

  it(
    'takes over the lock of a process that is gone',
    async () => {
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      writeFileSync(lockFile(), `${gone}\n`);
      const server = await serve();
      try {
        expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
      } finally {
        await server.close();
      }
      expect(existsSync(lockFile())).toBe(false);
    },
    slow(120_000),
  );
});
