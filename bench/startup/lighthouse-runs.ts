// A Lighthouse run's shape and how the bench judges runs: the CPU calibrated to the host, the spread of repeats.

export interface LighthouseRun {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /**
   * TBT counted on the main thread's CPU time (× the slowdown) after first paint, from the same run's trace: Lighthouse
   * times tasks by the wall clock, which on a host of few cores counts the wait for one (bench/README.md "Start-up").
   */
  cpuTbtMs?: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** When the figure is the median of several runs. */
  performanceRuns?: (number | null)[];
  /** environment.benchmarkIndex; higher = faster. */
  benchmarkIndex?: number | null;
  /** Lighthouse's default 4×, or calibrated to the host (calibratedSlowdown). */
  cpuSlowdownMultiplier?: number;
  /** Reported beside the calibrated figure. */
  uncalibrated?: (Pick<LighthouseRun, 'performance' | 'tbtMs' | 'cpuTbtMs'> & { benchmarkIndex: number | null }) | null;
  loadAverage?: number | null;
  /** Highest minus lowest score of the runs behind the median, and when above 5, why. */
  spread?: number | null;
  spreadReason?: string | null;
  /** Failing ids in accessibility and best practices: what to fix. */
  failing: string[];
  /** The evidence for a missed score. */
  evidence: LighthouseEvidence | null;
  error: string | null;
  version: string | null;
}

/** Over 50 ms at simulated 4×. */
export interface LongTask {
  script: string;
  /** The file name without Vite's hash, "(document)" for the page, or Lighthouse's own label as it is. */
  chunk: string;
  ms: number;
  startMs: number;
}

/** Times are ms at simulated 4×. */
export interface LighthouseEvidence {
  longTasks: LongTask[];
  scripts: { script: string; totalMs: number; scriptingMs: number }[];
  mainThread: { group: string; ms: number }[];
}

// Lighthouse's 4× assumes a high-end desktop host: calibrated to the host, every host emulates the same phone.
/** Lighthouse's 4× on the middle of its high-end desktop bracket (1,750 ÷ 4): a weak mid-tier phone. */
export const TARGET_BENCHMARK_INDEX = 440;
/** What an uncalibrated run applies. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** Host benchmarkIndex ÷ target, rounded to 0.1, within 1–20; a null index gives the default. */
export function calibratedSlowdown(benchmarkIndex: number | null | undefined, target = TARGET_BENCHMARK_INDEX): number {
  if (benchmarkIndex === null || benchmarkIndex === undefined || !(benchmarkIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  return Math.min(20, Math.max(1, Math.round((benchmarkIndex / target) * 10) / 10));
}

// On a shared machine the host's benchmark index and load move between runs, so a wide spread is reported with them.
/** The widest gap between a page's scores that the bench accepts as one measurement. */
export const MAX_SPREAD = 5;
/** Runs behind the median, and the most the bench runs before it reports the spread it got. */
export const RUNS = 3;
export const MAX_RUNS = 6;

function scores(runs: readonly LighthouseRun[]): number[] {
  return runs.map((r) => r.performance).filter((p): p is number => p !== null);
}

/** null with fewer than two scored runs. */
export function spreadOf(runs: readonly LighthouseRun[]): number | null {
  const s = scores(runs);
  return s.length < 2 ? null : Math.max(...s) - Math.min(...s);
}

/** All of them when there are fewer than `size`. */
export function tightestRuns(runs: readonly LighthouseRun[], size = RUNS): LighthouseRun[] {
  const scored = runs.filter((r) => r.performance !== null).sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  if (scored.length <= size) return scored;
  let best = 0;
  for (let i = 1; i + size <= scored.length; i++) {
    const gap = (r: number): number => (scored[r + size - 1]?.performance ?? 0) - (scored[r]?.performance ?? 0);
    if (gap(i) < gap(best)) best = i;
  }
  return scored.slice(best, best + size);
}

export function needsAnotherRun(runs: readonly LighthouseRun[]): boolean {
  if (runs.length < RUNS) return true;
  if (runs.length >= MAX_RUNS) return false;
  const s = spreadOf(tightestRuns(runs));
  return s === null || s > MAX_SPREAD;
}

const range = (xs: number[], digits: number): string =>
  xs.length === 0 ? 'n/a' : `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

/** In the host's own numbers: the ranges of scores, host benchmark index and load average. */
export function spreadReason(runs: readonly LighthouseRun[]): string {
  const bi = runs.map((r) => r.benchmarkIndex).filter((x): x is number => x !== null && x !== undefined);
  const load = runs.map((r) => r.loadAverage).filter((x): x is number => x !== null && x !== undefined);
  return `scores ${range(scores(runs), 0)}; host benchmark index ${range(bi, 0)}; load average ${range(load, 2)}`;
}

/** The median score of the tightest three runs (failed runs last), carrying its own figures and evidence. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const kept = tightestRuns(runs);
  const pick = kept[Math.floor((kept.length - 1) / 2)] ?? runs[0];
  if (!pick) throw new Error('medianRun needs at least one run');
  const spread = spreadOf(kept);
  return {
    ...pick,
    performanceRuns: runs.map((r) => r.performance),
    spread,
    spreadReason: spread !== null && spread > MAX_SPREAD ? spreadReason(runs) : null,
  };
}
