// @vitest-environment node
// The bench's statistics (bench/lib/stats.ts): nearest-rank percentiles, total blocking time, frame-interval shares,
// tap latencies, messages per frame, busy share and the median/spread of paired worker/main ratios.
import { describe, expect, it } from 'vitest';
import {
  busyShare,
  frameStats,
  intervals,
  longTasks,
  median,
  pairedRatios,
  percentile,
  perFrameCounts,
  ratio,
  shareOver,
  spread,
  tapLatencies,
} from '../../../../bench/lib/stats.ts';

describe('percentile (nearest rank)', () => {
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];

  it('returns a real sample at rank ⌈p·n⌉', () => {
    expect(percentile(ten, 50)).toBe(5); // rank 5
    expect(percentile(ten, 51)).toBe(6); // rank ⌈5.1⌉ = 6
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile(ten, 95)).toBe(10); // rank ⌈9.5⌉ = 10, not an interpolated 9.55
    expect(percentile(ten, 100)).toBe(10);
    expect(percentile(ten, 0)).toBe(1);
  });

  it('finds a single slow frame at p99 of 100 samples only when it is in the top 1 %', () => {
    const frames = Array.from({ length: 99 }, () => 16.7);
    expect(percentile([...frames, 50], 99)).toBe(16.7); // rank 99 of 100: the slow one is rank 100
    expect(percentile([...frames, 50], 100)).toBe(50);
    expect(percentile([...frames.slice(0, 98), 50, 60], 99)).toBe(50);
  });

  it('ignores non-finite samples and is null when nothing is left', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([Number.NaN], 50)).toBeNull();
    expect(percentile([Number.NaN, 3, Infinity, 1], 100)).toBe(3);
  });

  it('rejects a percentile outside 0…100', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
  });

  it('does not reorder its input', () => {
    const v = [3, 1, 2];
    percentile(v, 50);
    expect(v).toEqual([3, 1, 2]);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('total blocking time', () => {
  it('sums the part of each task beyond 50 ms', () => {
    expect(longTasks([60, 120, 49, 50, 51]).tbtMs).toBe(10 + 70 + 1);
    expect(longTasks([]).tbtMs).toBe(0);
    expect(longTasks([50, 30, 16]).tbtMs).toBe(0); // exactly 50 ms is not long
  });

  it('summarises long tasks: count, TBT and the longest', () => {
    expect(longTasks([10, 70, 200, 50.5])).toEqual({ count: 3, tbtMs: 20 + 150 + 0.5, maxMs: 200 });
    expect(longTasks([10, 20])).toEqual({ count: 0, tbtMs: 0, maxMs: 0 });
  });
});

describe('frame intervals', () => {
  it('turns timestamps into intervals', () => {
    expect(intervals([0, 16, 48, 40])).toEqual([16, 24, 8]); // sorted first: 0, 16, 40, 48
    expect(intervals([5])).toEqual([]);
  });

  it('shares over 16.7 ms (with 0.5 ms jitter allowance) and over 33 ms', () => {
    const f = [16.6, 16.8, 17.0, 17.5, 25, 33, 34, 50, 16.7, 16.7];
    const s = frameStats(f);
    expect(s.frames).toBe(10);
    // over 17.17 ms: 17.5, 25, 33, 34, 50
    expect(s.over16).toBeCloseTo(0.5, 10);
    // strictly over 33 ms: 34, 50
    expect(s.over33).toBeCloseTo(0.2, 10);
    expect(s.p50).toBe(17.0);
    expect(s.p99).toBe(50);
  });

  it('shareOver is null for no samples', () => {
    expect(shareOver([], 1)).toBeNull();
    expect(frameStats([]).p95).toBeNull();
  });
});

describe('tap latencies', () => {
  it('takes the longest entry per interaction and counts taps without entries at the 16 ms floor', () => {
    const entries = [
      { interactionId: 7, duration: 24 }, // pointerdown
      { interactionId: 7, duration: 40 }, // click of the same tap
      { interactionId: 9, duration: 104 },
      { interactionId: 0, duration: 200 }, // not an interaction (e.g. pointermove): ignored
    ];
    expect(tapLatencies(entries, 4).sort((a, b) => a - b)).toEqual([16, 16, 40, 104]);
  });
});

describe('messages per frame', () => {
  it('counts arrivals between consecutive frames', () => {
    const frames = [0, 16, 32, 48, 64];
    const msgs = [1, 17, 18, 40, 70]; // 1 | 2 | 1 | 0, and 70 is after the last frame
    expect(perFrameCounts(msgs, frames)).toEqual({ frames: 4, max: 2, overOne: 0.25 });
  });

  it('has nothing to say without two frames', () => {
    expect(perFrameCounts([1, 2], [0])).toEqual({ frames: 0, max: 0, overOne: null });
  });
});

describe('busy share', () => {
  it('is the union of task time inside the window over the window length', () => {
    const tasks = [
      { start: 0, end: 10 }, // half outside the window
      { start: 20, end: 30 },
      { start: 25, end: 35 }, // overlaps the previous: counted once
      { start: 90, end: 120 }, // clipped at 100
    ];
    expect(busyShare(tasks, 5, 105)).toBeCloseTo((5 + 15 + 15) / 100, 10);
    expect(busyShare(tasks, 10, 10)).toBe(0);
  });
});

describe('worker/main ratios', () => {
  it('divides worker by main, with the zero cases spelled out', () => {
    expect(ratio(10, 50)).toBe(0.2);
    expect(ratio(0, 0)).toBe(1);
    expect(ratio(5, 0)).toBe(Infinity);
    expect(ratio(null, 3)).toBeNull();
  });

  it('pairs runs in order and reports median, min and max', () => {
    const worker = [10, 12, 8, 30, 9];
    const main = [100, 60, 80, 100, 90];
    const r = pairedRatios(worker, main);
    expect(r.values).toEqual([0.1, 0.2, 0.1, 0.3, 0.1]);
    expect(r.median).toBeCloseTo(0.1, 10);
    expect(r.min).toBeCloseTo(0.1, 10);
    expect(r.max).toBeCloseTo(0.3, 10);
    expect(r.n).toBe(5);
  });

  it('keeps an unbounded ratio in the spread instead of dropping it', () => {
    const s = spread([0.5, Infinity, 1, null]);
    expect(s).toEqual({ median: 1, min: 0.5, max: Infinity, n: 3 });
  });
});
