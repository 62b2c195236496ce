// Splits a quiet window's main-thread time per painted update into phases, so app and floor page can be compared.
import { splitThread, PHASES, type Phase } from '../report/phases.ts';
import { markWindow, summariseTrace, threadsOf, type TraceEvent } from './trace.ts';
import { threadSamples } from './profile-samples.ts';
import { LONG_TASK_MS } from '../lib/stats.ts';

export type UpdateSplit = NonNullable<ReturnType<typeof updateSplit>>;

export interface LongTaskContent {
  at: number; // ms after the window start
  wallMs: number;
  cpuMs: number;
  /** A FunctionCall is named by its function. */
  inside: { name: string; ms: number }[];
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

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
    if (!t || !TASK_NAMES.has(t.name) || (t.dur ?? 0) < minMs * 1000 || t.ts / 1000 < start || t.ts / 1000 >= end)
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

/** Samples outside [start, end) (trace ms) are left out. */
export function sampledSelf(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
  start: number,
  end: number,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const { ms, weightMs, node } of threadSamples(events, pid, tid).samples) {
    if (ms < start || ms >= end) continue;
    const f = node.callFrame;
    const file = f.url ? f.url.slice(f.url.lastIndexOf('/') + 1).replace(/\?.*$/, '') : '';
    const key = `${f.functionName || '(anonymous)'}${file ? ` ${file}:${(f.lineNumber ?? 0) + 1}` : ''}`;
    out.set(key, (out.get(key) ?? 0) + weightMs);
  }
  return out;
}

const NOT_WORK = new Set(['(idle)', '(program)', '(root)']);

/** null without the window marks. */
export function updateSplit(events: readonly TraceEvent[], updates: number) {
  const w = markWindow(events);
  const summary = summariseTrace(events);
  if (!w || !summary || updates <= 0) return null;
  const main = threadsOf(events, w.pid).find((t) => t.name === 'CrRendererMain');
  if (!main) return null;
  const mine = events.filter((e) => e.pid === w.pid && e.tid === main.tid);
  const ms = splitThread(mine, w.start, w.end);
  const per = (v: number): number => v / updates;
  // A loaded machine's wall time includes waits for the core: scaled to CPU time so the phases add up to mainCpuMs.
  const wall = PHASES.reduce((s, p) => s + ms[p], 0);
  const scale = wall > 0 ? (summary.main?.cpuMs ?? wall) / wall : 1;
  const phaseMs = Object.fromEntries(PHASES.map((p) => [p, per(ms[p] * scale)])) as Record<Phase, number>;
  const inWin = mine.filter((e) => e.ph === 'X' && e.ts / 1000 >= w.start && e.ts / 1000 < w.end);
  const named = (n: string): TraceEvent[] => inWin.filter((e) => e.name === n);
  const num = (e: TraceEvent, k: string): number => {
    const a = e.args ?? {};
    const sub = (n: string): unknown => (a[n] as Record<string, unknown> | undefined)?.[k];
    const v = a[k] ?? sub('data') ?? sub('beginData') ?? sub('endData');
    return typeof v === 'number' ? v : 0;
  };
  const styles = named('UpdateLayoutTree');
  const layouts = named('Layout');
  const self = [...sampledSelf(events, w.pid, main.tid, w.start, w.end)]
    .filter(([k]) => !NOT_WORK.has(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([fn, v]) => ({ fn, ms: per(v) }));
  return {
    updates,
    windowMs: w.end - w.start,
    phaseMs, // the wall-time split scaled to the thread's CPU time
    // Top-level tasks' thread time, ms per update.
    mainCpuMs: per(summary.main?.cpuMs ?? 0),
    workerCpuMs: per(summary.worker?.cpuMs ?? 0),
    rendererCpuMs: per(summary.rendererCpuMs),
    // Per update: style recalcs, elements they recalculated, layouts, objects laid out, paints, main-thread tasks.
    counts: {
      styleRecalcs: per(styles.length),
      styleElements: per(styles.reduce((s, e) => s + num(e, 'elementCount'), 0)),
      layouts: per(layouts.length),
      layoutObjects: per(layouts.reduce((s, e) => s + num(e, 'dirtyObjects'), 0)),
      paints: per(named('Paint').length),
      tasks: per(summary.main?.tasks ?? 0),
      gcs: per(
        inWin.filter((e) => e.name === 'MinorGC' || e.name === 'MajorGC' || e.name.startsWith('V8.GC_SCAVENGER'))
          .length,
      ),
    },
    selfByFunction: self,
    longTasks: longTaskContents(mine, w.start, w.end),
  };
}
