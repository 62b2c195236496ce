// Raw samples kept beside the percentiles for the HTML report, as value counts: lossless at their resolution and small.
import { intervals, sum, unionOf } from '../lib/stats.ts';
import { markWindow, tasksOf, threadsOf, type TraceEvent } from '../render/trace.ts';
import type { PhaseSplit } from './phases.ts';

export type ValueCounts = [number, number][];

/** `phases` only for runs that record a profile window. */
export type RunSamples = ReturnType<typeof runSamples> & { phases?: PhaseSplit | null };

/** 0.1 → one decimal. */
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

/** Busy ms in each whole second; the last, partial second is dropped. */
export function busyPerBucket(tasks: readonly { start: number; end: number }[], start: number, end: number): number[] {
  const n = Math.floor((end - start) / 1000);
  const out = new Array<number>(n).fill(0);
  for (const t of unionOf(tasks)) {
    for (let i = Math.max(0, Math.floor((t.start - start) / 1000)); i < n; i++) {
      const b0 = start + i * 1000;
      const b1 = b0 + 1000;
      if (t.start >= b1) continue;
      if (t.end <= b0) break;
      out[i] = (out[i] ?? 0) + Math.min(t.end, b1) - Math.max(t.start, b0);
    }
  }
  return out.map((v) => Math.round(v * 10) / 10);
}

/** Empty without the page's window marks. */
export function cpuPerSecond(events: readonly TraceEvent[]): Record<string, number[]> {
  const w = markWindow(events);
  if (!w) return {};
  const perThread = threadsOf(events, w.pid)
    .map(({ tid, name }) => ({ name, secs: busyPerBucket(tasksOf(events, w.pid, tid), w.start, w.end) }))
    .filter((t) => t.secs.some((v) => v > 0));
  const out: Record<string, number[]> = {};
  const main = perThread.find((t) => t.name === 'CrRendererMain');
  if (main) out['main'] = main.secs;
  const workers = perThread
    .filter((t) => t.name.startsWith('DedicatedWorker'))
    .sort((a, b) => sum(b.secs) - sum(a.secs));
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

export function runSamples(
  pw: { startedAt: number; rafs: readonly number[]; longTasks: readonly { start: number; duration: number }[] },
  feedToPaintMs: readonly number[],
  events: readonly TraceEvent[],
) {
  return {
    frameIntervalsMs: valueCounts(intervals(pw.rafs), 0.1),
    // Long tasks (Long Tasks API): [start ms after the window start, duration ms].
    longTasks: pw.longTasks.map((t): [number, number] => [Math.round(t.start - pw.startedAt), Math.round(t.duration)]),
    tickToPaintMs: valueCounts(feedToPaintMs, 1),
    // Busy ms in each whole second per renderer thread: `worker` is the busiest dedicated worker.
    cpuMsPerSecond: cpuPerSecond(events),
  };
}
