// Section 4: server fan-out, the server on one core and the load generator on the other; every loop is bounded.
import { startPostgresCluster } from '../../tests/fixtures/postgres-cluster.ts';
import { adminQuery, dbUrl } from '../../tests/server/support/test-db.ts';
import { runJsonChild } from '../lib/json-child.ts';
import {
  once,
  procUsage,
  simEnv,
  withBenchServer,
  type BenchServer,
  type ProcUsage,
  type SectionOptions,
} from '../lib/app-server.ts';
import { percentile, perSecond } from '../lib/stats.ts';
import { valueCounts, type ValueCounts } from '../report/samples.ts';
import { cpuPercent } from '../cluster/cluster-stats.ts';
import type { LoadResult, LoadSpec } from './load-client.ts';
import { apiGet, benchLeverage, call, createBenchSession, demoAccount, marketOrder } from '../render/session.ts';
import { pageCost, type PageCost } from './page-cost.ts';
import type { Instrument } from '../../domain/types.ts';

export type LoadFigures = ReturnType<typeof loadFigures>;

/** A row's figures before its load ran (or when it failed). */
export const NO_LOAD: LoadFigures = {
  connected: 0,
  failed: 0,
  closedDuringWindow: 0,
  windowMs: 0,
  msgsPerSec: 0,
  mbPerSec: 0,
  perClientMsgsPerSecMedian: 0,
  perClientMsgsPerSecMin: 0,
  tickP50: null,
  tickP99: null,
  frameP50: null,
  frameP99: null,
};

export function loadFigures(r: LoadResult) {
  return {
    connected: r.connected,
    failed: r.failed,
    closedDuringWindow: r.closedDuringWindow,
    windowMs: r.windowMs,
    msgsPerSec: perSecond(r.messages, r.windowMs),
    mbPerSec: perSecond(r.bytes, r.windowMs) / (1024 * 1024),
    perClientMsgsPerSecMedian: r.perClientMsgsPerSecMedian,
    perClientMsgsPerSecMin: r.perClientMsgsPerSecMin,
    tickP50: percentile(r.tickLatencyMs, 50),
    tickP99: percentile(r.tickLatencyMs, 99),
    frameP50: percentile(r.frameLatencyMs, 50),
    frameP99: percentile(r.frameLatencyMs, 99),
  };
}

export interface FanoutRow extends LoadFigures {
  clients: number;
  serverCpuPct: number | null;
  serverRssMb: number | null;
  /** serverRssMb − the idle figure (FanoutResult.serverRssIdleMb): what the sockets cost. */
  serverRssAboveIdleMb: number | null;
  connectMs: number;
  error: string | null;
  /** Every probe latency of the window as value counts at 1 ms, for the report's CDFs. */
  tickLatencyCounts?: ValueCounts;
  frameLatencyCounts?: ValueCounts;
}

export type BenchDb = 'pglite' | 'postgres';

export type RestResult = Awaited<ReturnType<typeof restSubmit>>;

export interface FanoutResult {
  instruments: number;
  hz: number;
  serverCpus: string | null;
  clientCpus: string | null;
  rows: FanoutRow[];
  /** One per (database, concurrency) that ran; a failed one is logged and left out. */
  rest: RestResult[];
  /** The lowest RSS while idle (started, seeded, simulating, no client yet): see idleRss. */
  serverRssIdleMb: number | null;
  /** The served page's quotes: what they cost per request (page-cost.ts); absent without a client build. */
  page?: PageCost | null;
}

const MB = 1024 * 1024;
const LOAD_CLIENT = 'bench/fanout/load-client.ts';
const REST_CONCURRENCY = [8, 32] as const;

export interface FanoutOptions extends SectionOptions {
  distDir: string;
  serverCpus: string | null;
  clientCpus: string | null;
}

/** `clients` over `wsUrls` (client k on wsUrls[k mod n]), 20 of them probes; `extraMs` more for a slow connect. */
export function loadSpec(wsUrls: string[], clients: number, quick: boolean, extraMs = 0): LoadSpec {
  const measureMs = quick ? 4_000 : 10_000;
  const deadlineMs = 60_000 + measureMs + extraMs;
  return { wsUrls, clients, probes: 20, connectConcurrency: 100, settleMs: 2_000, measureMs, deadlineMs };
}

/**
 * Runs load-client.ts as its own process, each of `pids` sampled at the window's start and end: per pid, the CPU % of
 * one core over the window and the highest RSS in it.
 */
export async function sampledLoad(spec: LoadSpec, cpus: string | null, pids: readonly number[]) {
  const at: Record<string, { usage: (ProcUsage | null)[]; ms: number }> = {};
  const rssMax = pids.map(() => 0);
  const poll = setInterval(() => {
    if (at['WINDOW_START'] && !at['WINDOW_END'])
      pids.forEach((pid, i) => void (rssMax[i] = Math.max(rssMax[i] ?? 0, procUsage(pid)?.rssBytes ?? 0)));
  }, 250);
  try {
    const mark = (m: string): void => void (at[m] = { usage: pids.map(procUsage), ms: Date.now() });
    const r = await runJsonChild<LoadResult>(LOAD_CLIENT, spec, cpus, ['WINDOW_START', 'WINDOW_END'], mark);
    const [s, e] = [at['WINDOW_START'], at['WINDOW_END']];
    const ms = s && e ? e.ms - s.ms : 0;
    const cpuPct = pids.map((_, i) => cpuPercent(s?.usage[i] ?? null, e?.usage[i] ?? null, ms));
    return { r, cpuPct, rssMaxMb: rssMax.map((b) => (b > 0 ? b / MB : null)) };
  } finally {
    clearInterval(poll);
  }
}

/** Lowest RSS after a full GC: without it the server still held its start-up garbage and read above the loaded one. */
async function idleRss(server: BenchServer, settleMs: number, ms: number): Promise<number | null> {
  await new Promise((r) => setTimeout(r, settleMs));
  server.collectGarbage();
  await new Promise((r) => setTimeout(r, 500));
  let low = Infinity;
  for (const until = Date.now() + ms; Date.now() < until;) {
    low = Math.min(low, server.usage()?.rssBytes ?? Infinity);
    await new Promise((r) => setTimeout(r, 250));
  }
  return Number.isFinite(low) ? low / MB : null;
}

async function fanoutRow(
  server: BenchServer,
  clients: number,
  idleMb: number | null,
  opts: FanoutOptions,
): Promise<FanoutRow> {
  const spec = loadSpec([`${server.url.replace('http', 'ws')}/v1/ws`], clients, opts.quick);
  const row: FanoutRow = {
    clients,
    ...NO_LOAD,
    serverCpuPct: null,
    serverRssMb: null,
    serverRssAboveIdleMb: null,
    connectMs: 0,
    error: null,
  };
  try {
    const { r, cpuPct, rssMaxMb } = await sampledLoad(spec, opts.clientCpus, [server.pid]);
    const rss = rssMaxMb[0] ?? null;
    Object.assign(row, {
      ...loadFigures(r),
      serverCpuPct: cpuPct[0],
      serverRssMb: rss,
      serverRssAboveIdleMb: rss !== null && idleMb !== null ? rss - idleMb : null,
      connectMs: r.connectMs,
      tickLatencyCounts: valueCounts(r.tickLatencyMs, 1),
      frameLatencyCounts: valueCounts(r.frameLatencyMs, 1),
    });
  } catch (err) {
    row.error = (err as Error).message;
  }
  return row;
}

/** Under the open-order cap of 200 per user (docs/security.md), one order being the session's. */
const ORDERS_PER_ACCOUNT = 190;

/** Each in-flight loop is its own demo account, so margin does not run out inside the window. */
export async function restSubmit(baseUrl: string, db: BenchDb, concurrency: number, quick: boolean) {
  const windowMs = quick ? 3_000 : 10_000;
  const maxRequests = quick ? 2_000 : 5_000;
  const session = await createBenchSession(baseUrl);
  const all = await call<Instrument[]>(baseUrl, '/v1/api/forex/trade_list', {}, session.login.token);
  const inst = all.find((i) => i.Id === session.order?.ForexId) ?? session.instrument;
  let accounts = 0;
  const freshToken = async (): Promise<string> =>
    (await demoAccount(baseUrl, `benchrest${++accounts}x${Date.now().toString(36)}`)).token;
  const tokens = [session.login.token];
  while (tokens.length < concurrency) tokens.push(await freshToken());
  const order = marketOrder(inst, benchLeverage(inst, session.terms));
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let firstError = null as string | null; // set inside the workers, where narrowing does not follow
  let issued = 0;
  const started = Date.now();
  const until = started + windowMs;
  const worker = async (first: string): Promise<void> => {
    let token = first;
    let opened = 0;
    while (Date.now() < until && issued < maxRequests) {
      if (opened >= ORDERS_PER_ACCOUNT) {
        token = await freshToken();
        opened = 0;
      }
      issued++;
      const t = performance.now();
      try {
        const r = await apiGet(baseUrl, '/v1/api/forex/submit', { ...order, t: Date.now() }, token);
        latencies.push(performance.now() - t);
        if (r.code === 1) {
          ok++;
          opened++;
        } else {
          failed++;
          firstError ??= `code ${r.code}: ${r.msg}`;
        }
      } catch (err) {
        failed++;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(tokens.map(worker));
  const elapsed = Date.now() - started;
  return {
    db,
    code: inst.Code,
    concurrency,
    requests: ok + failed,
    ok,
    failed,
    firstError,
    windowMs: elapsed,
    reqPerSec: perSecond(ok + failed, elapsed),
    okPerSec: perSecond(ok, elapsed),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const SIM_ENV = simEnv(300);

async function restRows(url: string, db: BenchDb, opts: FanoutOptions, out: RestResult[]): Promise<void> {
  for (const concurrency of REST_CONCURRENCY) {
    opts.log(`  REST order submit on ${db} at concurrency ${concurrency} …`);
    try {
      const r = await restSubmit(url, db, concurrency, opts.quick);
      out.push(r);
      opts.log(
        `  REST ${db} ×${concurrency}: ${r.requests} requests, ${r.ok} ok (${r.okPerSec.toFixed(0)}/s), ${r.reqPerSec.toFixed(0)} req/s, ` +
          `p50/p99 ${r.p50?.toFixed(1)}/${r.p99?.toFixed(1)} ms${r.firstError ? ` (first error: ${r.firstError})` : ''}`,
      );
    } catch (err) {
      opts.log(`  REST ${db} ×${concurrency}: FAILED ${(err as Error).message}`);
    }
  }
}

/** A throwaway PostgreSQL cluster on the load generator's core and a second server on the server's core. */
async function postgresRest(opts: FanoutOptions, out: RestResult[]): Promise<void> {
  opts.log('  starting a throwaway PostgreSQL cluster and a server on it …');
  const cluster = await startPostgresCluster({ cpus: opts.clientCpus });
  const stopCluster = once(async () => cluster.stop());
  opts.onCleanup(stopCluster); // an interrupted run must not leave the cluster behind
  try {
    await adminQuery(cluster.adminUrl, 'CREATE DATABASE tickwise_bench');
    const env = { ...SIM_ENV, DATABASE_URL: dbUrl(cluster.adminUrl, 'tickwise_bench') };
    await withBenchServer({ env, distDir: opts.distDir, cpus: opts.serverCpus }, opts.onCleanup, (server) =>
      restRows(server.url, 'postgres', opts, out),
    );
  } finally {
    await stopCluster();
  }
}

export async function fanoutBench(opts: FanoutOptions): Promise<FanoutResult> {
  const instruments = Number(SIM_ENV.SIM_INSTRUMENTS);
  const hz = Number(SIM_ENV.SIM_HZ);
  opts.log(`starting the server for the fan-out (SIM_INSTRUMENTS=${instruments} SIM_HZ=${hz}) …`);
  const served = { env: SIM_ENV, distDir: opts.distDir, cpus: opts.serverCpus };
  const result = await withBenchServer(served, opts.onCleanup, async (server) => {
    const idleMb = await idleRss(server, opts.quick ? 3_000 : 5_000, opts.quick ? 3_000 : 5_000);
    opts.log(`  idle server RSS ${idleMb?.toFixed(0) ?? 'n/a'} MB (lowest sample)`);
    const result: FanoutResult = {
      instruments,
      hz,
      serverCpus: opts.serverCpus,
      clientCpus: opts.clientCpus,
      rows: [],
      rest: [],
      serverRssIdleMb: idleMb,
    };
    opts.log('  the served page with its quotes against the plain file …');
    result.page = await pageCost(server, opts.distDir, opts.quick, opts.log);
    // Quick runs measure both socket counts too: the target is set on the 2,000 row.
    for (const n of [1000, 2000]) {
      opts.log(`  ${n} websocket clients on DAY_MARKET …`);
      const row = await fanoutRow(server, n, idleMb, opts);
      result.rows.push(row);
      opts.log(
        row.error
          ? `  ${n} clients: FAILED ${row.error}`
          : `  ${n} clients: ${row.connected} connected, ${row.msgsPerSec.toFixed(0)} msg/s (${row.mbPerSec.toFixed(1)} MB/s), ` +
              `tick→client p50/p99 ${row.tickP50 ?? 'n/a'}/${row.tickP99 ?? 'n/a'} ms, server CPU ${row.serverCpuPct?.toFixed(0) ?? 'n/a'} %, ` +
              `RSS ${row.serverRssMb?.toFixed(0) ?? 'n/a'} MB (+${row.serverRssAboveIdleMb?.toFixed(0) ?? 'n/a'} over idle)`,
      );
    }
    await restRows(server.url, 'pglite', opts, result.rest);
    return result;
  });
  try {
    await postgresRest(opts, result.rest);
  } catch (err) {
    opts.log(`  REST on PostgreSQL: FAILED ${(err as Error).message}`);
  }
  return result;
}
