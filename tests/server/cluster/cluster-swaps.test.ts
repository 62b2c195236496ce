// Swaps through a fail-over of the market writer (docs/trading.md "Swaps"), as processes: PostgreSQL, a nats-server,
// two market processes (one leads, one waits) and a gateway, with an accelerated rollover (SWAP_ROLLOVER_MS 1000).
// Positions are opened, the leader charges some rollovers, it is killed with SIGKILL in the middle of the run, the
// standby takes over and charges on. Then, from the database: every position was charged exactly once for every
// rollover from its open to the last one charged (no rollover twice, none skipped: the new writer caught up), one
// type-26 record per charge, each order's accrued swap the sum of its charges, and the ledger invariants hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument, LoginResult, Order } from '../../../domain/types.ts';
import { dec } from '../../../domain/decimal.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { ledgerViolations } from '../../../server/ledger/invariants.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { startRole, type RoleProcess } from '../../fixtures/cluster-procs.ts';
import { TEST_SERVER_ENV } from '../../fixtures/test-server-costs.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';
import { until } from '../../fixtures/until.ts';
import { api, freshDatabase, type FreshDb } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

const ROLLOVER_MS = 1000;
let fresh: FreshDb;
let nats: NatsServer;
const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-cluster-swaps-'));
const procs: RoleProcess[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  nats = await startNatsServer();
});
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited()));
  await nats?.stop();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function role(r: 'market' | 'gateway'): RoleProcess {
  const p = startRole(r, {
    databaseUrl: fresh.databaseUrl ?? '',
    natsUrl: nats.url,
    dataDir,
    env: { ...TEST_SERVER_ENV, SWAP_ROLLOVER_MS: String(ROLLOVER_MS) },
  });
  procs.push(p);
  return p;
}

describe('cluster: swaps through a kill -9 of the market writer', () => {
  it(
    'each position is charged exactly once per rollover, before, across and after the fail-over',
    async () => {
      const db = await openPostgres({ url: fresh.databaseUrl ?? '' });
      try {
        // Every instrument charges 1 point a night each way, in place of the seeded terms (the template is migrated:
        // the terms go in before the roles).
        await db.query(
          `INSERT INTO instrument_swaps (instrument_id, long_rate, short_rate, updated_at, updated_by)
         SELECT id, -1, -1, 0, 'test' FROM instruments
         ON CONFLICT (instrument_id) DO UPDATE SET long_rate = -1, short_rate = -1, mode = 'points'`,
        );
        const leader = role('market');
        await leader.running;
        const standby = role('market');
        const gw = await role('gateway').running;
        const demo = await api(gw, { lang: 'en' }).get<LoginResult>('/api/user/createAccountDemoForU', {
          demo_id: 'cluster-swaps-1',
        });
        expect(demo.code, demo.msg).toBe(1);
        const user = api(gw, { token: demo.data.token, lang: 'en' });
        const list = await user.get<Instrument[]>('/v1/api/forex/trade_list');
        const inst = list.data.find((i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0);
        if (!inst) throw new Error('no open instrument');
        const ids: number[] = [];
        for (let k = 0; k < 6; k++) {
          const o = await user.get<Order>('/v1/api/forex/submit', {
            type: k % 2 === 0 ? 1 : 2,
            cont: inst.ForexMinCont,
            forex_id: inst.Id,
            status: 1,
            multiple: inst.HasForexMultiple[0]?.Value ?? 0,
          });
          expect(o.code, o.msg).toBe(1);
          ids.push(o.data.Id);
        }
        const charges = async (): Promise<number> =>
          Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM swap_charges'))[0]?.n ?? 0);
        await until(async () => (await charges()) >= ids.length * 2, {
          what: 'rollovers charged by the first writer',
          tries: 400,
          stepMs: 50,
        });
        leader.child.kill('SIGKILL');
        await leader.exited();
        await standby.running;
        const atTakeover = await charges();
        await until(async () => (await charges()) >= atTakeover + ids.length * 3, {
          what: 'rollovers charged by the new writer',
          tries: 600,
          stepMs: 50,
        });
        for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
        await Promise.all(procs.map((p) => p.exited()));

        expect(await ledgerViolations(db)).toEqual([]);
        for (const id of ids) {
          const [o] = await db.query<{ filled_at: string; swap: string; instrument_id: number }>(
            'SELECT filled_at, swap, instrument_id FROM orders WHERE id = $1',
            [id],
          );
          const rows = await db.query<{ rollover_at: string; charged: string }>(
            'SELECT rollover_at, charged FROM swap_charges WHERE order_id = $1 ORDER BY rollover_at',
            [id],
          );
          const at = rows.map((r) => Number(r.rollover_at));
          // Every rollover from the first after the open to the last charged: none twice, none skipped.
          const first = (Math.floor(Number(o?.filled_at) / ROLLOVER_MS) + 1) * ROLLOVER_MS;
          const expected = Array.from({ length: at.length }, (_, i) => first + i * ROLLOVER_MS);
          expect(at, `position ${id}`).toEqual(expected);
          expect(at.length).toBeGreaterThan(3);
          const sum = rows.reduce((s, r) => s.plus(r.charged), dec(0));
          expect(dec(o?.swap ?? '0').eq(sum), `position ${id} accrued ${o?.swap} vs ${sum.toString()}`).toBe(true);
          // One ledger record per charge, dated at its rollover.
          const records = await db.query<{ created_at: string }>(
            'SELECT created_at FROM financial_records WHERE type = $1 AND memo LIKE $2 ORDER BY created_at',
            [RecordType.SWAP, `% #${id}`],
          );
          expect(records.map((r) => Number(r.created_at))).toEqual(at);
        }
        console.log(`[cluster-swaps] ${JSON.stringify({ positions: ids.length, atTakeover, total: await charges() })}`);
      } finally {
        await db.close();
      }
    },
    slow(150_000),
  );
});
