// `npm run bench [-- --quick]`: runs the sections, writes the results and fails on a regression; see bench/README.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, SECTIONS, USAGE, type BenchArgs, type Section } from './lib/args.ts';
import { BENCH_TMP, DIST_PROBE, DIST_PROD, ensureBuilds } from './lib/client-build.ts';
import { compareFigures, type Baseline, type Figures } from './lib/figures.ts';
import { loadAverage, machineFacts } from './lib/machine.ts';
import { changeTable, otherTables, renderTables, targetTable } from './lib/print.ts';
import { figuresOf, targetsOf, type Sections } from './lib/report.ts';
import { verdictCounts } from './lib/targets.ts';
import { bundleReport } from './startup/bundle.ts';
import {
  calibratedSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  medianRun,
  needsAnotherRun,
  TARGET_BENCHMARK_INDEX,
  type LighthouseRun,
} from './startup/lighthouse-runs.ts';
import { lighthouseAvailable, runLighthouse } from './startup/lighthouse.ts';
import { pinnedCommand, SIM_SEED, withBenchServer } from './lib/app-server.ts';
import { errorText } from './lib/json-child.ts';
import { renderBench } from './render/render-bench.ts';
import { fanoutBench } from './fanout/fanout.ts';
import { clusterBench } from './cluster/cluster-bench.ts';
import { feedsBench } from './feeds/feeds-bench.ts';
import { interactionsBench } from './interactions/interactions-bench.ts';
import type { MicroResult } from './micro/hot-paths.ts';
import type { EngineBenchRow } from './engine/engine-bench.ts';
import { renderCases } from './render/cases.ts';
import { benchPlan, NO_BUILD, Progress } from './report/progress.ts';
import type { CopyBenchResult } from './copy/copy-bench.ts';
import { writeCompare, writeReport, writeResults } from './report/write.ts';

const log = (s: string): void => void process.stderr.write(`${s}\n`);
const RESULTS = 'bench/results';
const BASELINE = 'bench/baseline.json';

const cleanups: (() => Promise<void>)[] = [];
const onCleanup = (fn: () => Promise<void>): void => void cleanups.push(fn);
let interrupted = false;
async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    log(`\n${sig}: stopping the servers and the browser …`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function stampOf(d: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Partial runs (--only, --cases) go to bench/results/tmp/partial/ so git keeps complete runs only. */
function resultPath(stamp: string, profile: string, complete: boolean, clusterOnly: boolean): string {
  const dir = complete ? RESULTS : join(BENCH_TMP, 'partial');
  const name = clusterOnly ? `${stamp}-${profile}-cluster` : `${stamp}-${profile}`;
  mkdirSync(dir, { recursive: true });
  let path = join(dir, `${name}.json`);
  for (let i = 2; existsSync(path); i++) path = join(dir, `${name}-${i}.json`);
  return path;
}

/** A target's id starts with its section's name; the fan-out's with "server", the render goals' with their own. */
function sectionOfTarget(id: string): Section {
  const head = id.split('.')[0] ?? '';
  if (head === 'server') return 'fanout';
  return SECTIONS.find((s) => s === head) ?? 'render';
}

/** True when the args asked only for files from earlier runs. */
function offline(args: BenchArgs): boolean {
  if (args.compare) {
    const [a, b] = args.compare;
    const { table, html } = writeCompare(a, b, join(BENCH_TMP, 'compare'));
    process.stdout.write(`${table}\n\nPlots: ${html}\n`);
    return true;
  }
  if (args.reportFrom) {
    process.stdout.write(`Report: ${writeReport(args.reportFrom)}\n`);
    return true;
  }
  return false;
}

/**
 * A section in its own process (jsonMain): its result is the one JSON line on stdout. `long`: the copy bench, which
 * may take 30 minutes and shows its progress on stderr.
 */
function runPinned<T>(script: string, what: string, args: BenchArgs, cpus: string | null, long = false): T {
  const node = [process.execPath, '--import', 'tsx', script, ...(args.quick ? ['--quick'] : [])];
  const r = spawnSync(...pinnedCommand(cpus, node), {
    encoding: 'utf8',
    timeout: long ? 1_800_000 : 900_000,
    maxBuffer: 8 * 1024 * 1024,
    stdio: ['ignore', 'pipe', long ? 'inherit' : 'pipe'],
  });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status ?? r.signal}): ${(r.stderr ?? '').slice(-500)}`);
  return JSON.parse(r.stdout.trim()) as T;
}

async function lighthouseSection(distDir: string, cpus: Record<'server' | 'browser', string | null>, quick: boolean) {
  if (!lighthouseAvailable()) {
    log('Lighthouse is not installed (npm i -D -E lighthouse@12): skipped');
    return [];
  }
  log('starting the server for Lighthouse (the catalogue only, production build) …');
  return withBenchServer({ env: { SIM_SEED }, distDir, cpus: cpus.server }, onCleanup, async (server) => {
    const runs: LighthouseRun[] = [];
    // The full run keeps the median score of several audits, retrying while the closest three lie far apart.
    const pages: [string, string][] = [['/', 'root'], ...(quick ? [] : [['/#/trade', 'trade'] as [string, string]])];
    for (const [path, name] of pages) {
      const audit = (run: string, slowdown?: number): Promise<LighthouseRun> =>
        runLighthouse(`${server.url}${path}`, join(BENCH_TMP, 'lighthouse'), `${name}-${run}`, cpus.browser, slowdown);
      // The default 4× also measures the host, so the runs that count emulate the same phone on every host.
      log(`  Lighthouse ${path} (default ${DEFAULT_CPU_SLOWDOWN}×, measures the host) …`);
      const plain = await audit('default');
      const slowdown = calibratedSlowdown(plain.benchmarkIndex);
      log(
        `  ${path} uncalibrated: performance ${plain.performance ?? 'n/a'}, TBT ${plain.tbtMs === null ? 'n/a' : Math.round(plain.tbtMs)} ms (by main-thread CPU ${typeof plain.cpuTbtMs === 'number' ? Math.round(plain.cpuTbtMs) : 'n/a'}); host benchmark index ${plain.benchmarkIndex ?? 'n/a'} → ${slowdown}× (target ${TARGET_BENCHMARK_INDEX})`,
      );
      const tries: LighthouseRun[] = [];
      for (let i = 1; quick ? i === 1 : needsAnotherRun(tries); i++) {
        log(`  Lighthouse ${path} (run ${i}, ${slowdown}×) …`);
        const r = await audit(String(i), slowdown);
        tries.push(r);
        log(
          r.error
            ? `  ${path}: ${r.error}`
            : `  ${path}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, host benchmark index ${r.benchmarkIndex ?? 'n/a'}, load ${r.loadAverage ?? 'n/a'}`,
        );
      }
      const median = medianRun(tries);
      if (median.spreadReason)
        log(`  ${path}: runs ${median.spread} points apart after ${tries.length} — ${median.spreadReason}`);
      const { performance, tbtMs, cpuTbtMs = null, benchmarkIndex = null } = plain;
      runs.push({ ...median, uncalibrated: { performance, tbtMs, cpuTbtMs, benchmarkIndex } });
    }
    return runs;
  });
}

async function main(args: BenchArgs): Promise<number> {
  const profile = args.quick ? 'quick' : 'full';
  const started = new Date();
  const stamp = stampOf(started);
  const machine = machineFacts();
  const pin = args.pin && machine.cores >= 2;
  const cpus = { browser: pin ? '0' : null, server: pin ? '1' : null };
  log(
    `Tickwise bench (${profile}) on ${machine.cpuModel} × ${machine.cores}, load average ${machine.loadAverageAtStart.join(' ')}`,
  );
  if (!args.pin) log('not pinned (--no-pin): the worker gets a free core, so the A/B flatters the worker');

  mkdirSync(RESULTS, { recursive: true });
  const plannedCases = renderCases(profile)
    .filter((c) => !args.cases || args.cases.includes(c.id))
    .map((c) => (args.renderQuick ? { ...c, modes: c.modes.filter((m) => m !== 'main') } : c));
  const progress = new Progress(benchPlan(args.sections, profile, plannedCases), () => Date.now());
  // The fan-out serves no page, so `--only=fanout` needs no client build: two vite builds would cost minutes of CPU on
  // a shared machine, and the server falls back to public/.
  if (args.sections.some((s) => !NO_BUILD.has(s))) {
    log(progress.begin('build', 'client builds'));
    ensureBuilds(log);
  }
  progress.endSection('build');
  const sections: Sections = Object.fromEntries(SECTIONS.map((s) => [s, null])) as Record<Section, null>;
  const failures: string[] = [];
  /** A failure is recorded and the run goes on. */
  const section = async <K extends Section>(name: K, fn: () => Sections[K] | Promise<Sections[K]>): Promise<void> => {
    if (!args.sections.includes(name)) return;
    const t = Date.now();
    if (name !== 'render') log(progress.begin(name, name)); // the render section reports each of its runs
    try {
      sections[name] = await fn();
    } catch (err) {
      failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      log(`${name} FAILED: ${errorText(err)}`);
    } finally {
      await cleanUp();
      progress.endSection(name);
      log(`${name}: ${((Date.now() - t) / 1000).toFixed(0)} s`);
    }
  };
  const ctx = { quick: args.quick, log, onCleanup, browserCpus: cpus.browser, serverCpus: cpus.server };

  await section('bundle', () => bundleReport(DIST_PROD));
  await section('micro', () => {
    log('worker hot paths (tinybench) …');
    return runPinned<MicroResult[]>('bench/micro/hot-paths.ts', 'micro-benchmarks', args, cpus.browser);
  });
  await section('render', () =>
    renderBench({
      ...ctx,
      profile,
      distDir: DIST_PROBE,
      only: args.cases,
      modes: args.renderQuick ? ['worker', 'floor'] : undefined,
      traceDir: join(BENCH_TMP, 'traces'),
      stamp: `${stamp}-${profile}`,
      progress: (label) => log(progress.begin('render', label)),
    }),
  );
  await section('interactions', () => interactionsBench({ ...ctx, only: args.cases, distDir: DIST_PROBE }));
  await section('lighthouse', () => lighthouseSection(DIST_PROD, cpus, args.quick));
  await section('fanout', () => fanoutBench({ ...ctx, distDir: DIST_PROD, clientCpus: cpus.browser }));
  await section('engine', () => {
    log('order engine in memory (1,000 / 10,000 / 100,000 open orders) …');
    return runPinned<EngineBenchRow[]>('bench/engine/engine-bench.ts', 'engine bench', args, cpus.server);
  });
  await section('feeds', () => feedsBench({ ...ctx, distDir: DIST_PROD }));
  await section('cluster', () => clusterBench(ctx));
  await section('copy', () => {
    log("copy trading: a provider's fill mirrored to 10 / 200 / 1,000 / 10,000 followers …");
    // Seeding 10,000 copies through the real start takes minutes on a loaded machine.
    return runPinned<CopyBenchResult>('bench/copy/copy-bench.ts', 'copy bench', args, cpus.server, true);
  });

  machine.loadAverageAtEnd = loadAverage();
  const figures = figuresOf(sections);
  const targets = targetsOf(sections).filter((t) => args.sections.includes(sectionOfTarget(t.id)));
  const complete = args.sections.length === SECTIONS.length && args.cases === null;
  const baseline: Baseline = existsSync(BASELINE)
    ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline)
    : { profiles: {} };
  const base: Figures | null = baseline.profiles[profile]?.figures ?? null;
  const comparison = base ? compareFigures(base, figures) : null;

  const traces = sections.render?.profileTraces ?? [];
  const trace = traces.find((t) => t.includes('-trade-worker')) ?? traces[0] ?? null;
  const path = resultPath(stamp, profile, complete, args.sections.length === 1 && args.sections[0] === 'cluster');
  const finished = new Date();
  const command = `npm run bench${args.quick ? ' -- --quick' : ''}`;
  const output = {
    profile,
    command,
    args,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationSeconds: Math.round((finished.getTime() - started.getTime()) / 1000),
    machine,
    trace,
    failures,
    targets,
    figures,
    comparison: comparison ? { baselineAcceptedAt: baseline.profiles[profile]?.acceptedAt, ...comparison } : null,
    sections,
  };
  const whole = writeResults(path, output, complete);
  let report: string | null = null;
  if (profile === 'full' || args.report) {
    try {
      report = writeReport(whole);
    } catch (err) {
      log(`the HTML report failed: ${errorText(err)}`);
    }
  }

  process.stdout.write(
    `\n${'═'.repeat(100)}\nTickwise bench — ${profile} — ${finished.toISOString()} — ${output.durationSeconds} s\n`,
  );
  process.stdout.write(`${renderTables(sections, base)}\n${otherTables(sections, base)}\n`);
  const counts = verdictCounts(targets);
  process.stdout.write(
    `\n▶ Targets (issue "Render benchmark"): ${counts.met} met, ${counts.missed} missed, ${counts['n/a']} n/a\n${targetTable(targets)}\n`,
  );
  process.stdout.write(
    `\nResults: ${path}${whole === path ? '' : ` (the summary git keeps; the whole run: ${whole})`}${report ? `\nReport: ${report} (open it in a browser; no server needed)` : ''}${trace ? `\nProfile trace: ${trace} (open in chrome://tracing or DevTools Performance)` : ''}\n`,
  );
  if (failures.length) process.stdout.write(`\nSections that failed:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);

  let exitCode = failures.length ? 2 : 0;
  if (comparison) {
    process.stdout.write(
      `\n▶ Against the ${profile} baseline of ${baseline.profiles[profile]?.acceptedAt ?? '?'}\n${changeTable(comparison.changes, comparison.missing)}\n`,
    );
    if (comparison.changes.some((c) => c.regression) && args.failOnRegression) exitCode = Math.max(exitCode, 1);
  } else {
    process.stdout.write(
      `\nNo ${profile} baseline yet: \`${command}${args.quick ? '' : ' --'} --update-baseline\` accepts these figures.\n`,
    );
  }
  if (args.updateBaseline) {
    // A partial run only replaces the figures it measured.
    const kept = complete ? {} : (baseline.profiles[profile]?.figures ?? {});
    baseline.profiles[profile] = { acceptedAt: finished.toISOString(), command, figures: { ...kept, ...figures } };
    writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 1)}\n`);
    process.stdout.write(`Baseline for ${profile} updated (${Object.keys(figures).length} figures).\n`);
    exitCode = failures.length ? 2 : 0;
  }
  return exitCode;
}

let parsed: BenchArgs;
try {
  parsed = parseArgs(process.argv.slice(2));
} catch (err) {
  log((err as Error).message);
  process.exit(64);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
try {
  if (offline(parsed)) process.exit(0);
} catch (err) {
  log(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
main(parsed).then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (err: unknown) => {
    log(`bench failed: ${errorText(err)}`);
    await cleanUp();
    process.exit(2);
  },
);
