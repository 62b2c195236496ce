// Reads a Chromium trace of one measured window: main and feed worker busy share, CPU time and long tasks.
import { busyShare, longTasks } from '../lib/stats.ts';

export interface TraceEvent {
  pid: number;
  tid: number;
  ts: number; // µs
  dur?: number; // µs
  tdur?: number; // µs of thread (CPU) time, where the trace records it
  ph: string;
  name: string;
  cat?: string;
  args?: Record<string, unknown>;
}

/** Across Chromium versions (Lighthouse accepts the same set). */
const TASK_NAMES = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'TaskQueueManager::ProcessTaskFromWorkQueue',
]);

/** The events of a trace as Chromium's tracing returns it. */
export function traceEventsOf(trace: Buffer): TraceEvent[] {
  return (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

export const MARK_START = 'tw-bench-window-start';
export const MARK_END = 'tw-bench-window-end';

interface Thread {
  pid: number;
  tid: number;
  name: string;
}

/** The named threads of process `pid`, each once. */
export function threadsOf(events: readonly TraceEvent[], pid: number): Thread[] {
  const out = new Map<number, Thread>();
  for (const e of events)
    if (e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && typeof e.args?.name === 'string')
      out.set(e.tid, { pid, tid: e.tid, name: e.args.name });
  return [...out.values()];
}

/** ms on the trace clock; null when a mark is missing. */
export function markWindow(events: readonly TraceEvent[]): { pid: number; start: number; end: number } | null {
  let start: TraceEvent | undefined;
  let end: TraceEvent | undefined;
  for (const e of events) {
    if (e.name === MARK_START && (start === undefined || e.ts > start.ts)) start = e;
    else if (e.name === MARK_END && (end === undefined || e.ts > end.ts)) end = e;
  }
  if (!start || !end || end.ts <= start.ts) return null;
  return { pid: start.pid, start: start.ts / 1000, end: end.ts / 1000 };
}

/** Nested task events are left to busyShare's union. */
export function tasksOf(events: readonly TraceEvent[], pid: number, tid: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !TASK_NAMES.has(e.name) || e.dur === undefined) continue;
    out.push({ start: e.ts / 1000, end: (e.ts + e.dur) / 1000 });
  }
  return out;
}

export type ThreadLoad = ReturnType<typeof load>;
export type TraceSummary = NonNullable<ReturnType<typeof summariseTrace>>;

/** Thread time where recorded, else wall; nested tasks count once; a task cut by the window is prorated. */
export function threadCpuMs(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
  start: number,
  end: number,
): number {
  const tasks = events
    .filter(
      (e) =>
        e.pid === pid && e.tid === tid && e.ph === 'X' && TASK_NAMES.has(e.name) && e.dur !== undefined && e.dur > 0,
    )
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let coveredUntil = -Infinity;
  for (const e of tasks) {
    const s0 = e.ts / 1000;
    const e0 = (e.ts + (e.dur ?? 0)) / 1000;
    if (e0 <= coveredUntil) continue; // nested in the previous top-level task
    coveredUntil = e0;
    const inside = Math.min(e0, end) - Math.max(s0, start);
    if (inside <= 0) continue;
    const cpu = (e.tdur ?? e.dur ?? 0) / 1000;
    total += cpu * (inside / (e0 - s0));
  }
  return total;
}

/** `cpuMs`: thread time where recorded, else wall time. */
function load(tasks: { start: number; end: number }[], start: number, end: number, cpuMs: number) {
  const inside = tasks.filter((t) => t.end > start && t.start < end);
  return {
    busy: busyShare(inside, start, end), // share of the window, 0…1
    tasks: inside.length,
    long: longTasks(inside.map((t) => Math.min(t.end, end) - Math.max(t.start, start))),
    cpuMs,
  };
}

/**
 * The page's renderer is the process that made the window marks; its busiest DedicatedWorker is the feed's (null in
 * main mode, or when the page has none).
 */
export function summariseTrace(events: readonly TraceEvent[]) {
  const w = markWindow(events);
  if (!w) return null;
  const all = threadsOf(events, w.pid);
  const main = all.find((t) => t.name === 'CrRendererMain');
  const workers = all.filter((t) => t.name.startsWith('DedicatedWorker'));
  const cpu = (t: Thread): number => threadCpuMs(events, t.pid, t.tid, w.start, w.end);
  const mainLoad = main ? load(tasksOf(events, main.pid, main.tid), w.start, w.end, cpu(main)) : null;
  let workerLoad: ThreadLoad | null = null;
  for (const t of workers) {
    const l = load(tasksOf(events, t.pid, t.tid), w.start, w.end, cpu(t));
    if (!workerLoad || l.busy > workerLoad.busy) workerLoad = l;
  }
  const tids = new Set(events.filter((e) => e.pid === w.pid && e.ph === 'X').map((e) => e.tid));
  let rendererCpuMs = 0;
  for (const tid of tids) rendererCpuMs += threadCpuMs(events, w.pid, tid, w.start, w.end);
  return { windowMs: w.end - w.start, main: mainLoad, worker: workerLoad, rendererCpuMs };
}
