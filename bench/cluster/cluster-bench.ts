// The `cluster` section: the roles as processes (PostgreSQL, nats, two markets, 1-4 gateways); steps are bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBJECTS } from '../../server/bus/bus.ts';
import { natsBus } from '../../server/bus/nats-bus.ts';
import type { Db } from '../../server/db/db.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { RecordType } from '../../server/ledger/record-types.ts';
import { ledgerViolations } from '../../server/ledger/invariants.ts';
import type { LoginResult } from '../../domain/types.ts';
import { startRole, type RoleProcess } from '../../tests/fixtures/cluster-procs.ts';
import { freePort } from '../../tests/fixtures/free-port.ts';
import { startHaproxy } from '../../tests/fixtures/haproxy.ts';
import { startNatsServer, type NatsServer } from '../../tests/fixtures/nats-server.ts';
import { startPostgresCluster } from '../../tests/fixtures/postgres-cluster.ts';
import { once, simEnv, stopChild, waitHealthy, type SectionOptions } from '../lib/app-server.ts';
import { runJsonChild } from '../lib/json-child.ts';
import { loadAverage } from '../lib/machine.ts';
import { loadFigures, loadSpec, NO_LOAD, sampledLoad, type LoadFigures } from '../fanout/fanout.ts';
import { firstAfter, liveAgain, seqAudit, type SeqAudit } from './cluster-stats.ts';
import { demoAccount } from '../render/session.ts';
import { runLanes, tradableInstrument, type Acked } from './order-load.ts';
import type { ReconnectResult, ReconnectSpec } from './reconnect-client.ts';

export interface ClusterFanoutRow extends LoadFigures {
  gateways: number;
  clients: number;
  /** CPU % of one core over the window, per gateway in start order. */
  gatewayCpuPct: (number | null)[];
  gatewayRssMb: (number | null)[];
  marketCpuPct: number | null;
  natsCpuPct: number | null;
  /** The load generator's CPU % of one core in its window, per load process. */
  loadProcesses?: number;
  loadCpuPct?: (number | null)[];
  loadAverage: number[];
  error: string | null;
}

const NO_AUDIT = {
  acked: 0,
  /** Must be 0. */
  missing: 0,
  /** Orders with more than one margin release; must be 0. */
  closedTwice: 0,
  ledgerViolations: 0,
  submitFailures: 0,
  firstFailure: null as string | null,
};

export type GatewayLoss = Awaited<ReturnType<typeof gatewayLoss>>;

export type ClusterResult = Awaited<ReturnType<typeof clusterBench>>;

const ENTRY = 'bench/lib/serve-entry.ts';
const RECONNECT_CLIENT = 'bench/cluster/reconnect-client.ts';
const SIM_ENV = {
  ...simEnv(300),
  RATE_LIMIT_FACTOR: '1000',
  LOG_LEVEL: 'warn',
};
/** Messages the killed leader sent just before SIGKILL can still arrive a few ms after it. */
const IN_FLIGHT_GUARD_MS = 100;
const GATEWAY_COUNTS = [1, 2, 4] as const;

/** A process that never says it runs must not hang the bench. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not start in ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
const START_MS = 120_000;
const wsOf = (url: string): string => `${url.replace(/^http/, 'ws')}/v1/ws`;

interface Cluster {
  dir: string;
  databaseUrl: string;
  nats: NatsServer;
  markets: RoleProcess[];
  gateways: { proc: RoleProcess; url: string }[];
  leader(): RoleProcess | undefined;
}

const urlsOf = (c: Cluster): string[] => c.gateways.map((g) => g.url);

function role(c: Pick<Cluster, 'dir' | 'databaseUrl' | 'nats'>, r: 'market' | 'gateway'): RoleProcess {
  return startRole(r, { databaseUrl: c.databaseUrl, natsUrl: c.nats.url, dataDir: c.dir, env: SIM_ENV, entry: ENTRY });
}

async function fanoutRow(c: Cluster, clients: number, quick: boolean): Promise<ClusterFanoutRow> {
  const urls = urlsOf(c);
  const gw = urls.length;
  const row: ClusterFanoutRow = {
    gateways: gw,
    clients,
    ...NO_LOAD,
    gatewayCpuPct: [],
    gatewayRssMb: [],
    marketCpuPct: null,
    natsCpuPct: null,
    loadAverage: [],
    error: null,
  };
  try {
    const pids = [...c.gateways.map((g) => g.proc.child.pid ?? -1), c.leader()?.child.pid ?? -1, c.nats.pid];
    const spec = loadSpec(urls.map(wsOf), clients, quick, clients * 12);
    const { r, cpuPct, rssMaxMb } = await sampledLoad(spec, null, pids);
    row.loadProcesses = 1;
    row.loadCpuPct = [Math.round((r.cpuMs * 100) / Math.max(1, r.windowMs))];
    Object.assign(row, {
      ...loadFigures(r),
      gatewayCpuPct: cpuPct.slice(0, gw),
      gatewayRssMb: rssMaxMb.slice(0, gw),
      marketCpuPct: cpuPct[gw] ?? null,
      natsCpuPct: cpuPct[gw + 1] ?? null,
    });
  } catch (err) {
    row.error = (err as Error).message;
  } finally {
    row.loadAverage = loadAverage();
  }
  return row;
}

async function withDb<T>(databaseUrl: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openPostgres({ url: databaseUrl });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

function auditOrders(
  databaseUrl: string,
  acked: readonly Acked[],
): Promise<Pick<typeof NO_AUDIT, 'acked' | 'missing' | 'closedTwice' | 'ledgerViolations'>> {
  return withDb(databaseUrl, async (db) => {
    const ids = new Set((await db.query<{ id: number }>('SELECT id FROM orders')).map((r) => Number(r.id)));
    const twice = await db.query<{ memo: string }>(
      'SELECT memo FROM financial_records WHERE type = $1 GROUP BY memo HAVING count(*) > 1',
      [RecordType.MARGIN_RELEASE],
    );
    return {
      acked: acked.length,
      missing: acked.filter((a) => !ids.has(a.id)).length,
      closedTwice: twice.length,
      ledgerViolations: (await ledgerViolations(db)).length,
    };
  });
}

async function accounts(baseUrl: string, n: number, tag: string): Promise<LoginResult[]> {
  const out: LoginResult[] = [];
  for (let i = 0; i < n; i++) out.push(await demoAccount(baseUrl, `bench${tag}${i}x${Date.now().toString(36)}`));
  return out;
}

async function leaderFailover(c: Cluster, quick: boolean, log: (l: string) => void) {
  const lanes = 8;
  const urls = urlsOf(c);
  const base = urls[0] ?? '';
  const out = {
    lanes,
    instrument: '',
    /** From the kill to the standby's "leads" line, its first tick on the broker, its first stop triggered. */
    leadMs: null as number | null,
    firstTickMs: null as number | null,
    firstTriggerMs: null as number | null,
    triggersBefore: 0,
    triggersAfter: 0,
    ...NO_AUDIT,
    loadAverage: [] as number[],
    error: null as string | null,
  };
  const leader = c.leader();
  const standby = c.markets.find((m) => m !== leader);
  if (!leader || !standby) throw new Error('the leader fail-over needs two market processes');
  const bus = await natsBus({ url: c.nats.url, name: 'bench-observer' });
  let killAt = 0;
  const ticks: number[] = [];
  const triggers: number[] = [];
  bus.subscribe(SUBJECTS.tick, () => {
    if (killAt && ticks.length < 100) ticks.push(Date.now());
  });
  bus.subscribe(SUBJECTS.userAll, (m) => {
    const msg = m as { type?: string; data?: { CloseReason?: string } };
    const reason = msg.data?.CloseReason ?? '';
    if (msg.type === 'FOREX_CLOSED' && /^stop_/.test(reason) && triggers.length < 100_000) triggers.push(Date.now());
  });
  try {
    const users = await accounts(base, lanes, 'lead');
    const on = await tradableInstrument(base, users[0]?.token ?? '');
    out.instrument = on.inst.Code;
    let stop = false;
    const hardUntil = Date.now() + (quick ? 30_000 : 45_000);
    const load = runLanes({
      baseUrls: urls,
      users,
      on,
      stops: true,
      pauseMs: 50,
      stopped: () => stop,
      untilMs: hardUntil,
      maxRequests: 20_000,
    });
    await sleep(quick ? 2_000 : 4_000);
    let leadAt = 0;
    standby.running.then(() => void (leadAt = Date.now())).catch(() => undefined);
    killAt = Date.now();
    leader.child.kill('SIGKILL');
    log(`  kill -9 of the leading market process (pid ${leader.child.pid}) under ${lanes} order lanes …`);
    await leader.exited();
    for (let i = 0; i < 300 && firstAfter(triggers, killAt, IN_FLIGHT_GUARD_MS) === null && Date.now() < hardUntil; i++)
      await sleep(100);
    await sleep(3_000);
    stop = true;
    const done = await load;
    await sleep(1_000);
    out.leadMs = leadAt ? leadAt - killAt : null;
    out.firstTickMs = firstAfter(ticks, killAt, IN_FLIGHT_GUARD_MS);
    out.firstTriggerMs = firstAfter(triggers, killAt, IN_FLIGHT_GUARD_MS);
    out.triggersBefore = triggers.filter((t) => t <= killAt).length;
    out.triggersAfter = triggers.length - out.triggersBefore;
    Object.assign(out, await auditOrders(c.databaseUrl, done.acked), {
      submitFailures: done.failures,
      firstFailure: done.firstFailure,
    });
  } catch (err) {
    out.error = (err as Error).message;
  } finally {
    await bus.close();
    out.loadAverage = loadAverage();
  }
  return out;
}

async function gatewayLoss(c: Cluster, clients: number, quick: boolean, log: (l: string) => void) {
  const usersN = 20;
  const out = {
    gateways: c.gateways.length,
    clients,
    users: usersN,
    connected: 0,
    failed: 0,
    live: liveAgain(0, []),
    gaveUp: 0,
    seq: null as SeqAudit | null,
    ...NO_AUDIT,
    loadAverage: [] as number[],
    error: null as string | null,
  };
  const port = await freePort();
  const front = startHaproxy(c.dir, port, urlsOf(c));
  const frontUrl = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(frontUrl, 20_000);
    const users = await accounts(frontUrl, usersN, 'loss');
    const on = await tradableInstrument(frontUrl, users[0]?.token ?? '');
    const observeMs = quick ? 15_000 : 20_000;
    const spec: ReconnectSpec = {
      wsUrl: wsOf(frontUrl),
      clients,
      tokens: users.map((u) => u.token),
      connectConcurrency: 100,
      observeMs,
      retryMs: 250,
      maxAttempts: 40,
      deadlineMs: 90_000 + observeMs,
    };
    let ready = 0;
    let ended = false;
    const child = runJsonChild<ReconnectResult>(RECONNECT_CLIENT, spec, null, ['READY'], () => (ready = Date.now()));
    child.catch(() => undefined).finally(() => void (ended = true)); // a failure before READY ends the wait
    for (let i = 0; i < 1200 && !ready && !ended; i++) await sleep(100);
    if (!ready) {
      await child;
      throw new Error('the gateway-loss clients did not connect in 120 s');
    }
    let stop = false;
    const load = runLanes({
      baseUrls: [frontUrl],
      users,
      on,
      stops: false,
      pauseMs: 150,
      stopped: () => stop,
      untilMs: ready + observeMs - 3_000,
      maxRequests: 4_000,
    });
    await sleep(2_000);
    const victim = c.gateways[c.gateways.length - 1];
    if (!victim) throw new Error('no gateway to kill');
    const killAt = Date.now();
    victim.proc.child.kill('SIGKILL');
    log(
      `  kill -9 of gateway ${c.gateways.length} (pid ${victim.proc.child.pid}) with ${clients} clients and ${usersN} users on the front …`,
    );
    const r = await child;
    stop = true;
    const done = await load;
    const seqSql = 'SELECT seq FROM order_event_seq WHERE user_id = $1';
    const dbSeqs = await withDb(c.databaseUrl, (db) =>
      Promise.all(
        users.map(async (u) => Number((await db.query<{ seq: string | number }>(seqSql, [u.user.id]))[0]?.seq ?? 0)),
      ),
    );
    Object.assign(out, {
      connected: r.connected,
      failed: r.failed,
      live: liveAgain(killAt, r.drops),
      gaveUp: r.gaveUp,
      seq: seqAudit(r.users.map((conns, i) => ({ conns, dbSeq: dbSeqs[i] ?? 0 }))),
      submitFailures: done.failures,
      firstFailure: done.firstFailure,
      ...(await auditOrders(c.databaseUrl, done.acked)),
    });
  } catch (err) {
    out.error = (err as Error).message;
  } finally {
    front.kill('SIGTERM');
    out.loadAverage = loadAverage();
  }
  return out;
}

export async function clusterBench(opts: SectionOptions) {
  const clients = opts.quick ? 500 : 1_000;
  const result = {
    instruments: 300,
    hz: 20,
    clientsPerRow: clients,
    rows: [] as ClusterFanoutRow[],
    leader: null as Awaited<ReturnType<typeof leaderFailover>> | null,
    gatewayLoss: null as GatewayLoss | null,
  };
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-bench-cluster-'));
  const procs: RoleProcess[] = [];
  let pgStop: (() => void) | null = null;
  let nats: NatsServer | null = null;
  const stopAll = once(async () => {
    await Promise.all(procs.map((p) => stopChild(p.child, 10_000)));
    await nats?.stop();
    pgStop?.();
    rmSync(dir, { recursive: true, force: true });
  });
  opts.onCleanup(stopAll);
  try {
    opts.log('  starting PostgreSQL, nats-server and two market processes (300 instruments × 20/s) …');
    const pg = await startPostgresCluster();
    pgStop = () => pg.stop();
    nats = await startNatsServer();
    const base = { dir, databaseUrl: pg.adminUrl, nats };
    const first = role(base, 'market');
    procs.push(first);
    await within(first.running, START_MS, 'the first market process');
    const second = role(base, 'market');
    procs.push(second);
    const markets = [first, second];
    const led = new Set<RoleProcess>(); // `running` settles when a market process leads
    for (const m of markets) m.running.then(() => led.add(m)).catch(() => undefined);
    const alive = (p: RoleProcess): boolean => p.child.exitCode === null && p.child.signalCode === null;
    const c: Cluster = { ...base, markets, gateways: [], leader: () => markets.find((m) => led.has(m) && alive(m)) };
    for (const n of GATEWAY_COUNTS) {
      while (c.gateways.length < n) {
        const proc = role(base, 'gateway');
        procs.push(proc);
        c.gateways.push({ proc, url: await within(proc.running, START_MS, `gateway ${c.gateways.length + 1}`) });
      }
      opts.log(`  ${clients} websocket clients over ${n} gateway(s) …`);
      const row = await fanoutRow(c, clients, opts.quick);
      result.rows.push(row);
      opts.log(
        row.error
          ? `  ${n} gateway(s): FAILED ${row.error}`
          : `  ${n} gateway(s): ${row.connected} connected, ${row.msgsPerSec.toFixed(0)} msg/s, tick→client p50/p99 ${row.tickP50 ?? 'n/a'}/${row.tickP99 ?? 'n/a'} ms, ` +
              `gateway CPU ${row.gatewayCpuPct.map((p) => p?.toFixed(0) ?? 'n/a').join('/')} %, market ${row.marketCpuPct?.toFixed(0) ?? 'n/a'} %, ` +
              `NATS ${row.natsCpuPct?.toFixed(0) ?? 'n/a'} %, load generator ${row.loadCpuPct?.map((p) => p ?? 'n/a').join('/') ?? 'n/a'} %, load average ${row.loadAverage.join(' ')}`,
      );
    }
    result.leader = await leaderFailover(c, opts.quick, opts.log);
    const l = result.leader;
    opts.log(
      l.error
        ? `  leader fail-over: FAILED ${l.error}`
        : `  leader fail-over: leads after ${l.leadMs ?? 'n/a'} ms, first tick ${l.firstTickMs ?? 'n/a'} ms, first trigger ${l.firstTriggerMs ?? 'n/a'} ms; ` +
            `${l.acked} acknowledged, ${l.missing} missing, ${l.closedTwice} closed twice, ${l.ledgerViolations} ledger violations`,
    );
    result.gatewayLoss = await gatewayLoss(c, clients, opts.quick, opts.log);
    const g = result.gatewayLoss;
    opts.log(
      g.error
        ? `  gateway loss: FAILED ${g.error}`
        : `  gateway loss: ${g.live.dropped} dropped, ${g.live.recovered} live again (p50/max ${g.live.p50Ms ?? 'n/a'}/${g.live.maxMs ?? 'n/a'} ms); ` +
            `seqs: ${g.seq?.behind ?? 'n/a'} users behind, ${g.seq?.jumps ?? 'n/a'} jumps, ${g.seq?.resyncs ?? 'n/a'} resyncs; ${g.acked} acknowledged, ${g.missing} missing`,
    );
  } finally {
    await stopAll();
  }
  return result;
}
