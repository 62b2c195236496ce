// Several processes' roles in one test, over each bus — a real nats-server, and one in-process bus shared by the
// three (the implementation role `all` uses) — and one PostgreSQL database: a market writer and two gateways. An order
// placed on gateway 2 reaches the owner's socket on gateway 1 with its seq; the writer learns of a new pending order at
// once (no reconcile) and fills it on the next tick; a price alert set on gateway 2 fires on the writer and reaches the
// socket on gateway 1; a logout on gateway 2 logs the session's socket on gateway 1 out;
// a request budget, the login lock, the ops token's wrong-guess budget and the per-address socket cap are each spent
// across both gateways.
// PostgreSQL only (roles market and gateway refuse PGlite):
// vitest.config.ts leaves this file out of the PGlite run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/types.ts';
import type { PriceAlerts } from '../../../domain/price-alerts.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import type { MarketService } from '../../../server/market/market-service.ts';
import { TEST_SCRYPT } from '../../fixtures/test-server-costs.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';
import type { Bus } from '../../../server/bus/bus.ts';
import { localBus } from '../../../server/bus/local-bus.ts';
import type { SecurityOverview } from '../../../domain/security-types.ts';
import { until } from '../../fixtures/until.ts';
import { api, freshDatabase, manualClock, registerAndLogin, type FreshDb } from '../support/harness.ts';
import WebSocket from 'ws';
import { Client } from '../support/ws-client.ts';

const clock = manualClock();
let nats: NatsServer;
let fresh: FreshDb;
let dataDir: string;
let writer: RunningServer;
const gateways: Array<{ server: RunningServer; baseUrl: string; wsUrl: string }> = [];
/** The in-process run's one bus (undefined: each role connects to NATS). */
let shared: Bus | undefined;

async function start(role: 'market' | 'gateway', factor: number): Promise<RunningServer> {
  return createServer({
    role,
    natsUrl: shared ? undefined : nats.url,
    bus: shared,
    databaseUrl: fresh.databaseUrl,
    dataDir,
    clock,
    market: { manual: true },
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    fundJob: false,
    distDir: join(dataDir, 'no-dist'),
    opsToken: 'o'.repeat(32),
    security: { factor, scrypt: TEST_SCRYPT },
    // The client address from X-Forwarded-For, so one test can be many strangers (requests without it: 127.0.0.1).
    trustProxy: true,
  });
}

async function startCluster(bus: 'NATS' | 'in process'): Promise<void> {
  shared = bus === 'in process' ? localBus() : undefined;
  gateways.length = 0;
  fresh = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'tickwise-cluster-'));
  writer = await start('market', 1000);
  for (let i = 0; i < 2; i++) {
    // Gateway budgets at the real figures (factor 1) for the shared-budget case; everything else spends little.
    const server = await start('gateway', 1);
    const baseUrl = await server.listen(0, '127.0.0.1');
    gateways.push({ server, baseUrl, wsUrl: `${baseUrl.replace(/^http/, 'ws')}/v1/ws` });
  }
  await setPrice('1.08500');
}

async function stopCluster(): Promise<void> {
  for (const g of gateways) await g.server.close();
  await writer?.close();
  await shared?.close();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(async () => {
  await nats?.stop();
});

const g = (i: number): { server: RunningServer; baseUrl: string; wsUrl: string } => {
  const gw = gateways[i];
  if (!gw) throw new Error(`no gateway ${i}`);
  return gw;
};

/** A price on the writer; waits until both gateways' copies show it (they follow it over the bus). */
async function setPrice(p: string): Promise<void> {
  (writer.ctx.market as MarketService).setPrice('EURUSD', p);
  await writer.ctx.engine.idle();
  await until(() => gateways.every((gw) => gw.server.ctx.market.latest('EURUSD')?.close === p), {
    what: `gateways at ${p}`,
    tries: 200,
    stepMs: 10,
  });
}

/** A logged-in socket on gateway `i`, subscribed to the order topics. */
async function socket(i: number, token: string): Promise<Client> {
  const c = await Client.open(g(i).wsUrl);
  c.send({ type: 'login', token });
  expect(await c.next((m) => m.type === 'login')).toMatchObject({ ok: true });
  for (const topic of ['FOREX_TRADE', 'FOREX_CLOSED']) c.send({ type: 'sub', topic });
  await c.next((m) => m.type === 'sub');
  await c.next((m) => m.type === 'sub');
  return c;
}

describe.each(['NATS', 'in process'] as const)('roles market + 2 gateways over the %s bus and PostgreSQL', (bus) => {
  beforeAll(() => startCluster(bus));
  afterAll(() => stopCluster());

  it('an order placed on gateway 2 shows on the socket on gateway 1; the writer fills the pending order at once', async () => {
    const u = await registerAndLogin({ baseUrl: g(1).baseUrl, ctx: g(1).server.ctx }, { clock });
    await move(g(1).server.ctx.db, u.user.id, {
      balance: '10000',
      type: RecordType.MEMO,
      memo: 'test deposit',
      at: clock.now(),
    });
    const sock = await socket(0, u.token);
    const buy = { type: 1, cont: '0.1', forex_id: 1, multiple: 100 };
    const placed = await u.client.get<Order>('/v1/api/forex/submit', { ...buy, status: 0, target_price: '1.08300' });
    expect(placed.code).toBe(1);
    const pushed = await sock.next((m) => m.type === 'FOREX_TRADE');
    expect(pushed).toMatchObject({ data: { Id: placed.data.Id, Status: 0 } });
    const firstSeq = pushed.seq as number;
    // The writer's index has it well before its 5 s reconcile (which never runs here: the clock does not move).
    await until(() => writer.ctx.engine.book.get(placed.data.Id) !== undefined, {
      what: 'writer indexed the order',
      tries: 200,
      stepMs: 10,
    });
    await setPrice('1.08290');
    const filled = await sock.next((m) => m.type === 'FOREX_TRADE');
    expect(filled).toMatchObject({ seq: firstSeq + 1, data: { Id: placed.data.Id, Status: 1 } });
    // Closed on gateway 1 this time: the socket (also on gateway 1) and the writer's index both follow.
    const closed = await api(g(0).baseUrl, { token: u.token }).get<Order>('/v1/api/forex/close', {
      id: placed.data.Id,
    });
    expect(closed.code).toBe(1);
    expect(await sock.next((m) => m.type === 'FOREX_CLOSED')).toMatchObject({
      seq: firstSeq + 2,
      data: { CloseReason: 'user' },
    });
    await until(() => writer.ctx.engine.book.get(placed.data.Id) === undefined, {
      what: 'writer dropped the order',
      tries: 200,
      stepMs: 10,
    });
    sock.ws.close();
  });

  it('a price alert set on gateway 2 is evaluated by the writer alone and reaches the socket on gateway 1', async () => {
    const u = await registerAndLogin({ baseUrl: g(1).baseUrl, ctx: g(1).server.ctx }, { clock });
    const sock = await socket(0, u.token);
    sock.send({ type: 'sub', topic: 'PRICE_ALERT' });
    await sock.next((m) => m.type === 'sub');
    const made = await u.client.post<PriceAlerts>('/v1/api/alerts/create', {
      forex_id: 1,
      condition: 'below',
      price: '1.08000',
    });
    const id = made.data.alerts[0]?.id ?? 0;
    expect(gateways.every((gw) => gw.server.ctx.alerts.watcher === undefined)).toBe(true); // only the writer evaluates
    await until(() => writer.ctx.alerts.watcher?.has(id) === true, {
      what: 'writer indexed the alert',
      tries: 200,
      stepMs: 10,
    });
    await setPrice('1.07990');
    expect(await sock.next((m) => m.type === 'PRICE_ALERT')).toMatchObject({
      data: { id, status: 'fired', fired_price: '1.07990' },
    });
    await setPrice('1.08500');
    sock.ws.close();
  });

  it('a logout on gateway 2 logs the session out on gateway 1 at once', async () => {
    const u = await registerAndLogin({ baseUrl: g(1).baseUrl, ctx: g(1).server.ctx }, { clock });
    const sock = await socket(0, u.token);
    const out = await u.client.post('/api/user/logout');
    expect(out.code).toBe(1);
    expect(await sock.next((m) => m.type === 'revoked')).toMatchObject({ type: 'revoked' });
    sock.ws.close();
  });

  it('a session signed out from /mine/security on gateway 2 is logged out on gateway 1 within a second', async () => {
    const u = await registerAndLogin({ baseUrl: g(1).baseUrl, ctx: g(1).server.ctx }, { clock });
    const other = await api(g(0).baseUrl).post<{ token: string }>('/api/user/loginForU', {
      account: u.account,
      password: u.password,
      login_type: 'email',
    });
    const sock = await socket(0, other.data.token);
    const view = await u.client.get<SecurityOverview>('/api/security/overview');
    const target = view.data.sessions.find((s) => !s.current);
    const started = Date.now();
    expect((await u.client.post('/api/security/sessions/revoke', { id: target?.id ?? 0 })).code).toBe(1);
    expect(await sock.next((m) => m.type === 'revoked', 1000)).toMatchObject({ type: 'revoked' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await api(g(0).baseUrl, { token: other.data.token }).get('/api/user/info')).code).toBe(999);
    sock.ws.close();
  });

  it('a request budget is one budget across both gateways', async () => {
    // captcha: 30 per minute per address at factor 1; 15 on each gateway spend it, the next one on either is refused.
    const perAddress = g(0).server.ctx.limits.rate('captcha').perAddress;
    const statuses: number[] = [];
    for (let i = 0; i < perAddress; i++) {
      statuses.push((await fetch(`${g(i % 2).baseUrl}/api/captcha?t=${i}`)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await fetch(`${g(0).baseUrl}/api/captcha?t=x`)).status).toBe(429);
    expect((await fetch(`${g(1).baseUrl}/api/captcha?t=y`)).status).toBe(429);
  });

  /** Wrong passwords from `strangers` addresses (one each, over `over` gateways in turn), then what follows. */
  async function lockScenario(over: number[], net: string): Promise<number[]> {
    const u = await registerAndLogin({ baseUrl: g(0).baseUrl, ctx: g(0).server.ctx }, { clock });
    const login = async (gw: number, address: string, password: string): Promise<number> => {
      const res = await fetch(`${g(gw).baseUrl}/api/user/loginForU`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: new URLSearchParams({ account: u.account, password, login_type: 'email' }).toString(),
      });
      const env = (await res.json()) as { code: number };
      return res.status === 200 ? env.code : res.status; // 1 signed in, 0 wrong password, 429 refused untried
    };
    const cap = g(0).server.ctx.limits.failures('login_account');
    const seen: number[] = [];
    for (let i = 0; i < cap; i++)
      seen.push(await login(over[i % over.length] ?? 0, `${net}.${i + 1}`, 'wrong-password'));
    // Locked: an address that already tried is refused on every gateway, even with the right password…
    for (const gw of over) seen.push(await login(gw, `${net}.1`, u.password));
    // …and the owner, from an address of their own, still signs in (a stranger cannot lock them out).
    seen.push(await login(over[over.length - 1] ?? 0, `${net}.200`, u.password));
    return seen;
  }

  it('wrong passwords spread over two gateways lock the account the same way as on one', async () => {
    const two = await lockScenario([0, 1], '10.1.0');
    const one = await lockScenario([0, 0], '10.2.0');
    const cap = g(0).server.ctx.limits.failures('login_account');
    expect(one).toEqual([...Array<number>(cap).fill(0), 429, 429, 1]);
    expect(two).toEqual(one);
  });

  it('the per-address socket cap counts the sockets on both gateways', async () => {
    const cap = g(0).server.ctx.limits.socket().perAddress;
    // 101 (open) or the refused upgrade's HTTP status.
    const open = (gw: number): Promise<{ status: number; ws: WebSocket }> =>
      new Promise((resolve) => {
        const ws = new WebSocket(g(gw).wsUrl, { headers: { 'x-forwarded-for': '10.4.0.1' } });
        ws.on('error', () => undefined); // a refused upgrade reports here too
        ws.on('open', () => resolve({ status: 101, ws }));
        ws.on('unexpected-response', (_req, res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, ws });
        });
      });
    const sockets = [];
    for (let i = 0; i < cap; i++) sockets.push(await open(i % 2));
    expect(sockets.every((s) => s.status === 101)).toBe(true);
    expect((await open(0)).status).toBe(429);
    expect((await open(1)).status).toBe(429);
    // One closed on gateway 1 frees a place on gateway 2.
    const first = sockets[0]?.ws;
    await new Promise((resolve) => {
      first?.once('close', resolve);
      first?.close();
    });
    // The server releases the place when its side of the socket closes: a moment after the client's.
    const later: WebSocket[] = [];
    await until(
      async () => {
        const again = await open(1);
        later.push(again.ws);
        return again.status === 101;
      },
      { what: 'a place freed across gateways', tries: 100, stepMs: 20 },
    );
    for (const ws of [...sockets.map((s) => s.ws), ...later]) ws.close();
  });

  it("the ops token's wrong-guess budget is one budget across both gateways", async () => {
    const cap = g(0).server.ctx.limits.failures('ops_address');
    const guess = (gw: number, token: string) =>
      fetch(`${g(gw).baseUrl}/api/ops/commands`, { headers: { 'x-ops-token': token, 'x-forwarded-for': '10.3.0.1' } });
    for (let i = 0; i < cap; i++) expect((await guess(i % 2, `wrong-${i}`)).status).toBe(401);
    // Spent across both: the right token too is refused on either gateway (the answer is no oracle).
    expect((await guess(0, 'o'.repeat(32))).status).toBe(429);
    expect((await guess(1, 'o'.repeat(32))).status).toBe(429);
    expect(
      (await fetch(`${g(1).baseUrl}/api/ops/commands`, { headers: { 'x-ops-token': 'o'.repeat(32) } })).status,
    ).toBe(200);
  });
});
