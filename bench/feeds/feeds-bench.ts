// The `feeds` section: the market writer on the stand-in LP (tests/fixtures/fix-lp.ts): CPU, latency, fail-over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { StandInLp } from '../../tests/fixtures/fix-lp.ts';
import { freePort } from '../../tests/fixtures/free-port.ts';
import { withBenchServer, type BenchServer, type SectionOptions } from '../lib/app-server.ts';
import { syntheticBasePrice as basePrice } from '../lib/synthetic-catalogue.ts';
import { percentile } from '../lib/stats.ts';
import { FAILOVER_STALE_MS, lpSymbol } from './bench-mapping.ts';

/** Ticks/s as the writer counts them over the window; the CPU is the server process's user + system. */
export type FeedsRow = Awaited<ReturnType<typeof measure>> & { error?: string };

export interface FeedsResult {
  rows: FeedsRow[];
  latency: { symbols: number; samples: number; p50: number | null; p99: number | null } | null;
  failover: { staleMs: number; silenceToBackupMs: number | null; afterStaleMs: number | null } | null;
}

export interface FeedsOptions extends SectionOptions {
  distDir: string;
  serverCpus: string | null;
}

const HZ = 20;
const OPS_TOKEN = 'feeds-bench-ops-token-0123456789abcdef';
const PROBE = 'S0001';
const PROBE_CODE = 'SYN0001';

async function ops(server: BenchServer, name: string, body: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${server.url}/api/ops/run/${name}`, {
    method: 'POST',
    headers: { lang: 'en', 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
    body: JSON.stringify(body),
  });
  const r = (await res.json()) as { code: number; msg: string; data: unknown };
  if (r.code !== 1) throw new Error(`ops ${name}: ${r.msg}`);
  return r.data;
}

async function waitFor(cond: () => boolean, what: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** After a warm-up, `source`'s row over the window. */
async function measure(server: BenchServer, source: 'fix' | 'simulator', symbols: number, quick: boolean) {
  await sleep(quick ? 2000 : 5000);
  const windowMs = quick ? 5000 : 15_000;
  const c0 = server.usage()?.cpuSeconds ?? NaN;
  const w0 = Date.now();
  const rates: number[] = [];
  while (Date.now() - w0 < windowMs) {
    await sleep(1000);
    // Counted after the writer's checks (`npm run ops -- feeds`).
    const rows = (await ops(server, 'feeds', {})) as Array<{ source: string; ticks_per_s: number }>;
    rates.push(Number(rows.find((r) => r.source === source)?.ticks_per_s ?? 0));
  }
  const c1 = server.usage()?.cpuSeconds ?? NaN;
  const w1 = Date.now();
  const ticksPerSec = rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length);
  const corePct = ((c1 - c0) * 1000 * 100) / (w1 - w0);
  const cpuMsPer1000 = ticksPerSec > 0 ? (corePct * 10) / (ticksPerSec / 1000) : NaN;
  return { source, symbols, hz: HZ, ticksPerSec, cpuMsPer1000, corePct };
}

/** Every 50 ms one incremental refresh per 100 symbols, prices wandering ±0.5 %. */
function startLoad(lp: StandInLp, symbols: number, skipProbe: boolean): () => void {
  let step = 0;
  const timer = setInterval(() => {
    step++;
    for (let from = 1; from <= symbols; from += 100) {
      const batch: Array<[string, string, string]> = [];
      for (let n = from; n < Math.min(from + 100, symbols + 1); n++) {
        if (skipProbe && n === 1) continue;
        const bid = basePrice(n) * (1 + 0.005 * Math.sin((step + n) / 17));
        batch.push([lpSymbol(n), bid.toFixed(4), (bid + 0.0002).toFixed(4)]);
      }
      if (batch.length > 0) lp.quotes(batch);
    }
  }, 1000 / HZ);
  return () => clearInterval(timer);
}

function withServer<T>(opts: FeedsOptions, env: Record<string, string>, fn: (s: BenchServer) => Promise<T>) {
  const served = { env: { OPS_TOKEN, ...env }, distDir: opts.distDir, cpus: opts.serverCpus };
  return withBenchServer(served, opts.onCleanup, fn);
}

async function watchCode(
  server: BenchServer,
  code: string,
  on: (close: string, at: number) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/v1/ws`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (data: Buffer) => {
    const at = performance.now();
    const m = JSON.parse(data.toString('utf8')) as { type: string; data?: unknown };
    if (m.type !== 'DAY_MARKET' || !Array.isArray(m.data)) return;
    for (const t of m.data as Array<[string, string]>) if (t[0] === code) on(t[1], at);
  });
  ws.send(JSON.stringify({ type: 'codes', codes: [code] }));
  ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
  return ws;
}

async function fixRun(opts: FeedsOptions, symbols: number, probe: boolean, result: FeedsResult): Promise<FeedsRow> {
  const port = await freePort();
  const lp = new StandInLp({ port });
  await lp.start();
  const store = mkdtempSync(join(tmpdir(), 'feeds-bench-fix-'));
  try {
    const env = {
      PRICE_SOURCES: 'fix,simulator',
      SIM_INSTRUMENTS: String(symbols),
      SIM_HZ: '1',
      FIX_HOST: '127.0.0.1',
      FIX_PORT: String(port),
      FIX_SENDER_COMP_ID: 'TICKWISE',
      FIX_TARGET_COMP_ID: 'STANDIN-LP',
      FIX_PASSWORD: 'secret',
      FIX_STORE_DIR: store,
      FIX_RESET_ON_LOGON: '1',
      FEEDS_BENCH_MAP: String(symbols),
    };
    return await withServer(opts, env, async (server) => {
      await waitFor(() => lp.isLoggedOn, 'the FIX logon', 30_000);
      await waitFor(() => lp.symbols.length === symbols, 'the MarketDataRequests', 60_000);
      const stop = startLoad(lp, symbols, probe);
      try {
        const row = await measure(server, 'fix', symbols, opts.quick);
        if (probe) await probeRuns(opts, server, lp, result);
        return row;
      } finally {
        stop();
      }
    });
  } finally {
    await lp.stop();
    rmSync(store, { recursive: true, force: true });
  }
}

async function probeRuns(opts: FeedsOptions, server: BenchServer, lp: StandInLp, result: FeedsResult): Promise<void> {
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let backupAt: number | null = null;
  let silentSince: number | null = null;
  /** A frame with another price is the backup's (a stale flag repeats this one). */
  const lastMid = (basePrice(1) + 0.0001).toFixed(4);
  const ws = await watchCode(server, PROBE_CODE, (close, at) => {
    const t = sent.get(close);
    if (t !== undefined) {
      latencies.push(at - t);
      sent.delete(close);
    } else if (silentSince !== null && backupAt === null && close !== lastMid) backupAt = at;
  });
  try {
    const samples = opts.quick ? 30 : 150;
    for (let k = 0; k < samples; k++) {
      // Distinct mids within 0.2 % of the base: never a spike, each recognisable at the client.
      const bid = (basePrice(1) + (k % 200) * 0.001).toFixed(4);
      const ask = (Number(bid) + 0.0002).toFixed(4);
      const mid = (Number(bid) + 0.0001).toFixed(4);
      sent.set(mid, performance.now());
      lp.quote(PROBE, bid, ask);
      await sleep(100);
      sent.clear();
    }
    result.latency = {
      symbols: lp.symbols.length,
      samples: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
    lp.quote(PROBE, basePrice(1).toFixed(4), (basePrice(1) + 0.0002).toFixed(4));
    silentSince = performance.now();
    await waitFor(() => backupAt !== null, "the backup's first price", 15_000).catch(() => undefined);
    const at: number | null = backupAt;
    const ms = at === null ? null : at - silentSince;
    result.failover = {
      staleMs: FAILOVER_STALE_MS,
      silenceToBackupMs: ms,
      afterStaleMs: ms === null ? null : ms - FAILOVER_STALE_MS,
    };
  } finally {
    ws.close();
  }
}

export async function feedsBench(opts: FeedsOptions): Promise<FeedsResult> {
  const result: FeedsResult = { rows: [], latency: null, failover: null };
  const sizes = [300, 2000];
  for (const symbols of sizes) {
    for (const source of ['fix', 'simulator'] as const) {
      opts.log(`feeds: ${source}, ${symbols} symbols × ${HZ}/s …`);
      try {
        result.rows.push(
          source === 'fix'
            ? await fixRun(opts, symbols, symbols === sizes[0], result)
            : await withServer(opts, { SIM_INSTRUMENTS: String(symbols), SIM_HZ: String(HZ) }, (server) =>
                measure(server, 'simulator', symbols, opts.quick),
              ),
        );
      } catch (err) {
        const none = { ticksPerSec: NaN, cpuMsPer1000: NaN, corePct: NaN };
        result.rows.push({ source, symbols, hz: HZ, ...none, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return result;
}
