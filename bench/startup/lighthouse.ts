// Section 3b: Lighthouse on `/` and `/trade` through its CLI; Lighthouse missing or failing is recorded, never fatal.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { BENCH_FLAGS, LIGHTHOUSE_PHONE_SCALE, scaleFlag, wrapperExecutable } from '../render/browser.ts';
import { traceEventsOf } from '../render/trace.ts';
import { LONG_TASK_MS } from '../lib/stats.ts';
import { chunkName, startupTasks } from './task-split-parse.ts';
import { DEFAULT_CPU_SLOWDOWN, type LighthouseEvidence, type LighthouseRun } from './lighthouse-runs.ts';

const CLI = resolve('node_modules/lighthouse/cli/index.js');

export function lighthouseAvailable(): boolean {
  return existsSync(CLI);
}

interface LhrAudit {
  score: number | null;
  numericValue?: number;
  scoreDisplayMode?: string;
  details?: { items?: Record<string, unknown>[] };
}
interface Lhr {
  lighthouseVersion?: string;
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, LhrAudit>;
  runtimeError?: { message: string };
}

function failingAudits(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const cat of ['accessibility', 'best-practices', 'performance']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && ref.weight > 0 && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        out.push(`${cat}:${ref.id}`);
    }
  }
  return out;
}

const TOP = 6;

/** Lighthouse's own labels stay as they are. */
function scriptName(url: unknown): string {
  const text = String(url);
  return text.startsWith('http') ? new URL(text).pathname.replace(/^\//, '') || '(document)' : text;
}

const round = (v: unknown): number => Math.round(Number(v) || 0);

/** From the report's `long-tasks`, `bootup-time` and `mainthread-work-breakdown` audits. */
export function lighthouseEvidence(lhr: Pick<Lhr, 'audits'>): LighthouseEvidence {
  const items = (id: string): Record<string, unknown>[] => lhr.audits[id]?.details?.items ?? [];
  return {
    // Every one, not the longest few: each task left over 50 ms is named with its chunk (bench/README.md "Start-up").
    longTasks: items('long-tasks')
      .filter((i) => Number(i.duration) > LONG_TASK_MS)
      .map((i) => {
        const script = scriptName(i.url);
        return { script, chunk: chunkName(script), ms: round(i.duration), startMs: round(i.startTime) };
      })
      .sort((a, b) => b.ms - a.ms),
    scripts: items('bootup-time')
      .map((i) => ({ script: scriptName(i.url), totalMs: round(i.total), scriptingMs: round(i.scripting) }))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, TOP),
    mainThread: items('mainthread-work-breakdown')
      .map((i) => ({ group: String(i.group), ms: round(i.duration) }))
      .sort((a, b) => b.ms - a.ms),
  };
}

/** What `--save-assets` writes beside the report: 7 MB a run, removed once read. */
function removeAssets(reportPath: string): void {
  for (const kind of ['trace', 'devtoolslog'])
    rmSync(reportPath.replace(/\.json$/, `-0.${kind}.json`), { force: true });
}

/** TBT from the saved trace's main-thread CPU time. */
export function cpuBlockingMs(reportPath: string, slowdown: number): number | null {
  try {
    const trace = readFileSync(reportPath.replace(/\.json$/, '-0.trace.json'));
    return startupTasks(traceEventsOf(trace), slowdown)?.blockingMs ?? null;
  } catch {
    return null;
  } finally {
    removeAssets(reportPath);
  }
}

/** `cpuSlowdown` null: Lighthouse's default (4×), else the calibrated multiplier. */
export async function runLighthouse(
  url: string,
  outDir: string,
  name: string,
  cpus: string | null,
  cpuSlowdown: number | null = null,
): Promise<LighthouseRun> {
  mkdirSync(outDir, { recursive: true });
  const outPath = join(outDir, `${name}.report.json`);
  // Lighthouse's phone emulation at its own scale (scaleFlag says why).
  const flags = BENCH_FLAGS.filter((f) => f !== '--headless').concat(
    '--headless=new',
    scaleFlag(LIGHTHOUSE_PHONE_SCALE),
  );
  const args = [
    CLI,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outPath}`,
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=${flags.join(' ')}`,
    '--max-wait-for-load=60000',
    '--save-assets', // the trace, for cpuTbtMs
    ...(cpuSlowdown === null ? [] : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`]),
  ];
  const empty: LighthouseRun = {
    url,
    performance: null,
    accessibility: null,
    bestPractices: null,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    fcpMs: null,
    speedIndexMs: null,
    failing: [],
    evidence: null,
    error: null,
    version: null,
    cpuSlowdownMultiplier: cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN,
  };
  const opts = { env: { ...process.env, CHROME_PATH: wrapperExecutable(cpus) }, timeout: 180_000, maxBuffer: 16 << 20 };
  const failure = await promisify(execFile)(process.execPath, args, opts).then(
    ({ stderr }) => (existsSync(outPath) ? null : `no report ${stderr.trim().slice(-300)}`.trim()),
    (err: Error & { stderr?: string }) =>
      `${err.message} ${String(err.stderr ?? '')
        .trim()
        .slice(-300)}`.trim(),
  );
  if (failure !== null) {
    removeAssets(outPath);
    return { ...empty, error: failure };
  }
  try {
    const lhr = JSON.parse(readFileSync(outPath, 'utf8')) as Lhr;
    const score = (k: string): number | null => {
      const s = lhr.categories[k]?.score;
      return s === null || s === undefined ? null : Math.round(s * 100);
    };
    const num = (k: string): number | null => lhr.audits[k]?.numericValue ?? null;
    const slowdown = cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN;
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      fcpMs: num('first-contentful-paint'),
      speedIndexMs: num('speed-index'),
      failing: failingAudits(lhr),
      evidence: lighthouseEvidence(lhr),
      error: lhr.runtimeError?.message ?? null,
      version: lhr.lighthouseVersion ?? null,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      cpuTbtMs: cpuBlockingMs(outPath, slowdown),
      cpuSlowdownMultiplier: slowdown,
      loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  } catch (e) {
    return { ...empty, error: `report unreadable: ${(e as Error).message}` };
  }
}
