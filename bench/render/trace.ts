// Reads a Chromium trace (Trace Event Format) of one measured window: the page's renderer main thread and its feed
// worker thread, their top-level task time over the window between two performance marks (busy %), long tasks.
import { busyShare, longTasks, type LongTaskSummary } from '../lib/stats.ts';

export interface TraceEvent {
  pid: number;
  tid: number;
  ts: number; // µs
  dur?: number; // µs
  ph: string;
  name: string;
  cat?: string;
  args?: Record<string, unknown>;
}

/** Trace categories the bench records: top-level tasks, the DevTools timeline (for profiling), user-timing marks. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
];

/** The names a scheduler task carries across Chromium versions (Lighthouse accepts the same set). */
const TASK_NAMES = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'TaskQueueManager::ProcessTaskFromWorkQueue',
]);

export const MARK_START = 'tw-bench-window-start';
export const MARK_END = 'tw-bench-window-end';

interface Thread {
  pid: number;
  tid: number;
  name: string;
}

function threads(events: readonly TraceEvent[]): Thread[] {
  const out: Thread[] = [];
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') {
      const name = e.args?.name;
      if (typeof name === 'string') out.push({ pid: e.pid, tid: e.tid, name });
    }
  }
  return out;
}

/** The window between the two marks the page made (ms on the trace clock), or null when a mark is missing. */
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

/** Top-level tasks of one thread as [start, end) in ms; nested task events are left to busyShare's union. */
export function tasksOf(events: readonly TraceEvent[], pid: number, tid: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !TASK_NAMES.has(e.name) || e.dur === undefined) continue;
    out.push({ start: e.ts / 1000, end: (e.ts + e.dur) / 1000 });
  }
  return out;
}

export interface ThreadLoad {
  busy: number; // share of the window, 0…1
  tasks: number;
  long: LongTaskSummary;
}

export interface TraceSummary {
  windowMs: number;
  main: ThreadLoad | null;
  /** The feed worker's thread (null in main mode, or when the page has no dedicated worker). */
  worker: ThreadLoad | null;
}

function load(tasks: { start: number; end: number }[], start: number, end: number): ThreadLoad {
  const inside = tasks.filter((t) => t.end > start && t.start < end);
  return {
    busy: busyShare(inside, start, end),
    tasks: inside.length,
    long: longTasks(inside.map((t) => Math.min(t.end, end) - Math.max(t.start, start))),
  };
}

/**
 * The page's renderer is the process that made the window marks; its main thread is CrRendererMain and the feed
 * worker is its (busiest) DedicatedWorker thread.
 */
export function summariseTrace(events: readonly TraceEvent[]): TraceSummary | null {
  const w = markWindow(events);
  if (!w) return null;
  const all = threads(events).filter((t) => t.pid === w.pid);
  const main = all.find((t) => t.name === 'CrRendererMain');
  const workers = all.filter((t) => t.name.startsWith('DedicatedWorker'));
  const mainLoad = main ? load(tasksOf(events, main.pid, main.tid), w.start, w.end) : null;
  let workerLoad: ThreadLoad | null = null;
  for (const t of workers) {
    const l = load(tasksOf(events, t.pid, t.tid), w.start, w.end);
    if (!workerLoad || l.busy > workerLoad.busy) workerLoad = l;
  }
  return { windowMs: w.end - w.start, main: mainLoad, worker: workerLoad };
}
