// What each long task after the first paint was (bench/README.md "Start-up", the task split): from one page load's
// trace (toplevel + DevTools timeline + the V8 sampling profiler), every top-level task of the page's main thread
// after its first contentful paint whose thread CPU time × the phone's slowdown is over 50 ms, with the chunk its
// script samples ran in. Thread CPU time, not wall time: on a shared machine a task's wall time is mostly the wait for
// a core (the same build's tasks moved 2–3× between loads), its CPU time much less; Lighthouse's simulated 4× phone
// multiplies what it observed the same way.
import { chunkName } from './lighthouse.ts';
import { longTaskContents } from '../render/update-split.ts';
import { threadSamples, type ProfileNode } from '../render/profile-samples.ts';
import type { TraceEvent } from '../render/trace.ts';

/** Lighthouse mobile's simulated CPU slowdown. */
export const PHONE_SLOWDOWN = 4;
const LONG_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);
/** Samples that are no script: the profiler's own labels. */
const NO_SCRIPT = new Set(['(idle)', '(program)', '(root)', '(garbage collector)']);

export interface ScriptFrame {
  fn: string;
  /** The built file's URL, 0-based line and column, for the source map. */
  url: string;
  line: number;
  column: number;
  ms: number;
}

export interface StartupTask {
  /** Start, ms after the first contentful paint. */
  atMs: number;
  wallMs: number;
  cpuMs: number;
  /** cpuMs × the slowdown: what the simulated phone would take. */
  phoneMs: number;
  /** The chunk most of its script samples ran in ("(no script)": style, layout, paint, GC only). */
  chunk: string;
  /** Sampled ms by chunk (a sample counts for the innermost frame that has a script), largest first. */
  chunks: { chunk: string; ms: number }[];
  /** Sampled self time by function, largest first (at most 8). */
  top: ScriptFrame[];
  /** Self time by timeline event (Layout, UpdateLayoutTree, FunctionCall …), largest first (update-split.ts). */
  inside: { name: string; ms: number }[];
}

export interface StartupSplit {
  /** The first contentful paint on the trace clock, ms. */
  fcpMs: number;
  tasks: StartupTask[];
  /** Σ (phoneMs − 50) over the tasks: the blocking time they add after the first paint. */
  blockingMs: number;
  /** Main-thread CPU × the slowdown of every task after the first paint. */
  phoneCpuMs: number;
}

/** The first contentful paint of the page's main frame: its renderer's main thread and time. */
function firstPaint(events: readonly TraceEvent[]): TraceEvent | undefined {
  let first: TraceEvent | undefined;
  for (const e of events) {
    if (e.name === 'firstContentfulPaint' && (first === undefined || e.ts < first.ts)) first = e;
  }
  return first;
}

/** The innermost frame with a script (walking up the stack), or null for the profiler's own labels. */
function scriptFrameOf(node: ProfileNode, nodes: ReadonlyMap<number, ProfileNode>): ProfileNode | null {
  if (NO_SCRIPT.has(node.callFrame.functionName)) return null;
  for (let n: ProfileNode | undefined = node; n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
    if (n.callFrame.url) return n;
  }
  return null;
}

const fileOf = (url: string): string => url.replace(/[?#].*$/, '').slice(url.lastIndexOf('/') + 1);

/** The top-level tasks of one thread (that of `thread`) starting in [fromMs, toMs) on the trace clock whose CPU time ×
 * `slowdown` is over 50 ms, each with its chunks and costliest functions (atMs from `fromMs`); and all their CPU. */
export function longTasksBetween(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  fromMs: number,
  toMs: number,
  slowdown: number,
): { tasks: StartupTask[]; phoneCpuMs: number } {
  const { pid, tid } = thread;
  const mine = events.filter((e) => e.pid === pid && e.tid === tid);
  const { samples, nodes } = threadSamples(events, pid, tid);
  const tops = mine
    .filter(
      (e) =>
        e.ph === 'X' && TASK_NAMES.has(e.name) && e.dur !== undefined && e.ts / 1000 >= fromMs && e.ts / 1000 < toMs,
    )
    .sort((a, b) => a.ts - b.ts);
  const tasks: StartupTask[] = [];
  let phoneCpuMs = 0;
  let coveredUntil = -Infinity;
  for (const t of tops) {
    const start = t.ts / 1000;
    const end = (t.ts + (t.dur ?? 0)) / 1000;
    if (end <= coveredUntil) continue; // nested in the task before
    coveredUntil = end;
    const cpuMs = (t.tdur ?? t.dur ?? 0) / 1000;
    phoneCpuMs += cpuMs * slowdown;
    if (cpuMs * slowdown <= LONG_MS) continue;
    const byChunk = new Map<string, number>();
    const byFn = new Map<string, ScriptFrame>();
    for (const s of samples) {
      if (s.ms < start || s.ms >= end) continue;
      const frame = scriptFrameOf(s.node, nodes);
      if (!frame) continue;
      const chunk = chunkName(fileOf(frame.callFrame.url) || '(document)');
      byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + s.weightMs);
      const f = s.node.callFrame.url ? s.node.callFrame : frame.callFrame;
      const key = `${f.functionName}@${f.url}:${f.lineNumber ?? 0}:${f.columnNumber ?? 0}`;
      const had = byFn.get(key);
      if (had) had.ms += s.weightMs;
      else
        byFn.set(key, {
          fn: f.functionName || '(anonymous)',
          url: f.url,
          line: f.lineNumber ?? 0,
          column: f.columnNumber ?? 0,
          ms: s.weightMs,
        });
    }
    const chunks = [...byChunk].map(([chunk, ms]) => ({ chunk, ms })).sort((a, b) => b.ms - a.ms);
    tasks.push({
      atMs: start - fromMs,
      wallMs: end - start,
      cpuMs,
      phoneMs: cpuMs * slowdown,
      chunk: chunks[0]?.chunk ?? '(no script)',
      chunks,
      top: [...byFn.values()].sort((a, b) => b.ms - a.ms).slice(0, 8),
      inside: longTaskContents(mine, start, end + 0.001, 0)[0]?.inside ?? [],
    });
  }
  return { tasks, phoneCpuMs };
}

/** Tasks of the page's main thread after its first contentful paint over 50 ms at `slowdown`× (null: no paint). */
export function startupTasks(events: readonly TraceEvent[], slowdown = PHONE_SLOWDOWN): StartupSplit | null {
  const fcp = firstPaint(events);
  if (!fcp) return null;
  const fcpMs = fcp.ts / 1000;
  const { tasks, phoneCpuMs } = longTasksBetween(events, fcp, fcpMs, Infinity, slowdown);
  return {
    fcpMs,
    tasks,
    blockingMs: tasks.reduce((s, t) => s + t.phoneMs - LONG_MS, 0),
    phoneCpuMs,
  };
}
