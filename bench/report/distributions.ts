// Distributions from value counts, with the percentile rule of bench/lib/stats.ts so the CDF agrees with the table.
import type { ValueCounts } from './samples.ts';

export function mergeCounts(lists: readonly ValueCounts[]): ValueCounts {
  const m = new Map<number, number>();
  for (const list of lists) for (const [v, n] of list) m.set(v, (m.get(v) ?? 0) + n);
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

export function totalOf(counts: ValueCounts): number {
  return counts.reduce((a, [, n]) => a + n, 0);
}

export type CdfPoint = ReturnType<typeof cdfOf>[number];

/** Each value with the share (0…1) of the samples at or below it. */
export function cdfOf(counts: ValueCounts) {
  const total = totalOf(counts);
  if (total === 0) return [];
  let seen = 0;
  return counts.map(([x, n]) => {
    seen += n;
    return { x, y: seen / total };
  });
}

export interface Bin {
  x0: number;
  x1: number;
  /** The last bin also holds everything above it. */
  share: number;
  count: number;
}

/** One more bin holds everything above, so the tail stays visible and the shares add up to 1. */
export function histogramOf(counts: ValueCounts, width: number, maxX: number): Bin[] {
  const n = Math.ceil(maxX / width);
  const bins: Bin[] = [];
  for (let i = 0; i <= n; i++) bins.push({ x0: i * width, x1: (i + 1) * width, share: 0, count: 0 });
  const total = totalOf(counts);
  if (total === 0) return bins;
  for (const [v, c] of counts) {
    const i = Math.min(n, Math.max(0, Math.floor(v / width)));
    const bin = bins[i];
    if (bin) bin.count += c;
  }
  for (const b of bins) b.share = b.count / total;
  return bins;
}
