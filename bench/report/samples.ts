// Raw samples the bench keeps beside its percentiles, for the HTML report (bench/report/html.ts): frame intervals
// and latencies as value counts (lossless at their resolution, and a few hundred numbers instead of thousands),
// long tasks on the window's own clock, busy ms per second per renderer thread. Cheap: it reads what the run
// already holds (the page probe's window, the measured trace), nothing is recorded for it.
import { intervals } from '../lib/stats.ts';
import { markWindow, tasksOf, type TraceEvent } from '../render/trace.ts';
import type { PhaseSplit } from './phases.ts';

/** [value, how many samples had it], ascending by value. */
export type ValueCounts = [number, number][];

export interface RunSamples {
  /** rAF intervals of the measured window, ms rounded to 0.1. */
  frameIntervalsMs: ValueCounts;
  /** Long tasks (Long Tasks API): [start ms after the window start, duration ms]. */
  longTasks: [number, number][];
  /** Tick-to-paint (painted − Q_RECEIVED) per quote, ms rounded to 1. */
  tickToPaintMs: ValueCounts;
  /**
   * Busy ms (union of top-level tasks) in each whole second of the measured window, per thread of the page's
   * renderer: `main` (CrRendererMain), `worker` (the busiest dedicated worker), then the others by trace name.
   */
  cpuMsPerSecond: Record<string, number[]>;
  /** Main-thread time by phase from the run's profile window (only runs that record one: bench/report/phases.ts). */
  phases?: PhaseSplit | null;
}

/** Value counts of samples rounded to `step` (0.1 → one decimal). */
export function valueCounts(samples: readonly number[], step: number): ValueCounts {
  const counts = new Map<number, number>();
  const digits = Math.max(0, Math.round(-Math.log10(step)));
  for (const s of samples) {
    if (!Number.isFinite(s)) continue;
    const v = Number((Math.round(s / step) * step).toFixed(digits));
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

/** Merges overlapping [start, end) intervals (nested task events count once). */
export function unionOf(tasks: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...tasks].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const t of sorted) {
    const last = out[out.length - 1];
    if (last && t.start <= last.end) last.end = Math.max(last.end, t.end);
    else out.push({ start: t.start, end: t.end });
  }
  return out;
}

/** Busy ms in each `bucketMs` slice of [start, end) (the last, partial slice is dropped: it is not a whole second). */
export function busyPerBucket(
  tasks: readonly { start: number; end: number }[],
  start: number,
  end: number,
  bucketMs = 1000,
): number[] {
  const n = Math.floor((end - start) / bucketMs);
  const out = new Array<number>(n).fill(0);
  for (const t of unionOf(tasks)) {
    for (let i = Math.max(0, Math.floor((t.start - start) / bucketMs)); i < n; i++) {
      const b0 = start + i * bucketMs;
      const b1 = b0 + bucketMs;
      if (t.start >= b1) continue;
      if (t.end <= b0) break;
      out[i] = (out[i] ?? 0) + Math.min(t.end, b1) - Math.max(t.start, b0);
    }
  }
  return out.map((v) => Math.round(v * 10) / 10);
}

/** Busy ms per second per renderer thread over the window between the page's marks (empty without the marks). */
export function cpuPerSecond(events: readonly TraceEvent[]): Record<string, number[]> {
  const w = markWindow(events);
  if (!w) return {};
  const names = new Map<number, string>();
  for (const e of events) {
    if (e.pid === w.pid && e.ph === 'M' && e.name === 'thread_name' && typeof e.args?.name === 'string')
      names.set(e.tid, e.args.name);
  }
  const perThread: { name: string; secs: number[] }[] = [];
  for (const [tid, name] of names) {
    const secs = busyPerBucket(tasksOf(events, w.pid, tid), w.start, w.end);
    if (secs.some((v) => v > 0)) perThread.push({ name, secs });
  }
  const total = (s: number[]): number => s.reduce((a, v) => a + v, 0);
  const out: Record<string, number[]> = {};
  const main = perThread.find((t) => t.name === 'CrRendererMain');
  if (main) out['main'] = main.secs;
  const workers = perThread
    .filter((t) => t.name.startsWith('DedicatedWorker'))
    .sort((a, b) => total(b.secs) - total(a.secs));
  if (workers[0]) out['worker'] = workers[0].secs;
  for (const t of perThread) {
    if (t === main || t === workers[0]) continue;
    // Pools (raster workers, several same-named threads) add up under one name.
    const name = t.name.replace(/\d+$/, '');
    const prev = out[name];
    out[name] = prev ? prev.map((v, i) => Math.round((v + (t.secs[i] ?? 0)) * 10) / 10) : t.secs;
  }
  return out;
}

/** What one measured window leaves for the report. */
export function runSamples(
  pw: { startedAt: number; rafs: readonly number[]; longTasks: readonly { start: number; duration: number }[] },
  feedToPaintMs: readonly number[],
  events: readonly TraceEvent[],
): RunSamples {
  return {
    frameIntervalsMs: valueCounts(intervals(pw.rafs), 0.1),
    longTasks: pw.longTasks.map((t) => [Math.round(t.start - pw.startedAt), Math.round(t.duration)]),
    tickToPaintMs: valueCounts(feedToPaintMs, 1),
    cpuMsPerSecond: cpuPerSecond(events),
  };
}
