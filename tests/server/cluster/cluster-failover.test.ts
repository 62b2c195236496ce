// The cluster as processes: PostgreSQL (the test cluster's fresh database), a nats-server, two market processes (one
// leads, one waits) and two gateways. Orders and stop edits go through both gateways while the owner's socket sits on
// gateway 1; the leading market process is killed with SIGKILL in the middle of it; the standby takes over and
// triggers again. Then, with the database read directly: the ledger holds, every acknowledged order is there, no
// order was closed twice (one margin release each), and the socket's pushes never repeated a seq
// (order across publishers is not promised: docs/protocol.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Instrument, LoginResult, Order } from '../../../domain/types.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { ledgerViolations } from '../../../server/ledger/invariants.ts';
import { startRole, type RoleProcess } from '../../fixtures/cluster-procs.ts';
import { TEST_SERVER_ENV } from '../../fixtures/test-server-costs.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';
import { until } from '../../fixtures/until.ts';
import { api, freshDatabase, type FreshDb } from '../support/harness.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { slow } from '../../fixtures/slowness.ts';

let fresh: FreshDb;
let nats: NatsServer;
const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-cluster-procs-'));
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
    env: TEST_SERVER_ENV,
  });
  procs.push(p);
  return p;
}

/** The owner's order events on one socket: seqs in arrival order and the stop-triggered closes. */
async function watch(url: string, token: string, seqs: number[], stops: number[]): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/ws`);
  let subscribed = 0;
  ws.on('open', () => ws.send(JSON.stringify({ type: 'login', token })));
  ws.on('message', (data) => {
    const m = JSON.parse((data as Buffer).toString('utf8')) as {
      type: string;
      seq?: number;
      ok?: boolean;
      data?: Order;
    };
    if (m.type === 'login' && m.ok)
      for (const topic of ['FOREX_TRADE', 'FOREX_CLOSED']) ws.send(JSON.stringify({ type: 'sub', topic }));
    if (m.type === 'sub' && m.ok) subscribed++;
    if ((m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED') && typeof m.seq === 'number') seqs.push(m.seq);
    const reason = (m.data as { CloseReason?: string } | undefined)?.CloseReason;
    if (m.type === 'FOREX_CLOSED' && (reason === 'stop_loss' || reason === 'stop_profit')) stops.push(m.data?.Id ?? 0);
  });
  await until(() => subscribed === 2, { what: 'login and order subscriptions', tries: 1000, stepMs: 5 });
  return ws;
}

describe('cluster: 2 market processes, 2 gateways, kill -9 the leader', () => {
  it(
    'the standby takes over and triggers; invariants hold; nothing acknowledged is lost; no close twice',
    async () => {
      const leader = role('market');
      await leader.running;
      const standby = role('market');
      const g1 = role('gateway');
      const g2 = role('gateway');
      const urls = [await g1.running, await g2.running];
      const gw = (i: number): string => urls[i % 2] ?? '';

      const demo = await api(gw(0), { lang: 'en' }).get<LoginResult>('/api/user/createAccountDemoForU', {
        demo_id: 'cluster-failover-1',
      });
      expect(demo.code, demo.msg).toBe(1);
      const token = demo.data.token;
      const list = await api(gw(0)).get<Instrument[]>('/v1/api/forex/trade_list');
      const inst =
        list.data.find((i) => i.MarketStatus === 1 && /BTC/.test(i.Code)) ??
        list.data.find((i) => i.MarketStatus === 1);
      if (!inst) throw new Error('no open instrument');
      const seqs: number[] = [];
      const stops: number[] = [];
      const ws = await watch(gw(0), token, seqs, stops);

      const acked = new Set<number>();
      const stopsBefore = { n: 0 };
      /** One market order on gateway i, then stops 0.005 % either side of its price: the next ticks trigger it. */
      const orderWithStops = async (i: number): Promise<void> => {
        const user = api(gw(i), { token, lang: 'en' });
        const o = await user.get<Order>('/v1/api/forex/submit', {
          type: i % 2 === 0 ? 1 : 2,
          cont: inst.ForexMinCont,
          forex_id: inst.Id,
          status: 1,
          multiple: inst.HasForexMultiple[0]?.Value ?? 0,
        });
        expect(o.status, o.msg).toBeLessThan(500);
        if (o.code !== 1) return;
        acked.add(o.data.Id);
        const p = Number(o.data.UpdatePrice);
        const buy = o.data.OrderType === 1;
        const near = (f: number): string => (p * f).toFixed(inst.PricePrecision);
        await user.get('/v1/api/forex/set_stop_price', {
          id: o.data.Id,
          stop_loss_price: near(buy ? 0.99995 : 1.00005),
          target_profit_price: near(buy ? 1.00005 : 0.99995),
        });
      };
      const burst = async (n: number): Promise<void> => {
        for (let k = 0; k < n; k += 4) await Promise.all([0, 1, 2, 3].map((lane) => orderWithStops(k + lane)));
      };

      await burst(16);
      await until(() => stops.length > 0, { what: 'a stop triggered by the first leader', tries: 2000, stepMs: 5 });
      // Kill in the middle of a burst: the lanes keep going through the gateways while the standby takes over.
      const during = burst(16);
      leader.child.kill('SIGKILL');
      await leader.exited();
      await Promise.all([during, standby.running]);
      stopsBefore.n = stops.length;
      await burst(8);
      await until(() => stops.length > stopsBefore.n, {
        what: 'a stop triggered by the new leader',
        tries: 4000,
        stepMs: 5,
      });
      ws.close();

      for (const p of [g1, g2, standby]) p.child.kill('SIGTERM');
      await Promise.all([g1.exited(), g2.exited(), standby.exited()]);
      const db = await openPostgres({ url: fresh.databaseUrl ?? '' });
      try {
        expect(await ledgerViolations(db)).toEqual([]);
        const rows = await db.query<{ id: number }>('SELECT id FROM orders');
        const ids = new Set(rows.map((r) => Number(r.id)));
        for (const id of acked) expect(ids.has(id), `acknowledged order ${id} lost`).toBe(true);
        const twice = await db.query<{ memo: string }>(
          'SELECT memo FROM financial_records WHERE type = $1 GROUP BY memo HAVING count(*) > 1',
          [RecordType.MARGIN_RELEASE],
        );
        expect(twice, 'an order closed twice').toEqual([]);
      } finally {
        await db.close();
      }
      // Pushes through the broker across the fail-over: each seq once. Not necessarily in order: a gateway's commit and
      // the writer's commit publish from two connections, so two events of one user committed close together may arrive
      // swapped — the protocol says so (docs/protocol.md) and the worker drops the older one after refetching.
      expect(seqs.length).toBeGreaterThan(acked.size);
      expect(
        seqs.filter((s, i) => seqs.indexOf(s) !== i),
        'a seq pushed twice',
      ).toEqual([]);
      console.log(
        `[cluster-failover] ${JSON.stringify({ acked: acked.size, pushes: seqs.length, stopCloses: stops.length, afterTakeover: stops.length - stopsBefore.n })}`,
      );
    },
    slow(110_000),
  );
});
