// Turns the sections' results into flat figures (compared with the baseline) and the target checks.
import type { InteractionsResult } from '../interactions/interactions-bench.ts';
import type { FanoutResult, FanoutRow } from '../fanout/fanout.ts';
import type { MicroResult } from '../micro/hot-paths.ts';
import type { EngineBenchRow } from '../engine/engine-bench.ts';
import type { ClusterResult } from '../cluster/cluster-bench.ts';
import { clusterFigures, clusterTargets } from '../cluster/cluster-report.ts';
import type { FeedsResult } from '../feeds/feeds-bench.ts';
import { feedsFigures, feedsTargets } from '../feeds/feeds-report.ts';
import { interactionsFigures, interactionsTargets } from '../interactions/interactions-report.ts';
import type { CopyBenchResult } from '../copy/copy-bench.ts';
import { copyFigures, copyTargets } from '../copy/copy-report.ts';
import type { ScreenSummary } from '../render/aggregate.ts';
import { METRICS } from '../render/metrics.ts';
import type { RenderResult } from '../render/render-bench.ts';
import type { BundleReport } from '../startup/bundle.ts';
import type { LighthouseRun } from '../startup/lighthouse-runs.ts';
import { figure, TOL, type Figures } from './figures.ts';
import { check, checksOf, type TargetCheck } from './targets.ts';
import { crossCheckGoals, lighthouseGoals } from './cross-check-goals.ts';
import { perUpdateGoals, workerVsMainGoals } from './render-goals.ts';

export interface Sections {
  render: RenderResult | null;
  micro: MicroResult[] | null;
  bundle: BundleReport | null;
  lighthouse: LighthouseRun[] | null;
  fanout: FanoutResult | null;
  /** This and the sections below are absent in results written before they existed. */
  engine?: EngineBenchRow[] | null;
  cluster?: ClusterResult | null;
  feeds?: FeedsResult | null;
  interactions?: InteractionsResult | null;
  copy?: CopyBenchResult | null;
}

const KB = 1024;

export function figuresOf(s: Sections): Figures {
  const f: Figures = {};
  for (const sum of s.render?.summaries ?? []) {
    const base = `render.${sum.caseId}.${sum.screen}`;
    for (const def of METRICS) {
      for (const mode of ['worker', 'main'] as const) {
        const v = sum[mode][def.key]?.median ?? null;
        f[`${base}.${mode}.${def.key}`] = figure(v, def.unit, def.better, def.tol);
      }
      const r = sum.ratio[def.key]?.median;
      if (def.ratio && r !== undefined && r !== null && Number.isFinite(r))
        f[`${base}.ratio.${def.key}`] = figure(r, '×', 'lower', TOL.ratio);
    }
  }
  for (const m of s.micro ?? []) f[`micro.${m.name}`] = figure(m.nsPerUnit, `ns/${m.unit}`, 'lower', TOL.microNs);
  const b = s.bundle;
  if (b) {
    f['bundle.firstScreen.jsGzipKb'] = figure(b.firstScreen.jsGzip / KB, 'KB', 'lower', TOL.bundleKb);
    f['bundle.firstScreen.jsBrotliKb'] = figure(b.firstScreen.jsBrotli / KB, 'KB', 'lower', TOL.bundleKb);
    f['bundle.firstScreen.cssGzipKb'] = figure(b.firstScreen.cssGzip / KB, 'KB', 'lower', TOL.bundleKb);
    if (b.worker) f['bundle.worker.gzipKb'] = figure(b.worker.gzip / KB, 'KB', 'lower', TOL.bundleKb);
    for (const [page, set] of Object.entries(b.routes))
      f[`bundle.route.${page}.jsGzipKb`] = figure(set.jsGzip / KB, 'KB', 'lower', TOL.bundleKb);
    f['bundle.allJs.gzipKb'] = figure(b.allJs.gzip / KB, 'KB', 'lower', TOL.bundleKb);
  }
  for (const lh of s.lighthouse ?? []) {
    const k = `lighthouse.${new URL(lh.url).hash || '/'}`;
    // At Lighthouse's default 4× in every run, so runs compare like with like; the host-calibrated score beside it.
    const plain = lh.uncalibrated;
    f[`${k}.performance`] = figure(plain ? plain.performance : lh.performance, 'score', 'higher', TOL.score);
    if (plain) f[`${k}.performanceCalibrated`] = figure(lh.performance, 'score', 'higher', TOL.score);
    f[`${k}.tbtCpuMs`] = figure((plain ?? lh).cpuTbtMs ?? null, 'ms', 'lower', TOL.blockingMs);
    f[`${k}.accessibility`] = figure(lh.accessibility, 'score', 'higher', TOL.score);
    f[`${k}.bestPractices`] = figure(lh.bestPractices, 'score', 'higher', TOL.score);
  }
  for (const row of s.fanout?.rows ?? []) {
    if (row.error) continue;
    const k = `fanout.${row.clients}`;
    f[`${k}.msgsPerSec`] = figure(row.msgsPerSec, '/s', 'higher', TOL.throughput);
    f[`${k}.tickP99`] = figure(row.tickP99, 'ms', 'lower', TOL.serverLatencyMs);
    f[`${k}.frameP99`] = figure(row.frameP99, 'ms', 'lower', TOL.serverLatencyMs);
    f[`${k}.serverRssMb`] = figure(row.serverRssMb, 'MB', 'lower', TOL.rssMb);
    f[`${k}.serverRssAboveIdleMb`] = figure(row.serverRssAboveIdleMb, 'MB', 'lower', TOL.rssMb);
  }
  if (s.fanout) f['fanout.serverRssIdleMb'] = figure(s.fanout.serverRssIdleMb, 'MB', 'lower', TOL.rssMb);
  for (const rest of s.fanout?.rest ?? []) {
    if (rest.ok === 0) continue;
    const k = `rest.submit.${rest.db}.c${rest.concurrency}`;
    f[`${k}.okPerSec`] = figure(rest.okPerSec, '/s', 'higher', TOL.throughput);
    f[`${k}.p99`] = figure(rest.p99, 'ms', 'lower', TOL.serverLatencyMs);
  }
  for (const r of s.engine ?? []) {
    const k = engineKey(r);
    f[`${k}.ticksPerSec`] = figure(r.ticksPerSec, '/s', 'higher', TOL.throughput);
    f[`${k}.cpuUsPerTick`] = figure(r.cpuUsPerTick, 'µs', 'lower', TOL.microNs);
    if (r.tickPathUs !== undefined) f[`${k}.tickPathUs`] = figure(r.tickPathUs, 'µs', 'lower', TOL.microNs);
    if (r.indexUs !== undefined) f[`${k}.indexUs`] = figure(r.indexUs, 'µs', 'lower', TOL.microNs);
  }
  Object.assign(f, clusterFigures(s.cluster), feedsFigures(s.feeds));
  Object.assign(f, interactionsFigures(s.interactions), copyFigures(s.copy));
  return f;
}

export function engineKey(r: Pick<EngineBenchRow, 'index' | 'orders' | 'users'>): string {
  const base = `engine.${r.index}.${r.orders}`;
  return r.users * 10 === r.orders ? base : `${base}.u${r.users}`;
}

export function targetsOf(s: Sections): TargetCheck[] {
  const out: TargetCheck[] = [];
  const of = (caseId: string, name: string): ScreenSummary | undefined =>
    s.render?.summaries.find((x) => x.caseId === caseId && x.screen === name);
  for (const name of ['market', 'trade']) {
    const w = of('phone-6x', name)?.worker;
    const c = checksOf(`phone.${name}`, `phone 6× ${name}`);
    out.push(
      // Read from the trace with the rAF probe off: the probe's own loop adds long tasks on a 6× page.
      c('longTasks', 'zero long tasks (trace, probe off)', w?.traceLongTasksQuiet?.median, '<= 0'),
      c('rafP95', 'rAF p95 (probe on)', w?.rafP95?.median, '<= 17.5 ms'),
      c('rafP99', 'rAF p99 (probe on)', w?.rafP99?.median, '<= 33 ms', twoFrames(w?.rafP99?.median)),
      c('tapP98', 'tap p98', w?.tapP98?.median, '<= 100 ms'),
      c('msgsPerFrame', 'worker→main messages per frame (worst run)', w?.maxMsgsPerFrame?.max, '<= 1'),
      c('msgKb', 'largest worker→main message (worst run)', w?.maxMsgKb?.max, '<= 10 KB'),
    );
  }
  out.push(...workerVsMainGoals(of), ...perUpdateGoals(of, s.render), ...crossCheckGoals(of));
  const desk = checksOf('desktop', 'desktop 1× 5,000 × 20/s');
  const deskWorker = of('desktop-1x-5k', 'desk')?.worker;
  out.push(
    desk('longTasks', 'zero long tasks', deskWorker?.longTasks?.median, '<= 0'),
    desk('rafP99', 'rAF p99', deskWorker?.rafP99?.median, '<= 20 ms'),
  );
  const b = s.bundle;
  // The goal (bench/README.md "The first screen's bytes"): the libraries as shipped, no fork of their builds.
  out.push(check('bundle.firstScreen', 'first screen JS (gzip)', b ? b.firstScreen.jsGzip / KB : null, '<= 110 KB'));
  out.push(...lighthouseGoals(s.lighthouse ?? []));
  const server = checksOf('server', 'server');
  const row = (n: number): FanoutRow | undefined => s.fanout?.rows.find((r) => r.clients === n && !r.error);
  out.push(
    server('2000.tickP99', '2,000 sockets tick-to-client p99', row(2000)?.tickP99, '<= 100 ms'),
    server('1000.rssAboveIdle', '1,000 sockets RSS above idle', row(1000)?.serverRssAboveIdleMb, '<= 150 MB'),
  );
  // The goal is set on PostgreSQL; each concurrency is checked on its own (both figures must hold in the same run).
  for (const r of s.fanout?.rest.filter((x) => x.db === 'postgres') ?? []) {
    const id = `server.submit.postgres.c${r.concurrency}`;
    const p = `server: order submit on PostgreSQL ×${r.concurrency}`;
    out.push(
      check(`${id}.okPerSec`, `${p}, accepted`, r.ok > 0 ? r.okPerSec : null, '>= 500 /s', r.firstError),
      check(`${id}.p99`, `${p}, p99`, r.p99, '<= 100 ms'),
    );
  }
  // 10,000 open orders at 2,000 ticks/s within 20 % of one core (CPU per tick × 2,000).
  const e10k = s.engine?.find((r) => r.index === 'tick' && r.orders === 10000);
  const engine = 'engine: 10,000 open orders at 2,000 ticks/s, share of one core';
  out.push(check('engine.10000.coreAt2000', engine, e10k?.coreAt2000Pct, '<= 20 %'), ...clusterTargets(s.cluster));
  out.push(...feedsTargets(s.feeds), ...interactionsTargets(s.interactions), ...copyTargets(s.copy));
  return out;
}

/** Two whole 60 Hz frame periods read just over 33 ms: the check stays literal and the note says what a miss is. */
function twoFrames(v: number | null | undefined): string | null {
  return v !== null && v !== undefined && v > 33 && v < 34
    ? 'two frame periods (one dropped frame); 33 ms as written is below two periods'
    : null;
}
