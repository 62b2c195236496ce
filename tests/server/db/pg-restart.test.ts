// PostgreSQL crash-restarted (pg_ctl -m immediate) under load, on a cluster of its own (the shared test cluster
// serves other files): the server process keeps running, requests during the outage are answered 503 "try again"
// (docs/reliability.md), and afterwards every acknowledged order is in the database, the ledger invariants hold, and
// the server trades again without a restart of its own. Runs on TEST_DB=postgres only (PGlite has no separate database process).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Instrument, LoginResult, Order } from '../../../domain/types.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { ledgerViolations } from '../../../server/ledger/invariants.ts';
import { until } from '../../fixtures/until.ts';
import { api } from '../support/harness.ts';
import { adminQuery, dbUrl, startPostgresCluster, type PostgresCluster } from '../support/test-db.ts';
import { slow } from '../../fixtures/slowness.ts';
import { TEST_SERVER_ENV } from '../../fixtures/test-server-costs.ts';
import { WEEKDAY_NOON } from '../../e2e/app-server.ts';
import en from '../../../locales/en.json' with { type: 'json' };

const UNAVAILABLE = en.errors.unavailable;

// In the PostgreSQL pass only (vitest.config.ts POSTGRES_ONLY): anywhere else it fails instead of being skipped.
if (inject('testDb').kind !== 'postgres') throw new Error('pg-restart.test.ts runs in the PostgreSQL pass only');
const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-pgrestart-'));
let cluster: PostgresCluster | undefined;
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function start(databaseUrl: string): Promise<string> {
  // A burst of submits from one session: the per-session order budget is raised as in every test harness.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_SERVER_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'fatal',
    DATABASE_URL: databaseUrl,
    SIM_TIME: WEEKDAY_NOON, // the instrument it trades is open whatever day the test runs on
  };
  child = spawn(process.execPath, ['server/serve.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    };
    child?.stdout?.on('data', onData);
    child?.stderr?.on('data', onData);
    child?.once('exit', (code, signal) => {
      if (process.env.LOG_LEVEL) console.log(`[pg-restart] server exited (${code ?? signal}):\n${out.slice(-3000)}`);
      reject(new Error(`server exited (${code ?? signal}):\n${out.slice(-2000)}`));
    });
  });
}

describe('PostgreSQL restarted under load', () => {
  it(
    'loses no acknowledged order, and the server trades again by itself',
    async () => {
      cluster = await startPostgresCluster({ durable: true });
      await adminQuery(cluster.adminUrl, 'CREATE DATABASE tickwise_restart');
      const databaseUrl = dbUrl(cluster.adminUrl, 'tickwise_restart');
      const url = await start(databaseUrl);
      const client = api(url, { lang: 'en' });
      const demo = await client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: 'pg-restart-1' });
      const user = client.withToken(demo.data.token);
      const inst = (await client.get<Instrument[]>('/v1/api/forex/trade_list')).data.find((i) => i.MarketStatus === 1);
      if (!inst) throw new Error('no open instrument');
      const submit = () =>
        user.get<Order>('/v1/api/forex/submit', {
          type: 1,
          cont: inst.ForexMinCont,
          forex_id: inst.Id,
          status: 1,
          multiple: inst.HasForexMultiple[0]?.Value ?? 0,
        });

      const acked = new Set<number>();
      const tally = { requests: 0, acked: 0, failed: 0, statuses: {} as Record<number, number> };
      const failures = new Set<string>();
      let stop = false;
      let lastError = '';
      const lane = async (): Promise<void> => {
        while (!stop) {
          try {
            const r = await submit();
            tally.requests++;
            tally.statuses[r.status] = (tally.statuses[r.status] ?? 0) + 1;
            if (r.code === 1) {
              acked.add(r.data.Id);
              tally.acked++;
            } else {
              tally.failed++;
              lastError = `${r.status} ${r.msg}`;
              failures.add(lastError);
            }
          } catch (err) {
            lastError = String(err);
            tally.failed++;
          }
        }
      };
      const lanes = Array.from({ length: 4 }, lane);
      await until(() => tally.acked >= 20, { what: '20 acknowledged orders', tries: 3000, stepMs: 5 });
      const beforeRestart = tally.acked;
      await cluster.restart(); // the lanes keep submitting while PostgreSQL is down and recovering
      await until(() => tally.acked >= beforeRestart + 20, {
        what: '20 orders after the restart',
        tries: 2000,
        stepMs: 5,
      }).catch((err: unknown) => {
        console.log(`[pg-restart] stuck: ${JSON.stringify(tally)} lastError ${lastError}`);
        throw err;
      });
      stop = true;
      await Promise.all(lanes);
      console.log(`[pg-restart] ${JSON.stringify({ ...tally, ackedIds: acked.size })}`);

      // The outage is the database's, not the request's: a 503 that says to try again, never the 500 of a bug.
      expect(tally.failed).toBeGreaterThan(0);
      expect([...failures]).toEqual([`503 ${UNAVAILABLE}`]);
      expect((await client.get('/healthz')).code).toBe(1);
      child?.kill('SIGTERM');
      const db = await openPostgres({ url: databaseUrl });
      try {
        const ids = new Set((await db.query<{ id: number }>('SELECT id FROM orders')).map((r) => Number(r.id)));
        for (const id of acked) expect(ids.has(id), `acknowledged order ${id} lost`).toBe(true);
        expect(await ledgerViolations(db)).toEqual([]);
      } finally {
        await db.close();
      }
    },
    slow(120_000),
  );
});
