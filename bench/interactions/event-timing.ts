// INP of one step from the Event Timing API, split as web-vitals' INP attribution does.
import { median, percentile, spread } from '../lib/stats.ts';

export interface EventEntry {
  id: number;
  name: string;
  start: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

declare global {
  interface Window {
    __twInteractions?: { events: EventEntry[]; longTasks: { start: number; duration: number }[] };
  }
}

/** Runs before any page script, so the first interaction is seen too. */
export function eventTimingProbe(): void {
  const store: NonNullable<Window['__twInteractions']> = { events: [], longTasks: [] };
  window.__twInteractions = store;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      // interactionId is not in TypeScript's DOM types yet.
      const id = (e as unknown as { interactionId?: number }).interactionId ?? 0;
      if (!id) continue;
      store.events.push({
        id,
        name: e.name,
        start: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) store.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the long-task column stays empty
  }
}

export interface StepSample {
  /** 16 when no entry reached the 16 ms threshold: an upper bound. */
  inp: number;
  inputDelay: number | null;
  processing: number | null;
  presentation: number | null;
  /** Between the input and the end of the step's answer; 0 = none. */
  longTaskMs: number;
  event: string | null;
}

/** Below Event Timing's 16 ms threshold nothing is reported: the step answered within it. */
export const BELOW_THRESHOLD_MS = 16;

export function stepSample(
  events: readonly EventEntry[],
  tasks: readonly { start: number; duration: number }[],
  since: number,
  until: number,
): StepSample {
  const mine = events.filter((e) => e.start >= since);
  let worst: EventEntry | null = null;
  for (const e of mine) if (!worst || e.duration > worst.duration) worst = e;
  const longTaskMs = Math.max(0, ...tasks.filter((t) => t.start >= since && t.start <= until).map((t) => t.duration));
  if (!worst) {
    return { inp: BELOW_THRESHOLD_MS, inputDelay: null, processing: null, presentation: null, longTaskMs, event: null };
  }
  return {
    inp: worst.duration,
    inputDelay: worst.processingStart - worst.start,
    processing: worst.processingEnd - worst.processingStart,
    presentation: Math.max(0, worst.start + worst.duration - worst.processingEnd),
    longTaskMs,
    event: worst.name,
  };
}

export type StepFigures = ReturnType<typeof stepFigures>;

export function stepFigures(samples: readonly StepSample[]) {
  const inps = samples.map((s) => s.inp);
  return {
    samples: samples.length,
    inpP50: median(inps),
    inpP75: percentile(inps, 75),
    inputDelayP50: spread(samples.map((s) => s.inputDelay)).median,
    processingP50: spread(samples.map((s) => s.processing)).median,
    presentationP50: spread(samples.map((s) => s.presentation)).median,
    longTaskMax: Math.max(0, ...samples.map((s) => s.longTaskMs)),
  };
}
