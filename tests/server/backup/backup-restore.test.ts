// Backups that restore (docs/operations.md "Backups"), on the test's database (PGlite or PostgreSQL): a backup taken
// while traders place and close orders restores into a fresh target whose ledger holds and whose every record is
// the source's own; a restore never overwrites a database; the CLI speaks plain English; the schedule keeps N files.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import type { Timers } from '../../../domain/time.ts';
import { backupName, parseEvery, pruneBackups, startBackupJob } from '../../../server/backup/backup-job.ts';
import { restoreBackup } from '../../../server/backup/restore.ts';
import type { Db } from '../../../server/db/db.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { backupTake } from '../../../server/ops/commands/backup.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { adminQuery, dbUrl } from '../support/test-db.ts';
import { api, manualClock, startTestServer, TEST_OPERATOR, type TestServer } from '../support/harness.ts';
import { runAs } from '../../../server/ops/run.ts';
import { slow } from '../../fixtures/slowness.ts';

const clock = manualClock();
let server: TestServer;
let dir: string;
/** The backup taken mid-trading by the first test, restored again by the others. */
let liveFile = '';
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-backup-'));
  server = await startTestServer({ clock, market: { manual: true }, backupDir: dir });
  (server.ctx.market as unknown as { setPrice(code: string, p: string): void }).setPrice('EURUSD', '1.08000');
  await server.ctx.engine.idle();
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty target: a PGlite DATA_DIR, or a new PostgreSQL database. */
async function emptyTarget(): Promise<{ target: { dataDir: string } | { databaseUrl: string }; open(): Promise<Db> }> {
  if (server.ctx.db.kind === 'postgres') {
    const info = inject('testDb');
    if (info.kind !== 'postgres') throw new Error('no PostgreSQL');
    const name = `tw_restore_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(info.adminUrl, `CREATE DATABASE ${name}`);
    const databaseUrl = dbUrl(info.adminUrl, name);
    cleanups.push(() => adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    return { target: { databaseUrl }, open: () => openPostgres({ url: databaseUrl }) };
  }
  const dataDir = mkdtempSync(join(dir, 'data-'));
  return { target: { dataDir }, open: () => openPglite({ dataDir: join(dataDir, 'pglite') }) };
}

/** `n` demo traders each opening and closing `rounds` positions, as fast as the server answers. */
async function trade(n: number, rounds: number, onRound: (done: number) => void): Promise<void> {
  let done = 0;
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const demo = await api(server.baseUrl, { lang: 'en' }).get<LoginResult>('/api/user/createAccountDemoForU', {
        demo_id: `backup-demo-${i}-${Math.floor(Math.random() * 1e9)}`,
      });
      const t = api(server.baseUrl, { lang: 'en', token: demo.data.token });
      for (let r = 0; r < rounds; r++) {
        const order = await t.get<{ Id: number }>('/v1/api/forex/submit', {
          type: r % 2 ? 2 : 1,
          cont: '0.1',
          forex_id: 1,
          status: 1,
          multiple: 100,
        });
        expect(order.code).toBe(1);
        expect((await t.get('/v1/api/forex/close', { id: order.data.Id })).code).toBe(1);
        onRound(++done);
      }
    }),
  );
}

interface RecordRow {
  id: string;
  user_id: number;
  value: string;
}
const key = (): Buffer => server.ctx.backups.key();

const records = (db: Db) =>
  db.query<RecordRow>('SELECT id::text, user_id, value::text AS value FROM financial_records ORDER BY id');

describe('a backup taken while traders trade', () => {
  it(
    'restores into a fresh target whose ledger holds, holding only the source’s own records',
    async () => {
      const name = server.ctx.db.kind === 'postgres' ? 'live.dump.sealed' : 'live.tar.gz.sealed';
      const file = join(dir, name);
      liveFile = file;
      let backup: Promise<unknown> | undefined;
      await trade(6, 12, (done) => {
        if (done === 20) backup = runAs(server.ctx, backupTake, { to: name }, TEST_OPERATOR);
      });
      expect(await backup).toMatchObject({ file, kind: server.ctx.db.kind });

      const { target, open } = await emptyTarget();
      const check = await restoreBackup(file, target, key);
      expect(check.violations).toEqual([]);
      expect(check.accounts).toBeGreaterThan(0);
      const restored = await open();
      try {
        const [mine, theirs] = [await records(restored), await records(server.ctx.db)];
        // Taken mid-run: some but not all of the trading is in it, and each record it has is the source's, unchanged.
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.length).toBeLessThan(theirs.length);
        const source = new Map(theirs.map((r) => [r.id, r]));
        expect(mine.filter((r) => JSON.stringify(source.get(r.id)) !== JSON.stringify(r))).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    slow(120_000),
  ); // trading, a backup and a whole restore: 29 s in one run on a loaded 2-core machine (default: 30)

  it(
    'never restores over a database, and refuses a file that is no backup',
    async () => {
      const file = liveFile;
      const { target } = await emptyTarget();
      await restoreBackup(file, target, key);
      await expect(restoreBackup(file, target, key)).rejects.toThrow(/already holds a database|not empty/);
      const junk = join(dir, 'junk.tar.gz');
      writeFileSync(junk, 'not a backup');
      const fresh = await emptyTarget();
      await expect(restoreBackup(junk, fresh.target, key)).rejects.toThrow(`${junk}: not a backup`);
    },
    slow(120_000),
  );
});

describe('npm run ops -- restore', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), fetch } };
  };

  it('names a missing flag in plain English and exits 2', async () => {
    const c = io();
    expect(await runCli(['restore'], {}, c.io)).toBe(2);
    expect(c.err.join('\n')).toBe('--from is required');
  });

  it('restores and says what it checked', async () => {
    const file = liveFile;
    const { target } = await emptyTarget();
    const flags = 'dataDir' in target ? ['--data-dir', target.dataDir] : ['--database-url', target.databaseUrl];
    const c = io();
    // The key travels apart from the backup: here as BACKUP_KEY, as an operator restoring on a new machine sets it.
    const env = { BACKUP_KEY: key().toString('base64') };
    expect(await runCli(['restore', '--from', file, ...flags], env, c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/^restored into .+: \d+ accounts, \d+ ledger records, ledger checked$/);
  });
});

describe('scheduled backups', () => {
  it('reads BACKUP_EVERY as minutes, hours or days, and names files by their UTC time', () => {
    expect(parseEvery('30m')).toBe(1_800_000);
    expect(parseEvery('6h')).toBe(21_600_000);
    expect(parseEvery('1d')).toBe(86_400_000);
    for (const bad of ['', '0m', '5', '1w', '-1h']) expect(() => parseEvery(bad)).toThrow(/BACKUP_EVERY/);
    expect(backupName(Date.UTC(2026, 10, 25, 1, 30, 0), 'pglite')).toBe('tickwise-20261125T013000Z.tar.gz.sealed');
    expect(backupName(Date.UTC(2026, 10, 25, 1, 30, 0), 'postgres')).toBe('tickwise-20261125T013000Z.dump.sealed');
  });

  it('writes one backup a period and keeps the newest N', async () => {
    const folder = mkdtempSync(join(dir, 'scheduled-'));
    writeFileSync(join(folder, 'notes.txt'), 'not ours'); // never pruned
    let tick: (() => void) | undefined;
    const timers: Timers = {
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      setInterval: (fn) => ((tick = fn), 1),
      clearInterval: () => (tick = undefined),
    };
    const log = server.ctx.log;
    const stop = startBackupJob(
      { db: server.ctx.db, databaseUrl: server.ctx.databaseUrl, clock, timers, log, key },
      { dir: folder, everyMs: 3_600_000, keep: 1 },
    );
    for (let i = 0; i < 2; i++) {
      clock.advance(3_600_000);
      tick?.();
      await stop.idle();
    }
    await stop();
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    expect(files.filter((f) => f.startsWith('tickwise-'))).toEqual([backupName(clock.now(), server.ctx.db.kind)]);
    expect(files).toContain('notes.txt');
    expect(pruneBackups(folder, 1)).toEqual([]);
  });
});
