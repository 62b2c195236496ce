// Lighthouse runs of a page must lie within 5 points, or the bench runs again (up to 6) and says why, in
// the host's own numbers (benchmark index, load); the figure is the median of the three closest runs.
import { describe, expect, it } from 'vitest';
import {
  MAX_RUNS,
  medianRun,
  needsAnotherRun,
  spreadOf,
  spreadReason,
  tightestRuns,
  type LighthouseRun,
} from '../../../../bench/startup/lighthouse-runs.ts';

const run = (performance: number | null, benchmarkIndex = 1500, loadAverage = 1): LighthouseRun => ({
  url: 'http://127.0.0.1:1/',
  performance,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1000,
  tbtMs: 100,
  cls: 0,
  fcpMs: 800,
  speedIndexMs: 900,
  failing: [],
  evidence: null,
  error: null,
  version: '12',
  benchmarkIndex,
  loadAverage,
});

describe('Lighthouse spread', () => {
  it('runs three times, and again while the closest three lie more than 5 points apart, at most six', () => {
    expect(needsAnotherRun([run(90), run(92)])).toBe(true);
    expect(needsAnotherRun([run(90), run(92), run(94)])).toBe(false);
    expect(needsAnotherRun([run(71), run(92), run(90)])).toBe(true);
    expect(needsAnotherRun([run(71), run(92), run(90), run(91)])).toBe(false); // 90, 91, 92
    expect(needsAnotherRun(Array.from({ length: MAX_RUNS }, (_, i) => run(60 + i * 8)))).toBe(false);
  });

  it('takes the median of the three closest runs, and reports the spread with the host benchmark index and load', () => {
    const runs = [run(82, 900, 3.2), run(92, 1500, 1.1), run(90, 1450, 1.3), run(91, 1480, 1.2)];
    expect(tightestRuns(runs).map((r) => r.performance)).toEqual([90, 91, 92]);
    const m = medianRun(runs);
    expect(m.performance).toBe(91);
    expect(m.spread).toBe(2);
    expect(m.spreadReason).toBeNull();
    expect(m.performanceRuns).toEqual([82, 92, 90, 91]);
    const wide = medianRun([run(71, 610, 3.4), run(92, 1490, 1.9), run(82, 1000, 2.5)]);
    expect(spreadOf([run(71), run(92)])).toBe(21);
    expect(wide.spread).toBe(21);
    expect(wide.spreadReason).toBe(spreadReason([run(71, 610, 3.4), run(92, 1490, 1.9), run(82, 1000, 2.5)]));
    expect(wide.spreadReason).toBe('scores 71–92; host benchmark index 610–1490; load average 1.90–3.40');
  });
});
