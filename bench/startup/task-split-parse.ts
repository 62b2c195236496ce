// Long tasks after first paint, by chunk, in thread CPU time: on a shared machine wall time is mostly waiting for a core.
import { threadSamples, type ProfileNode } from '../render/profile-samples.ts';
import type { TraceEvent } from '../render/trace.ts';
import { LONG_TASK_MS } from '../lib/stats.ts';

/** Lighthouse mobile's simulated CPU slowdown. */
export const PHONE_SLOWDOWN = 4;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);
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
  atMs: number;
  wallMs: number;
  cpuMs: number;
  phoneMs: number;
  /** "(no script)": style, layout, paint and GC only. */
  chunk: string;
  /** A sample counts for the innermost frame that has a script. */
  chunks: { chunk: string; ms: number }[];
  top: ScriptFrame[];
  inside: { name: string; ms: number }[];
}

export type StartupSplit = NonNullable<ReturnType<typeof startupTasks>>;

function scriptFrameOf(node: ProfileNode, nodes: ReadonlyMap<number, ProfileNode>): ProfileNode | null {
  if (NO_SCRIPT.has(node.callFrame.functionName)) return null;
  for (let n: ProfileNode | undefined = node; n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
    if (n.callFrame.url) return n;
  }
  return null;
}

/** Vite's hash is the last 8 characters before ".js"; a name that is no built file stays as it is. */
export function chunkName(script: string): string {
  const m = /^(?:.*\/)?(.+)-[A-Za-z0-9_-]{8}\.m?js$/.exec(script);
  return m?.[1] ?? script;
}

const fileOf = (url: string): string => url.replace(/[?#].*$/, '').slice(url.lastIndexOf('/') + 1);

/** atMs counts from `fromMs`; a task counts when its CPU time × `slowdown` is over 50 ms. */
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
    if (cpuMs * slowdown <= LONG_TASK_MS) continue;
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

export function startupTasks(events: readonly TraceEvent[], slowdown = PHONE_SLOWDOWN) {
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) return null;
  const fcpMs = fcp.ts / 1000;
  const { tasks, phoneCpuMs } = longTasksBetween(events, fcp, fcpMs, Infinity, slowdown);
  return { fcpMs, tasks, blockingMs: tasks.reduce((s, t) => s + t.phoneMs - LONG_TASK_MS, 0), phoneCpuMs };
}

interface LongTaskContent {
  at: number; // ms after the window start
  wallMs: number;
  cpuMs: number;
  /** A FunctionCall is named by its function. */
  inside: { name: string; ms: number }[];
}

const RUN_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export function longTaskContents(
  events: readonly TraceEvent[],
  start: number,
  end: number,
  minMs = LONG_TASK_MS,
): LongTaskContent[] {
  const xs = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: LongTaskContent[] = [];
  for (let i = 0; i < xs.length; i++) {
    const t = xs[i];
    if (!t || !RUN_TASKS.has(t.name) || (t.dur ?? 0) < minMs * 1000 || t.ts / 1000 < start || t.ts / 1000 >= end)
      continue;
    const tEnd = t.ts + (t.dur ?? 0);
    const self = new Map<string, number>();
    const stack: { end: number; key: string }[] = [];
    let j = i + 1;
    for (; j < xs.length && (xs[j]?.ts ?? Infinity) < tEnd; j++) {
      const e = xs[j] as TraceEvent;
      while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      const fn = (e.args?.['data'] as { functionName?: string; url?: string } | undefined) ?? {};
      const key =
        e.name === 'FunctionCall' && (fn.functionName || fn.url)
          ? `FunctionCall ${fn.functionName || '(anonymous)'} ${(fn.url ?? '').slice((fn.url ?? '').lastIndexOf('/') + 1)}`
          : e.name;
      if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - (e.dur ?? 0) / 1000);
      self.set(key, (self.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      stack.push({ end: e.ts + (e.dur ?? 0), key });
    }
    out.push({
      at: t.ts / 1000 - start,
      wallMs: (t.dur ?? 0) / 1000,
      cpuMs: (t.tdur ?? t.dur ?? 0) / 1000,
      inside: [...self]
        .filter(([, v]) => v > 0.5)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, ms]) => ({ name, ms })),
    });
    i = j - 1;
  }
  return out;
}
