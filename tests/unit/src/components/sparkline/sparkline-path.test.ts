// Sparkline geometry: how a close series is scaled into the canvas box.
import { describe, expect, it } from 'vitest';
import { sparklinePoints, sparklineTrend } from '../../../../../src/components/sparkline/sparkline-path.ts';

const box = { width: 100, height: 40, pad: 2 };

describe('sparklinePoints', () => {
  it('spreads x evenly and maps max to the top inset, min to the bottom inset', () => {
    const p = sparklinePoints([10, 20, 15], box);
    expect(Array.from(p)).toEqual([2, 38, 50, 2, 98, 20]);
  });

  it('scales by the series range, not by absolute values', () => {
    const a = sparklinePoints([1.1001, 1.1003, 1.1002], box);
    const b = sparklinePoints([100, 300, 200], box);
    expect(Array.from(a).map((v) => Math.round(v * 1000) / 1000)).toEqual(Array.from(b));
  });

  it('draws a flat series through the middle without dividing by zero', () => {
    const p = sparklinePoints([5, 5, 5, 5], box);
    expect(p.length).toBe(8);
    for (let i = 1; i < p.length; i += 2) expect(p[i]).toBe(20);
  });

  it('draws one value as a flat line across the box', () => {
    expect(Array.from(sparklinePoints([7], box))).toEqual([2, 20, 98, 20]);
  });

  it('returns nothing for an empty series and drops non-finite values', () => {
    expect(sparklinePoints([], box).length).toBe(0);
    const p = sparklinePoints(new Float32Array([1, Number.NaN, 3]), box);
    expect(Array.from(p)).toEqual([2, 38, 98, 2]);
  });

  it('keeps every point inside the padded box', () => {
    const series = Float32Array.from({ length: 200 }, (_, i) => Math.sin(i / 7) * 50 + i);
    const p = sparklinePoints(series, box);
    for (let i = 0; i < p.length; i += 2) {
      expect(p[i]).toBeGreaterThanOrEqual(2);
      expect(p[i]).toBeLessThanOrEqual(98);
      expect(p[i + 1]).toBeGreaterThanOrEqual(2);
      expect(p[i + 1]).toBeLessThanOrEqual(38);
    }
  });
});

describe('sparklineTrend', () => {
  it('compares the last finite value with the first', () => {
    expect(sparklineTrend([1, 3, 2])).toBe('up');
    expect(sparklineTrend([3, 1, 2])).toBe('down');
    expect(sparklineTrend([2, 9, 2])).toBe('flat');
    expect(sparklineTrend([Number.NaN, 1, 2, Number.NaN])).toBe('up');
    expect(sparklineTrend([])).toBe('flat');
  });
});
