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
  id?: string;
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

interface Task {
  start: number;
  end: number;
  /** Thread time where recorded, else wall time. */
  cpu: number;
}

/** Nested task events are left to busyShare's union. */
export function tasksOf(events: readonly TraceEvent[], pid: number, tid: number): Task[] {
  const out: Task[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !TASK_NAMES.has(e.name) || e.dur === undefined) continue;
    out.push({ start: e.ts / 1000, end: (e.ts + e.dur) / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
  }
  return out;
}

export type TraceSummary = NonNullable<ReturnType<typeof summariseTrace>>;

/** Nested tasks count once; a task cut by the window is prorated. */
function cpuMs(tasks: readonly Task[], start: number, end: number): number {
  let total = 0;
  let coveredUntil = -Infinity;
  for (const t of [...tasks].sort((a, b) => a.start - b.start)) {
    if (t.end <= t.start || t.end <= coveredUntil) continue; // empty, or nested in the previous top-level task
    coveredUntil = t.end;
    const inside = Math.min(t.end, end) - Math.max(t.start, start);
    if (inside > 0) total += t.cpu * (inside / (t.end - t.start));
  }
  return total;
}

function load(tasks: readonly Task[], start: number, end: number) {
  const inside = tasks.filter((t) => t.end > start && t.start < end);
  return {
    busy: busyShare(inside, start, end), // share of the window, 0…1
    tasks: inside.length,
    long: longTasks(inside.map((t) => Math.min(t.end, end) - Math.max(t.start, start))),
    cpuMs: cpuMs(tasks, start, end),
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
  const tasks = (tid: number): Task[] => tasksOf(events, w.pid, tid);
  const mainLoad = main ? load(tasks(main.tid), w.start, w.end) : null;
  let workerLoad: ReturnType<typeof load> | null = null;
  for (const t of workers) {
    const l = load(tasks(t.tid), w.start, w.end);
    if (!workerLoad || l.busy > workerLoad.busy) workerLoad = l;
  }
  const tids = new Set(events.filter((e) => e.pid === w.pid && e.ph === 'X').map((e) => e.tid));
  let rendererCpuMs = 0;
  for (const tid of tids) rendererCpuMs += cpuMs(tasks(tid), w.start, w.end);
  return { windowMs: w.end - w.start, main: mainLoad, worker: workerLoad, rendererCpuMs };
}
