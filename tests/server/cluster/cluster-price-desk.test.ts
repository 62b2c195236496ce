// The price desk across processes (docs/market-data.md, docs/scaling.md): a market writer whose EURUSD comes from a
// scriptable in-test source, and two gateways, over each bus (a real nats-server, and the in-process bus) and one
// PostgreSQL database. A desk change made on one gateway is recorded and applies the same on every gateway (a halt
// and its reason on DAY_MARKET and in order refusals); a stale instrument on the writer is stale on every gateway
// and live again on the next tick; `feeds` on a gateway answers the writer's status. PostgreSQL only (roles market
// and gateway refuse PGlite): vitest.config.ts leaves this file out of the PGlite run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { TEST_SECURITY } from '../../fixtures/test-server-costs.ts';
import type { Bus } from '../../../server/bus/bus.ts';
import { localBus } from '../../../server/bus/local-bus.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';
import { ScriptSource } from '../../fixtures/script-source.ts';
import { until } from '../../fixtures/until.ts';
import { freshDatabase, manualClock, registerAndLogin, type ApiClient, type FreshDb } from '../support/harness.ts';

const clock = manualClock();
const OPS_TOKEN = 'o'.repeat(32);
let nats: NatsServer;
let fresh: FreshDb;
let dataDir: string;
let shared: Bus | undefined;
let lp: ScriptSource;
let writer: RunningServer;
const gateways: Array<{ server: RunningServer; baseUrl: string }> = [];
let trader: ApiClient;

function start(role: 'market' | 'gateway'): Promise<RunningServer> {
  return createServer({
    role,
    natsUrl: shared ? undefined : nats.url,
    bus: shared,
    databaseUrl: fresh.databaseUrl,
    dataDir,
    clock,
    market: { manual: true, priceSources: role === 'market' ? [lp, 'simulator'] : undefined },
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    fundJob: false,
    distDir: join(dataDir, 'no-dist'),
    opsToken: OPS_TOKEN,
    security: TEST_SECURITY,
  });
}

async function ops<T = unknown>(
  i: number,
  name: string,
  body: Record<string, string> = {},
): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${gw(i).baseUrl}/api/ops/run/${name}`, {
    method: 'POST',
    headers: { lang: 'en', 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

const gw = (i: number): { server: RunningServer; baseUrl: string } => {
  const g = gateways[i];
  if (!g) throw new Error(`no gateway ${i}`);
  return g;
};

/** Waits until every gateway's copy of EURUSD's quote tuple ends with `tail` (Status, Feed?, Reason?). */
async function everyGateway(tail: unknown[], what: string): Promise<void> {
  await until(
    () =>
      gateways.every(
        (g) => JSON.stringify(g.server.ctx.market.quoteTuple('EURUSD')?.slice(4)) === JSON.stringify(tail),
      ),
    {
      what,
      tries: 300,
      stepMs: 10,
    },
  );
}

const buy = { type: 1, cont: '0.1', forex_id: 1, status: 1, multiple: 100 };

beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(async () => {
  await nats?.stop();
});

describe.each(['NATS', 'in process'] as const)('the price desk on a writer and 2 gateways over the %s bus', (bus) => {
  beforeAll(async () => {
    shared = bus === 'in process' ? localBus() : undefined;
    gateways.length = 0;
    fresh = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'tickwise-cluster-feeds-'));
    lp = new ScriptSource('lp', () => clock.now());
    writer = await start('market');
    for (let i = 0; i < 2; i++) {
      const server = await start('gateway');
      gateways.push({ server, baseUrl: await server.listen(0, '127.0.0.1') });
    }
    const u = await registerAndLogin({ baseUrl: gw(0).baseUrl, ctx: gw(0).server.ctx }, { clock });
    await move(gw(0).server.ctx.db, u.user.id, {
      balance: '10000',
      type: RecordType.MEMO,
      memo: 'test deposit',
      at: clock.now(),
    });
    trader = u.client;
  });
  afterAll(async () => {
    for (const g of gateways) await g.server.close();
    await writer?.close();
    await shared?.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a mapping made on a gateway reaches the writer: stale on every gateway until the LP ticks, then live', async () => {
    const mapped = await ops(1, 'feed-map', { source: 'lp', symbol: 'EUR/USD', code: 'EURUSD' });
    expect(mapped.code).toBe(1);
    await until(() => lp.symbols.includes('EUR/USD'), { what: 'the writer subscribed the LP', tries: 300, stepMs: 10 });
    await everyGateway([1, 'stale'], 'EURUSD stale on both gateways');
    expect((await trader.get('/v1/api/forex/submit', buy)).msg).toBe(en.errors.price_stale);
    lp.quote('EUR/USD', { bid: '1.08500', ask: '1.08510' });
    await everyGateway([1], 'EURUSD live on both gateways');
    expect(gateways.map((g) => g.server.ctx.market.latest('EURUSD')?.close)).toEqual(['1.08505', '1.08505']);
    expect((await trader.get('/v1/api/forex/submit', buy)).code).toBe(1);
  });

  it('a halt made on gateway 2 applies on both, with its reason, and is recorded with who and when', async () => {
    const reason = 'LP price check';
    expect((await ops(1, 'feed-halt', { code: 'EURUSD', reason })).code).toBe(1);
    await everyGateway([0, 'halted', reason], 'EURUSD halted on both gateways');
    expect((await trader.get('/v1/api/forex/submit', buy)).msg).toBe(`Trading in this product is halted: ${reason}`);
    const changes = await ops<Array<Record<string, unknown>>>(0, 'feed-changes');
    expect(changes.data[0]).toMatchObject({
      command: 'feed-halt',
      at: new Date(clock.now()).toISOString(),
    });
    expect((await ops(0, 'feed-resume', { code: 'EURUSD' })).code).toBe(1);
    await everyGateway([1], 'EURUSD trading again on both gateways');
    expect((await trader.get('/v1/api/forex/submit', buy)).code).toBe(1);
  });

  it("`feeds` on a gateway answers the writer's status, refused ticks included", async () => {
    lp.quote('EUR/USD', { bid: '1.08520', ask: '1.08510' });
    await until(
      () =>
        (gw(1)
          .server.ctx.priceDesk?.status()
          ?.sources.find((s) => s.name === 'lp')?.rejects.crossed ?? 0) > 0,
      {
        what: "the writer's status on gateway 2",
        tries: 400,
        stepMs: 10,
      },
    );
    const rows = await ops<Array<Record<string, unknown>>>(1, 'feeds');
    expect(rows.data.find((r) => r.source === 'lp')).toMatchObject({
      state: 'up',
      symbols: 1,
      driving: 1,
      reject_reasons: 'crossed:1',
    });
  });
});
