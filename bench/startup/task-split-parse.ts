// Long tasks after first paint in thread CPU time: on a shared machine wall time is mostly waiting for a core.
import { tasksOf, type TraceEvent } from '../render/trace.ts';
import { LONG_TASK_MS } from '../lib/stats.ts';

/** Lighthouse mobile's simulated CPU slowdown. */
const PHONE_SLOWDOWN = 4;

/** Vite's hash is the last 8 characters before ".js"; a name that is no built file stays as it is. */
export function chunkName(script: string): string {
  return /^(?:.*\/)?(.+)-[A-Za-z0-9_-]{8}\.m?js$/.exec(script)?.[1] ?? script;
}

/** The first paint's thread after it; atMs counts from it, a task is long when its CPU time × `slowdown` is over 50 ms. */
export function startupTasks(events: readonly TraceEvent[], slowdown = PHONE_SLOWDOWN) {
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) return null;
  const fcpMs = fcp.ts / 1000;
  const tops = tasksOf(events, fcp.pid, fcp.tid)
    .filter((t) => t.start >= fcpMs)
    .sort((a, b) => a.start - b.start);
  const tasks: { atMs: number; wallMs: number; cpuMs: number; phoneMs: number }[] = [];
  let phoneCpuMs = 0;
  let coveredUntil = -Infinity;
  for (const { start, end, cpu: cpuMs } of tops) {
    if (end <= coveredUntil) continue; // nested in the task before
    coveredUntil = end;
    phoneCpuMs += cpuMs * slowdown;
    if (cpuMs * slowdown > LONG_TASK_MS)
      tasks.push({ atMs: start - fcpMs, wallMs: end - start, cpuMs, phoneMs: cpuMs * slowdown });
  }
  return { fcpMs, tasks, blockingMs: tasks.reduce((s, t) => s + t.phoneMs - LONG_TASK_MS, 0), phoneCpuMs };
}
