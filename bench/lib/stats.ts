// Every figure the bench prints is computed here, in pure functions.

/** A long task is one over 50 ms (the Long Tasks API and Lighthouse's TBT use the same line). */
export const LONG_TASK_MS = 50;
export const FRAME_MS = 1000 / 60;

/** Nearest-rank percentile: always a real sample, never interpolated, so a p99 frame is one that was seen. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be in [0, 100], got ${p}`);
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** Conventional median (mean of the two middle values for an even count): used for figures across runs. */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? null : middle(sorted);
}

/** Of a sorted, non-empty list; Infinity stays (it sorts last). */
function middle(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? 0) + hi) / 2;
}

export function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) if (Number.isFinite(v)) s += v;
  return s;
}

/** tbtMs: the part of each task beyond LONG_TASK_MS, summed (Lighthouse's total blocking time). */
export function longTasks(durations: readonly number[]): { count: number; tbtMs: number; maxMs: number } {
  const long = durations.filter((d) => d > LONG_TASK_MS);
  return {
    count: long.length,
    tbtMs: sum(long.map((d) => d - LONG_TASK_MS)),
    maxMs: long.length ? Math.max(...long) : 0,
  };
}

export function intervals(timestamps: readonly number[]): number[] {
  const t = [...timestamps].filter(Number.isFinite).sort((a, b) => a - b);
  const out: number[] = [];
  for (let i = 1; i < t.length; i++) out.push((t[i] ?? 0) - (t[i - 1] ?? 0));
  return out;
}

export function shareOver(values: readonly number[], threshold: number): number | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  return finite.filter((v) => v > threshold).length / finite.length;
}

export type FrameStats = ReturnType<typeof frameStats>;

/** Keeps an on-time frame whose timestamp jittered (16.9 ms) from counting as late; a missed one is ≥ 33 ms. */
export const FRAME_JITTER_MS = 0.5;
/** over33 uses the 33 ms budget rather than two exact frames (33.3 ms). */
export function frameStats(frameIntervals: readonly number[]) {
  return {
    frames: frameIntervals.length,
    p50: percentile(frameIntervals, 50),
    p95: percentile(frameIntervals, 95),
    p99: percentile(frameIntervals, 99),
    over16: shareOver(frameIntervals, FRAME_MS + FRAME_JITTER_MS),
    over33: shareOver(frameIntervals, 33),
  };
}

/** Both zero → 1 (no difference); main zero but worker not → Infinity; null when either side is missing. */
export function ratio(worker: number | null, main: number | null): number | null {
  if (worker === null || main === null || !Number.isFinite(worker) || !Number.isFinite(main)) return null;
  if (main === 0) return worker === 0 ? 1 : Infinity;
  return worker / main;
}

export interface Spread {
  median: number | null;
  min: number | null;
  max: number | null;
  n: number;
}

/** How the tables show a figure over repeated runs; Infinity is kept (it sorts last). */
export function spread(values: readonly (number | null)[]): Spread {
  const sorted = values.filter((x): x is number => x !== null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: null, min: null, max: null, n: 0 };
  return { median: middle(sorted), min: sorted[0] ?? null, max: sorted[sorted.length - 1] ?? null, n: sorted.length };
}

/** Runs paired in the order they alternated: pairing cancels slow drifts of the shared machine. */
export function pairedRatios(
  worker: readonly (number | null)[],
  main: readonly (number | null)[],
): Spread & { values: (number | null)[] } {
  const n = Math.min(worker.length, main.length);
  const values: (number | null)[] = [];
  for (let i = 0; i < n; i++) values.push(ratio(worker[i] ?? null, main[i] ?? null));
  return { ...spread(values), values };
}

/** Union of [start, end) intervals clipped to the window, over its length: nested tasks count once. */
export function busyShare(
  tasks: readonly { start: number; end: number }[],
  windowStart: number,
  windowEnd: number,
): number {
  const span = windowEnd - windowStart;
  if (!(span > 0)) return 0;
  const clipped = tasks
    .map((t) => ({ start: Math.max(t.start, windowStart), end: Math.min(t.end, windowEnd) }))
    .filter((t) => t.end > t.start);
  return sum(unionOf(clipped).map((t) => t.end - t.start)) / span;
}

/** Nested task events count once. */
export function unionOf(tasks: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...tasks].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const t of sorted) {
    const last = out[out.length - 1];
    if (last && t.start <= last.end) last.end = Math.max(last.end, t.end);
    else out.push({ start: t.start, end: t.end });
  }
  return out;
}

export function perSecond(count: number, windowMs: number): number {
  return windowMs > 0 ? (count * 1000) / windowMs : 0;
}

/** Event Timing reports only events of at least this duration (the API's floor for durationThreshold). */
export const EVENT_TIMING_FLOOR_MS = 16;

/** Taps with no entry were under the Event Timing floor and count as the floor, an upper bound. */
export function tapLatencies(entries: readonly { interactionId: number; duration: number }[], taps: number): number[] {
  const byInteraction = new Map<number, number>();
  for (const e of entries) {
    if (!(e.interactionId > 0)) continue;
    byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
  }
  const out = [...byInteraction.values()];
  while (out.length < taps) out.push(EVENT_TIMING_FLOOR_MS);
  return out;
}

/** The most messages in one frame interval, and the share of intervals in which more than one arrived. */
export function perFrameCounts(arrivals: readonly number[], frameTimes: readonly number[]) {
  const f = [...frameTimes].sort((a, b) => a - b);
  const a = [...arrivals].sort((x, y) => x - y);
  if (f.length < 2) return { frames: 0, max: 0, overOne: null };
  let k = 0;
  while (k < a.length && (a[k] ?? 0) <= (f[0] ?? 0)) k++;
  let max = 0;
  let over = 0;
  for (let i = 1; i < f.length; i++) {
    const end = f[i] ?? 0;
    let n = 0;
    while (k < a.length && (a[k] ?? 0) <= end) {
      n++;
      k++;
    }
    if (n > max) max = n;
    if (n > 1) over++;
  }
  return { frames: f.length - 1, max, overOne: over / (f.length - 1) };
}
