// The cluster on a real price source: PostgreSQL, a nats-server, two market processes on PRICE_SOURCES=fix
// (one leads, one waits) and two gateways, with the stand-in LP in this process. The leader logs on to the LP and
// quotes BTCUSDT from it to a websocket client on a gateway; it is killed with SIGKILL; the standby takes the lease,
// logs on to the LP with the sequence numbers the shared store kept, subscribes again, and the client's quotes resume.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRole, type RoleProcess } from '../../fixtures/cluster-procs.ts';
import { TEST_SERVER_ENV } from '../../fixtures/test-server-costs.ts';
import { StandInLp } from '../../fixtures/fix-lp.ts';
import { freePort } from '../../fixtures/free-port.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';
import { until } from '../../fixtures/until.ts';
import { freshDatabase, type FreshDb } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';

let fresh: FreshDb;
let nats: NatsServer;
let lp: StandInLp;
const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-cluster-fix-'));
const procs: RoleProcess[] = [];
const OPS_TOKEN = 'cluster-fix-failover-ops-token-0123456789';
let env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  fresh = await freshDatabase();
  nats = await startNatsServer();
  const port = await freePort();
  lp = new StandInLp({ port });
  await lp.start();
  env = {
    ...TEST_SERVER_ENV,
    OPS_TOKEN,
    PRICE_SOURCES: 'fix,simulator',
    FIX_HOST: '127.0.0.1',
    FIX_PORT: String(port),
    FIX_SENDER_COMP_ID: 'TICKWISE',
    FIX_TARGET_COMP_ID: 'STANDIN-LP',
    FIX_PASSWORD: 'secret',
    FIX_STORE_DIR: join(dataDir, 'fix'),
    FIX_RECONNECT_MS: '100',
    // The failover is under test, not the logon deadline: a standby starting on a loaded host must not abandon a
    // logon the LP has counted (the deadline's own test is fix-source.test.ts).
    FIX_CONNECT_TIMEOUT_MS: String(slow(60_000)),
  };
});
afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited()));
  await lp?.stop();
  await nats?.stop();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function role(r: 'market' | 'gateway'): RoleProcess {
  const p = startRole(r, { databaseUrl: fresh.databaseUrl ?? '', natsUrl: nats.url, dataDir, env });
  procs.push(p);
  return p;
}

/** BTCUSDT closes a DAY_MARKET subscriber on `url` sees, in arrival order. */
async function watch(url: string, closes: string[]): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/ws`);
  let subscribed = false;
  ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' })));
  ws.on('message', (data) => {
    const m = JSON.parse((data as Buffer).toString('utf8')) as { type: string; ok?: boolean; data?: unknown };
    if (m.type === 'sub' && m.ok) subscribed = true;
    if (m.type !== 'DAY_MARKET' || !Array.isArray(m.data)) return;
    for (const t of m.data as Array<[string, string]>) if (t[0] === 'BTCUSDT') closes.push(t[1]);
  });
  await until(() => subscribed, { what: 'the DAY_MARKET subscription', tries: 1000, stepMs: 5 });
  return ws;
}

describe('cluster: a market writer on a FIX source, kill -9, the standby logs on', () => {
  it(
    'the standby logs on to the LP with the kept sequence and quotes resume on the gateway',
    async () => {
      const leader = role('market');
      await leader.running;
      const standby = role('market');
      const g1 = role('gateway');
      const g2 = role('gateway');
      const [url1, url2] = [await g1.running, await g2.running];
      await until(() => lp.isLoggedOn, { what: "the leader's logon", tries: 4000, stepMs: 5, wake: lp.wake });

      const res = await fetch(`${url1}/api/ops/run/feed-map`, {
        method: 'POST',
        headers: { lang: 'en', 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
        body: JSON.stringify({ source: 'fix', symbol: 'BTC/USD', code: 'BTCUSDT' }),
      });
      expect(((await res.json()) as { msg: string }).msg).toBe('success');
      await until(() => lp.requests.length === 1, {
        what: "the leader's MarketDataRequest",
        tries: 4000,
        stepMs: 5,
        wake: lp.wake,
      });

      const closes: string[] = [];
      const ws = await watch(url2, closes);
      lp.quote('BTC/USD', '96250.00', '96250.50');
      await until(() => closes.includes('96250.25'), { what: 'the LP quote on gateway 2', tries: 4000, stepMs: 5 });

      leader.child.kill('SIGKILL');
      await leader.exited();
      await standby.running;
      await until(() => lp.logonSeqs.length === 2 && lp.isLoggedOn, {
        what: "the standby's logon",
        tries: 4000,
        stepMs: 5,
        wake: lp.wake,
      });
      // The shared store kept the sequence: the standby's Logon follows the leader's last message, no reset.
      expect(lp.logonSeqs[1]).toBeGreaterThan(lp.logonSeqs[0] ?? 0);
      expect(lp.sent('A')[1]?.get(141)).not.toBe('Y');
      await until(() => lp.requests.length === 2, {
        what: "the standby's MarketDataRequest",
        tries: 4000,
        stepMs: 5,
        wake: lp.wake,
      });
      expect(lp.requests[1]?.symbols).toEqual(['BTC/USD']);
      lp.quote('BTC/USD', '96300.00', '96300.50');
      await until(() => closes.includes('96300.25'), {
        what: 'the quote after the fail-over on gateway 2',
        tries: 4000,
        stepMs: 5,
      });
      ws.close();
    },
    slow(110_000),
  );
});
