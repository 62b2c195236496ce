// Fault injection: `server/serve.ts` as a real process, killed with SIGKILL in the middle of a burst of submits,
// closes, stop edits and stop triggers, then restarted on the same data (PGlite files in DATA_DIR, or the same
// PostgreSQL database). After every restart: it serves again; at the end, with the database opened directly, the
// ledger invariants hold (server/ledger/invariants.ts), no order is half-made, every acknowledged submit and close
// is there, and the per-user event seq only went forward across the kills.
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Envelope, Instrument, LoginResult, Order } from '../../../domain/types.ts';
import { ledgerViolations } from '../../../server/ledger/invariants.ts';
import { until } from '../../fixtures/until.ts';
import { api } from '../support/harness.ts';
import { useServerProcesses, type ServerProcess } from '../support/server-process.ts';
import { slow } from '../../fixtures/slowness.ts';

const KILLS = Number(process.env.FAULT_KILLS ?? 2);
const processes = useServerProcesses('fault');

/** Bursts of submits from few sessions: the base environment raises the per-session order budget (TEST_SERVER_ENV). */
const start = (): Promise<ServerProcess> => processes.start();

const exited = (c: ChildProcess): Promise<void> =>
  c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', () => r()));

/** Order events pushed to the demo user, for the seq check; resolves once logged in and subscribed. */
async function watchSeq(url: string, token: string, seen: number[]): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/ws`);
  let subscribed = 0;
  ws.on('open', () => ws.send(JSON.stringify({ type: 'login', token })));
  ws.on('message', (data) => {
    const m = JSON.parse((data as Buffer).toString('utf8')) as { type: string; seq?: number; ok?: boolean };
    if (m.type === 'login' && m.ok) {
      for (const topic of ['FOREX_TRADE', 'FOREX_CLOSED']) ws.send(JSON.stringify({ type: 'sub', topic }));
    }
    if (m.type === 'sub' && m.ok) subscribed++;
    if ((m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED') && typeof m.seq === 'number') seen.push(m.seq);
  });
  ws.on('error', () => undefined); // the kill ends it
  await until(() => subscribed === 2, { what: 'login and order subscriptions', tries: 1000, stepMs: 5 });
  return ws;
}

describe('kill -9 in the middle of trading', () => {
  it(
    `survives ${KILLS} kills: invariants hold, nothing acknowledged is lost, seq only goes forward`,
    async () => {
      const ackedSubmits = new Set<number>();
      const ackedCloses = new Set<number>();
      const seqByRound: number[][] = [];
      const tally = { requests: 0, acked: 0, refused: 0, cut: 0, kills: 0 };
      let server = await start();
      for (let round = 0; round <= KILLS; round++) {
        const client = api(server.url, { lang: 'en' });
        const demo = await client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: 'fault-kill-1' });
        expect(demo.code).toBe(1);
        const user = client.withToken(demo.data.token);
        const list = await client.get<Instrument[]>('/v1/api/forex/trade_list');
        const inst =
          list.data.find((i) => i.MarketStatus === 1 && /BTC/.test(i.Code)) ??
          list.data.find((i) => i.MarketStatus === 1);
        if (!inst) throw new Error('no open instrument');
        const seen: number[] = [];
        seqByRound.push(seen);
        const ws = await watchSeq(server.url, demo.data.token, seen);
        if (round === KILLS) {
          // The last start only proves the restart: one more order must carry a newer seq.
          const o = await user.get<Order>('/v1/api/forex/submit', {
            type: 1,
            cont: inst.ForexMinCont,
            forex_id: inst.Id,
            status: 1,
            multiple: inst.HasForexMultiple[0]?.Value ?? 0,
          });
          expect(o.code, o.msg).toBe(1);
          ackedSubmits.add(o.data.Id);
          await until(() => seen.length > 0, { what: 'the push of the last order', tries: 1000, stepMs: 5 });
          ws.close();
          break;
        }

        // The burst: 6 lanes of random actions; SIGKILL once enough have been acknowledged (varies per round).
        const killAt = tally.acked + 25 + round * 9;
        let killed = false;
        const open: number[] = [];
        const act = async (): Promise<void> => {
          const r = Math.random();
          let reply: Envelope<Order> & { status: number };
          let closing: number | undefined;
          if (r < 0.45 || open.length === 0) {
            reply = await user.get<Order>('/v1/api/forex/submit', {
              type: Math.random() < 0.5 ? 1 : 2,
              cont: inst.ForexMinCont,
              forex_id: inst.Id,
              status: 1,
              multiple: inst.HasForexMultiple[0]?.Value ?? 0,
            });
            if (reply.code === 1) {
              ackedSubmits.add(reply.data.Id);
              open.push(reply.data.Id);
            }
          } else if (r < 0.7) {
            closing = open.splice(Math.floor(Math.random() * open.length), 1)[0];
            reply = await user.get<Order>('/v1/api/forex/close', { id: closing });
            if (reply.code === 1 && closing !== undefined) ackedCloses.add(closing);
          } else {
            // A stop edit just under/over the price: the next ticks trigger it (stop triggers inside the burst).
            const id = open[Math.floor(Math.random() * open.length)] ?? 0;
            const held = (await user.get<{ data: Order[] }>('/v1/api/forex/my_deal', { status: 1 })).data.data.find(
              (o) => o.Id === id,
            );
            const p = Number(held?.UpdatePrice ?? 0);
            const buy = held?.OrderType === 1;
            const near = (f: number): string => (p * f).toFixed(held?.ForexTradeLists.PricePrecision ?? 2);
            reply = await user.get<Order>('/v1/api/forex/set_stop_price', {
              id,
              stop_loss_price: near(buy ? 0.99995 : 1.00005),
              target_profit_price: near(buy ? 1.00005 : 0.99995),
            });
          }
          tally.requests++;
          if (reply.code === 1) tally.acked++;
          else tally.refused++;
          expect(reply.status, reply.msg).toBeLessThan(500);
        };
        const lane = async (): Promise<void> => {
          while (!killed) {
            try {
              await act();
            } catch (err) {
              if (!killed) throw err;
              tally.cut++; // a request cut by the kill: neither acknowledged nor counted as lost
            }
            if (!killed && tally.acked >= killAt) {
              killed = true;
              server.child.kill('SIGKILL');
              tally.kills++;
            }
          }
        };
        await Promise.all(Array.from({ length: 6 }, lane));
        await exited(server.child);
        ws.terminate();
        server = await start();
      }

      // The last process stops cleanly; then the database is read directly.
      server.child.kill('SIGTERM');
      await exited(server.child);
      const db = await processes.openDirect();
      try {
        expect(await ledgerViolations(db)).toEqual([]);
        const rows = await db.query<{ id: number; status: number }>('SELECT id, status FROM orders');
        const byId = new Map(rows.map((r) => [Number(r.id), Number(r.status)]));
        for (const id of ackedSubmits) expect(byId.has(id), `acknowledged order ${id} lost`).toBe(true);
        for (const id of ackedCloses) expect(byId.get(id), `acknowledged close of ${id}`).toBe(3);
        const triggered = await db.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM orders WHERE close_reason IN ('stop_loss', 'stop_profit', 'stop_out')",
        );
        // Per round, the events after the restart are numbered after every event before the kill.
        expect(
          seqByRound.every((r) => r.length > 0),
          'pushes seen in every round',
        ).toBe(true);
        for (let i = 1; i < seqByRound.length; i++) {
          const before = Math.max(0, ...seqByRound.slice(0, i).flat());
          for (const s of seqByRound[i] ?? []) expect(s, `round ${i}`).toBeGreaterThan(before);
        }
        console.log(
          `[fault-kill] ${JSON.stringify({ ...tally, orders: rows.length, ackedSubmits: ackedSubmits.size, ackedCloses: ackedCloses.size, stopTriggers: Number(triggered[0]?.n ?? 0) })}`,
        );
        expect(tally.kills).toBe(KILLS);
      } finally {
        await db.close();
      }
    },
    slow(180_000),
  );
});
