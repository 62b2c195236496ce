// Main-thread time by phase from the profile window; the sampling profiler's own interrupts are left out as its cost.
import { markWindow, threadsOf, type TraceEvent } from '../render/trace.ts';

export const PHASES = ['script', 'style', 'layout', 'paint', 'commit', 'gc', 'other'] as const;
export type Phase = (typeof PHASES)[number];

/** The trace events named for their phase; the sampling profiler's interrupts are its own cost, left out. */
const NAMED: Partial<Record<Phase | 'profiler', string[]>> = {
  script: [
    ...['FunctionCall', 'EvaluateScript', 'RunMicrotasks', 'TimerFire', 'EventDispatch', 'FireAnimationFrame'],
    ...['FireIdleCallback', 'v8.compile', 'v8.compileModule', 'V8.Execute', 'v8.callFunction', 'v8.run'],
  ],
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'PaintImage', 'Layerize', 'UpdateLayer', 'UpdateLayerTree'],
  commit: ['Commit'],
  gc: ['MinorGC', 'MajorGC'],
  profiler: ['V8.StackGuard', 'V8.HandleInterrupts', 'V8.InvokeApiInterruptCallbacks'],
};
const EXACT = new Map(
  Object.entries(NAMED).flatMap(([phase, names]) => names.map((n) => [n, phase as Phase | 'profiler'])),
);

const phaseOfName = (name: string): Phase | 'profiler' | null =>
  EXACT.get(name) ?? (name.startsWith('V8.GC') || name.startsWith('BlinkGC') || name.startsWith('CppGC') ? 'gc' : null);

export type PhaseSplit = NonNullable<ReturnType<typeof phaseSplit>>;

/** Each event's self time goes to its own or its nearest ancestor's phase; what none covers is "other". */
export function splitThread(events: readonly TraceEvent[], start: number, end: number): Record<Phase, number> {
  const out = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  const xs = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts / 1000 >= start && e.ts / 1000 < end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  interface Open {
    end: number;
    phase: Phase | 'profiler' | null;
    self: number;
  }
  const stack: Open[] = [];
  const close = (o: Open): void => {
    if (o.phase !== 'profiler') out[o.phase ?? 'other'] += Math.max(0, o.self) / 1000;
  };
  for (const e of xs) {
    const eEnd = e.ts + (e.dur ?? 0);
    while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= e.ts) close(stack.pop() as Open);
    const parent = stack[stack.length - 1];
    const node: Open = { end: eEnd, phase: phaseOfName(e.name) ?? parent?.phase ?? null, self: e.dur ?? 0 };
    if (parent) parent.self -= Math.min(eEnd, parent.end) - e.ts;
    stack.push(node);
  }
  while (stack.length) close(stack.pop() as Open);
  return out;
}

/** null without the window marks. */
export function phaseSplit(events: readonly TraceEvent[]) {
  const w = markWindow(events);
  if (!w) return null;
  const main = threadsOf(events, w.pid).find((t) => t.name === 'CrRendererMain');
  if (!main) return null;
  const windowMs = w.end - w.start;
  const mine = events.filter((e) => e.pid === w.pid && e.tid === main.tid);
  const ms = splitThread(mine, w.start, w.end);
  const perSecond = (p: Phase): number => Math.round((ms[p] * 10000) / windowMs) / 10;
  const msPerSecond = Object.fromEntries(PHASES.map((p) => [p, perSecond(p)])) as Record<Phase, number>;
  return { msPerSecond, windowMs: Math.round(windowMs) };
}
