// `npm run ops -- migrate-to-postgres` (docs/operations.md "Moving to PostgreSQL"): an embedded database with
// traders, orders, money and uploads is copied into an empty PostgreSQL database; the copy has every row, the same
// money, a ledger that holds, and sequences that go on after the copied ids (a new sign-up works on it). Runs in the
// PostgreSQL pass only (it needs both databases).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { moneyFingerprint } from '../../../server/ledger/invariants.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { runCli } from '../../../server/ops/cli.ts';
import { TEST_SECURITY } from '../../fixtures/test-server-costs.ts';
import { adminQuery, dbUrl } from '../support/test-db.ts';
import { api, manualClock, registerAndLogin } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

const clock = manualClock();
let dataDir: string;
let databaseUrl: string;
let dbName: string;

async function serve(opts: { databaseUrl?: string }): Promise<{ server: RunningServer; url: string }> {
  const server = await createServer({
    dataDir,
    databaseUrl: opts.databaseUrl,
    clock,
    market: { manual: true },
    logLevel: 'silent',
    fundJob: false,
    distDir: join(dataDir, 'no-dist'),
    security: TEST_SECURITY,
  });
  return { server, url: await server.listen(0, '127.0.0.1') };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tickwise-migrate-'));
  const info = inject('testDb');
  if (info.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass');
  dbName = `tw_migrate_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(info.adminUrl, `CREATE DATABASE ${dbName}`);
  databaseUrl = dbUrl(info.adminUrl, dbName);
  // The embedded database, as `npm start` leaves it: seeded, with traders who traded.
  const { server, url } = await serve({});
  (server.ctx.market as unknown as { setPrice(code: string, p: string): void }).setPrice('EURUSD', '1.08000');
  await server.ctx.engine.idle();
  for (let i = 0; i < 3; i++) {
    const demo = await api(url, { lang: 'en' }).get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: `migrate-demo-${i}-000000`,
    });
    const t = api(url, { lang: 'en', token: demo.data.token });
    const o = await t.get<{ Id: number }>('/v1/api/forex/submit', {
      type: 1,
      cont: '0.2',
      forex_id: 1,
      status: 1,
      multiple: 20, // a fresh install caps a retail account's EUR/USD at 30 (docs/retail-protection.md)
    });
    expect(o.code, o.msg).toBe(1);
    if (i > 0) expect((await t.get('/v1/api/forex/close', { id: o.data.Id })).code).toBe(1);
  }
  await server.close();
}, slow(120_000));

afterAll(async () => {
  const info = inject('testDb');
  if (info.kind === 'postgres') await adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run ops -- migrate-to-postgres', () => {
  it('names a missing flag in plain English', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (t: string) => err.push(t), fetch };
    expect(await runCli(['migrate-to-postgres'], {}, io)).toBe(2);
    expect(err).toEqual(['--database-url is required']);
  });

  it('copies every row and the same money, and the server runs on the copy', async () => {
    const source = await openPglite({ dataDir: join(dataDir, 'pglite') });
    const before = await moneyFingerprint(source);
    await source.close();

    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(`ERR ${t}`), fetch };
    expect(
      await runCli(['migrate-to-postgres', '--database-url', databaseUrl, '--data-dir', dataDir], {}, io),
      out.join('\n'),
    ).toBe(0);
    expect(out[0]).toMatch(/^copied \d+ tables, \d+ rows; row counts, money and ledger checked$/);

    const target = await openPostgres({ url: databaseUrl });
    expect(await moneyFingerprint(target)).toBe(before);
    await target.close();

    // The server on the copy: the old traders' orders are there, and a new sign-up gets a fresh id.
    const { server, url } = await serve({ databaseUrl });
    try {
      const open = await server.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM orders WHERE status = 1');
      expect(open[0]?.n).toBe('1');
      const fresh = await registerAndLogin({ baseUrl: url, ctx: server.ctx }, { clock });
      expect(fresh.user.id).toBeGreaterThan(3);
    } finally {
      await server.close();
    }
  });

  it('refuses a database that is not empty', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (t: string) => err.push(t), fetch };
    expect(await runCli(['migrate-to-postgres', '--database-url', databaseUrl, '--data-dir', dataDir], {}, io)).toBe(1);
    expect(err.join('\n')).toMatch(/not empty/);
  });
});
