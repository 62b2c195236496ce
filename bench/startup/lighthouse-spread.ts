// On a shared machine the host's benchmark index and load move between runs, so a wide spread is reported with them.
import type { LighthouseRun } from './lighthouse-run.ts';

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
