// Backups stay where only the operator reads them, and reveal nothing alone (docs/security.md "Backups"): `backup
// --to` takes a name in BACKUP_DIR, never a path (an admin's backup into dist/ was downloadable from the app's
// port); the file is 0600 and never replaces another; the TOTP seeds of staff and traders are in no readable form
// of the archive without the key, and a restore with the key brings them back so the phone's codes still verify.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkTotp, newTotpSecret, totpCode } from '../../../server/auth/second-factor.ts';
import { beginFactor, factorOf } from '../../../server/auth/second-factor-repository.ts';
import { backupKindOf, pgTool } from '../../../server/backup/backup.ts';
import { restoreBackup, type RestoreTarget } from '../../../server/backup/restore.ts';
import type { Db } from '../../../server/db/db.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { backupTake } from '../../../server/ops/commands/backup.ts';
import { runAs } from '../../../server/ops/run.ts';
import { adminQuery, dbUrl } from '../support/test-db.ts';
import { refusalKey, registerAndLogin, startTestServer, TEST_OPERATOR, type TestServer } from '../support/harness.ts';
import { createStaff, postJson, signIn } from '../support/staff-helpers.ts';
import { slow } from '../../fixtures/slowness.ts';

let server: TestServer;
let work: string;
let backupDir: string;
let staffSeed = '';
let traderSeed = '';
let traderId = 0;
const cleanups: Array<() => Promise<void>> = [];

const backup = (to: string) => runAs(server.ctx, backupTake, { to }, TEST_OPERATOR);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tickwise-backup-sec-'));
  backupDir = join(work, 'backups');
  server = await startTestServer({ backupDir });
  // A member of staff with a second factor, through the real sign-in; a trader's seed through the repository.
  staffSeed = (await signIn(server, await createStaff(server, 'admin'))).secret;
  traderId = (await registerAndLogin(server)).user.id;
  traderSeed = newTotpSecret();
  await beginFactor(server.ctx.db, { kind: 'user', id: traderId }, traderSeed, Date.now());
}, slow(60_000));

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('backup --to is a name in BACKUP_DIR', () => {
  it('refuses ../, an absolute path and dist/x.tar.gz, with a clear message, writing nothing', async () => {
    const outside = join(work, 'outside.tar.gz');
    const bad = ['../escaped.tar.gz', outside, 'dist/x.tar.gz', '..', '.hidden', 'a/../../b', 'x\\..\\y'];
    for (const to of bad) expect(await refusalKey(backup(to))).toBe('staff.backup_name_invalid');
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(resolve(backupDir, '..', 'escaped.tar.gz'))).toBe(false);
    expect(existsSync(resolve('dist', 'x.tar.gz'))).toBe(false);
    expect(existsSync(backupDir) ? readdirSync(backupDir) : []).toEqual([]);
    // What the operator reads through the ops API.
    const res = await postJson(
      server,
      '/api/ops/run/backup',
      { to: 'dist/x.tar.gz' },
      { 'x-ops-token': server.opsToken },
    );
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe(
      '--to is a file name in BACKUP_DIR, not a path (letters, digits, dot, dash, underscore): nothing was written',
    );
    expect(existsSync(resolve('dist', 'x.tar.gz'))).toBe(false);
  });

  it('writes the file with mode 0600 and never over an existing one', async () => {
    const made = (await backup('first.sealed')) as { file: string };
    expect(made.file).toBe(join(backupDir, 'first.sealed'));
    expect(statSync(made.file).mode & 0o777).toBe(0o600);
    const before = readFileSync(made.file);
    expect(await refusalKey(backup('first.sealed'))).toBe('staff.backup_exists');
    expect(readFileSync(made.file).equals(before)).toBe(true);
    writeFileSync(join(backupDir, 'notes.txt'), 'the operator’s own file');
    expect(await refusalKey(backup('notes.txt'))).toBe('staff.backup_exists');
    expect(readFileSync(join(backupDir, 'notes.txt'), 'utf8')).toBe('the operator’s own file');
    // No temporary file is left behind by a refusal.
    expect(readdirSync(backupDir).sort()).toEqual(['first.sealed', 'notes.txt']);
  });

  it('refuses on a server without BACKUP_DIR', async () => {
    const bare = { ...server.ctx, backups: { ...server.ctx.backups, dir: undefined } };
    expect(await refusalKey(runAs(bare, backupTake, { to: 'x' }, TEST_OPERATOR))).toBe('staff.backup_dir_unset');
  });
});

/** Every form of the file a thief without the key could read: its bytes, gunzipped, or pg_restore's SQL. */
function readableForms(file: string): string[] {
  const bytes = readFileSync(file);
  const forms = [bytes.toString('latin1')];
  const kind = backupKindOf(bytes);
  if (kind === 'pglite') forms.push(gunzipSync(bytes).toString('latin1'));
  if (kind === 'postgres') forms.push(execFileSync(pgTool('pg_restore'), ['--file=-', file]).toString('latin1'));
  return forms;
}

/** A fresh, empty target on the test's database, and a way to open it. */
async function emptyTarget(): Promise<{ target: RestoreTarget; open(): Promise<Db> }> {
  const info = inject('testDb');
  if (info.kind === 'postgres') {
    const name = `tw_bksec_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(info.adminUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const databaseUrl = dbUrl(info.adminUrl, name);
    return { target: { databaseUrl }, open: () => openPostgres({ url: databaseUrl }) };
  }
  const dataDir = mkdtempSync(join(work, 'data-'));
  return { target: { dataDir }, open: () => openPglite({ dataDir: join(dataDir, 'pglite') }) };
}

describe('secrets in the archive', () => {
  it(
    'holds no TOTP seed in clear; a restore with the key brings them back and codes still verify',
    async () => {
      const { file } = (await backup('seeds.sealed')) as { file: string };
      for (const form of readableForms(file)) {
        expect(form).not.toContain(staffSeed);
        expect(form).not.toContain(traderSeed);
      }
      // Without the key, or with another, nothing is restored.
      const stranger = await emptyTarget();
      const wrongKey = () => Buffer.alloc(32, 7);
      await expect(restoreBackup(file, stranger.target, wrongKey)).rejects.toThrow(`${file}: sealed with another`);

      const { target, open } = await emptyTarget();
      const check = await restoreBackup(file, target, () => server.ctx.backups.key());
      expect(check.violations).toEqual([]);
      const restored = await open();
      try {
        const now = Date.now();
        for (const [owner, seed] of [
          [{ kind: 'user', id: traderId }, traderSeed],
          [{ kind: 'staff', id: await staffId(restored) }, staffSeed],
        ] as const) {
          const row = await factorOf(restored, owner);
          expect(row?.secret).toBe(seed);
          // The code the owner's phone shows now (from the seed it holds) is accepted by the restored database's seed.
          expect(checkTotp(row?.secret ?? '', totpCode(seed, now), now, null).ok).toBe(true);
        }
      } finally {
        await restored.close();
      }
    },
    slow(120_000),
  );
});

async function staffId(db: Db): Promise<number> {
  const rows = await db.query<{ owner_id: number }>(
    "SELECT owner_id FROM second_factors WHERE owner_kind = 'staff' ORDER BY owner_id DESC LIMIT 1",
  );
  return Number(rows[0]?.owner_id ?? 0);
}
