// Restarts that lose nothing (docs/operations.md "Restarts"), on the cluster behind Debian's haproxy over NATS and
// PostgreSQL: a gateway's graceful stop (what its SIGTERM runs) during a burst of orders and with sockets connected
// tells every socket 1012 "service restart", every client is back through the proxy, no answer is a 5xx, and every
// acknowledged order is in the database; the market writer's stop hands the writer lock to the standby at once.
// PostgreSQL only (the roles refuse PGlite): vitest.config.ts leaves this file out of the PGlite pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../domain/types.ts';
import { TEST_SECURITY } from '../../fixtures/test-server-costs.ts';
import type { MarketService } from '../../../server/market/market-service.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { shiftedClock } from '../../../server/core/system-time.ts';
import { freePort } from '../../fixtures/free-port.ts';
import { WEEKDAY_NOON } from '../../e2e/app-server.ts';
import { startHaproxy } from '../../fixtures/haproxy.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';
import { until } from '../../fixtures/until.ts';
import { api, freshDatabase, type FreshDb } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

let nats: NatsServer;
let fresh: FreshDb;
let dataDir: string;
let haproxy: ChildProcess | undefined;
let front = '';
/** Sockets through the proxy; RESTART_CLIENTS=1000 is the goal's load (docs/operations.md "Restarts"). */
const CLIENTS = Number(process.env.RESTART_CLIENTS ?? 40);
const running: RunningServer[] = [];
/** WEEKDAY_NOON, moving with real time: EURUSD's market is open whatever day the test runs on. */
const clock = shiftedClock(Date.parse(WEEKDAY_NOON));

function start(role: 'market' | 'gateway'): Promise<RunningServer> {
  return createServer({
    role,
    clock,
    natsUrl: nats.url,
    databaseUrl: fresh.databaseUrl,
    dataDir,
    market: { manual: true },
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    fundJob: false,
    distDir: join(dataDir, 'no-dist'),
    security: TEST_SECURITY,
    trustProxy: true,
  });
}

beforeAll(async () => {
  nats = await startNatsServer();
  fresh = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'tickwise-restart-'));
});

afterAll(async () => {
  haproxy?.kill('SIGTERM');
  for (const s of running.reverse()) await s.close();
  await nats?.stop();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A socket through the proxy that reconnects whenever it is closed, and counts how its connections ended. */
class Reconnecting {
  readonly closes: number[] = [];
  acked = 0;
  private stopped = false;
  constructor(private readonly url: string) {
    this.open();
  }
  private open(): void {
    const ws = new WebSocket(this.url);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' })));
    ws.on('message', (d) => {
      if ((JSON.parse((d as Buffer).toString('utf8')) as { type?: string }).type === 'sub') this.acked++;
    });
    ws.on('error', () => undefined); // a close follows
    ws.on('close', (code) => {
      this.closes.push(code);
      if (!this.stopped) setTimeout(() => this.open(), 50 + Math.random() * 200);
    });
    this.ws = ws;
  }
  ws: WebSocket | undefined;
  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

describe('a gateway restarting behind haproxy', () => {
  it(
    'sends its sockets elsewhere with 1012, answers no 5xx and loses no acknowledged order',
    { timeout: slow(120_000) },
    async () => {
      const writer = await start('market');
      running.push(writer);
      const urls: string[] = [];
      const gateways: RunningServer[] = [];
      for (let i = 0; i < 2; i++) {
        const g = await start('gateway');
        running.push(g);
        gateways.push(g);
        urls.push(await g.listen(0, '127.0.0.1'));
      }
      (writer.ctx.market as MarketService).setPrice('EURUSD', '1.08000'); // the gateways follow it over NATS
      await until(() => gateways.every((g) => g.ctx.market.latest('EURUSD')?.close === '1.08000'), {
        what: 'gateways following the writer',
        stepMs: 20,
      });
      const port = await freePort();
      haproxy = startHaproxy(dataDir, port, urls);
      front = `http://127.0.0.1:${port}`;
      await until(async () => (await fetch(`${front}/healthz`).catch(() => undefined))?.status === 200, {
        what: 'haproxy',
        stepMs: 50,
        tries: 400,
      });

      const clients = Array.from({ length: CLIENTS }, () => new Reconnecting(`${front.replace('http', 'ws')}/v1/ws`));
      await until(() => clients.every((c) => c.acked === 1), {
        what: 'every socket subscribed',
        stepMs: 20,
        tries: 1000,
      });

      const statuses: number[] = [];
      const acknowledged: number[] = [];
      let rounds = 0;
      const traders = Array.from({ length: 4 }, async (_, i) => {
        const demo = await api(front, { lang: 'en' }).get<LoginResult>('/api/user/createAccountDemoForU', {
          demo_id: `restart-demo-${i}-000000`,
        });
        const t = api(front, { lang: 'en', token: demo.data.token });
        for (let r = 0; r < 12; r++) {
          const o = await t.get<{ Id: number }>('/v1/api/forex/submit', {
            type: 1,
            cont: '0.1',
            forex_id: 1,
            status: 1,
            multiple: 100,
          });
          statuses.push(o.status);
          if (o.code === 1) acknowledged.push(o.data.Id);
          rounds++;
        }
      });
      await until(() => rounds >= 8, { what: 'the burst under way', stepMs: 10, tries: 3000 });
      const first = gateways[0];
      if (!first) throw new Error('no gateway');
      await first.close(); // what SIGTERM runs (server/serve.ts)
      await Promise.all(traders);

      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(acknowledged.length).toBe(48);
      const stored = await writer.ctx.db.query<{ id: number }>('SELECT id FROM orders WHERE id = ANY($1::int[])', [
        acknowledged,
      ]);
      expect(stored.length).toBe(acknowledged.length);

      await until(() => clients.every((c) => c.acked === c.closes.length + 1), {
        what: 'every socket back through the proxy',
        stepMs: 20,
        tries: 1000,
      });
      const closes = clients.flatMap((c) => c.closes);
      expect(closes.length).toBeGreaterThan(0); // round robin put about half of them on the stopped gateway
      expect(new Set(closes)).toEqual(new Set([1012]));
      for (const c of clients) c.stop();
    },
  );
});

describe('the market writer restarting', () => {
  it('hands the writer lock to the standby when it stops, without waiting for a lease', async () => {
    const leader = running.find((s) => s.role === 'market');
    if (!leader) throw new Error('no writer');
    let standby: RunningServer | undefined;
    const waiting = start('market').then((s) => {
      standby = s;
      running.push(s);
    });
    expect(standby).toBeUndefined();
    expect((await leader.metrics.writerLeader.get()).values[0]?.value).toBe(1);
    await leader.close();
    running.splice(running.indexOf(leader), 1);
    await waiting;
    expect((await standby?.metrics.writerLeader.get())?.values[0]?.value).toBe(1);
  });
});
