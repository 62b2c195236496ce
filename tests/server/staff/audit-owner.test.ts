// The audit log against its own database role (docs/back-office.md "The audit log"), on PostgreSQL: the attack was
// the app's role, owner of audit_log, running `ALTER TABLE audit_log DISABLE TRIGGER` and then changing rows. Here the
// harness sets up production's split — the app's role owns every table but audit_log, which a role of its own owns
// (server/db/audit-owner.ts) — and the real server runs on it: it writes its audit rows, and neither the trigger nor
// the rows can be touched through its connection. PGlite has a single user (the process holding its files), so
// there the append-only trigger is the guard, which staff.test.ts checks on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../../server/db/postgres.ts';
import { auditOwnerStatements } from '../../../server/db/audit-owner.ts';
import type { Db } from '../../../server/db/db.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { TEST_SECURITY } from '../../fixtures/test-server-costs.ts';
import { settingSet } from '../../../server/ops/commands/settings.ts';
import { runAs } from '../../../server/ops/run.ts';
import { freshDatabase, TEST_OPERATOR, type FreshDb } from '../support/harness.ts';
import { adminQuery } from '../support/test-db.ts';

const info = inject('testDb');
// In the PostgreSQL pass only (vitest.config.ts POSTGRES_ONLY): anywhere else it fails instead of being skipped.
if (info.kind !== 'postgres') throw new Error('audit-owner.test.ts runs in the PostgreSQL pass only');

describe('audit_log owned by another role than the app’s', () => {
  const app = `tw_app_${process.pid}`;
  const owner = `tw_audit_${process.pid}`;
  let fresh: FreshDb;
  let running: RunningServer;
  let asApp: Db;
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-audit-owner-'));

  beforeAll(async () => {
    fresh = await freshDatabase();
    const url = fresh.databaseUrl ?? '';
    await adminQuery(info.adminUrl, `CREATE ROLE ${app} LOGIN NOSUPERUSER`);
    await adminQuery(info.adminUrl, `CREATE ROLE ${owner} NOLOGIN NOSUPERUSER`);
    const admin = await openPostgres({ url, max: 1 });
    try {
      // The app's role owns what it made (here: the template's tables, made by the harness's superuser)…
      const tables = await admin.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'audit_log'",
      );
      for (const t of tables) await admin.exec(`ALTER TABLE ${t.name} OWNER TO ${app}`);
      await admin.exec(`GRANT ALL ON SCHEMA public TO ${app}`);
      // …and audit_log is the other role's, as the docs tell an administrator to set it up.
      for (const sql of auditOwnerStatements(app, owner)) await admin.exec(sql);
    } finally {
      await admin.close();
    }
    const appUrl = new URL(url);
    appUrl.username = app;
    asApp = await openPostgres({ url: appUrl.toString(), max: 1 });
    running = await createServer({
      dataDir,
      databaseUrl: appUrl.toString(),
      logLevel: 'silent',
      fundJob: false,
      swapJob: false,
      security: TEST_SECURITY,
    });
  });
  afterAll(async () => {
    await running?.close();
    await asApp?.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(info.adminUrl, `DROP ROLE IF EXISTS ${app}`).catch(() => undefined);
    await adminQuery(info.adminUrl, `DROP ROLE IF EXISTS ${owner}`).catch(() => undefined);
  });

  it('the server writes its audit rows; its role cannot disable the trigger, drop it, or change a row', async () => {
    await runAs(running.ctx, settingSet, { key: 'loss_url', value: 'https://a.example' }, TEST_OPERATOR);
    const rows = await asApp.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'setting-set'");
    expect(rows).toHaveLength(1);
    for (const sql of [
      'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change',
      'ALTER TABLE audit_log DISABLE TRIGGER ALL',
      'DROP TRIGGER audit_log_no_change ON audit_log',
      `ALTER TABLE audit_log OWNER TO ${app}`,
      "UPDATE audit_log SET actor = 'someone else'",
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
    ]) {
      await expect(asApp.query(sql), sql).rejects.toThrow(/owner|permission denied|append-only/);
    }
    expect((await asApp.query("SELECT 1 FROM audit_log WHERE actor = 'someone else'")).length).toBe(0);
  });
});
