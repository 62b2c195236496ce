// @vitest-environment node
// `npm run bench -- --compare A B` (bench/report/compare.ts): each difference judged against the runs' own spread
// (render figures keep min–max) and the baseline tolerance; and the long run's progress
// estimate (bench/report/progress.ts) and the new command-line options.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../../bench/lib/args.ts';
import { TOL, type Figure, type Tolerance } from '../../../../bench/lib/figures.ts';
import { compareData } from '../../../../bench/report/compare-data.ts';
import {
  compareRuns,
  compareTable,
  floorLines,
  groupKeys,
  spreadOf,
  verdictOf,
} from '../../../../bench/report/compare.ts';
import { benchPlan, duration, Progress, renderPlan, RUN_OVERHEAD_S } from '../../../../bench/report/progress.ts';
import type { ResultsJson } from '../../../../bench/report/report-data.ts';
import { renderCases } from '../../../../bench/render/cases.ts';

const fig = (
  value: number | null,
  unit = 'ms',
  better: 'lower' | 'higher' = 'lower',
  tol: Tolerance = TOL.latencyMs,
): Figure => ({ value, unit, better, tol });

/** A results file with one render screen (spreads in its summary) and one single figure. */
function results(p95: { median: number; min: number; max: number }, busy: number, bundleKb: number): ResultsJson {
  return {
    figures: {
      'render.phone-6x.market.worker.tickToPaintP95': fig(p95.median),
      'render.phone-6x.market.worker.mainBusy': fig(busy, '%', 'lower', TOL.share),
      'bundle.firstScreen.jsGzipKb': fig(bundleKb, 'KB', 'lower', TOL.bundleKb),
    },
    sections: {
      render: {
        summaries: [
          {
            caseId: 'phone-6x',
            screen: 'market',
            worker: {
              tickToPaintP95: { ...p95, n: 5 },
              mainBusy: { median: busy, min: busy - 0.01, max: busy + 0.01, n: 5 },
            },
            main: {},
            ratio: {},
          },
        ],
      },
    },
  };
}

describe('compare: differences with their spread', () => {
  it('calls overlapping ranges "within spread", and separated ones worse or better only beyond the tolerance', () => {
    const t = TOL.latencyMs; // 50 % + 10 ms
    const lower = { better: 'lower' as const, tol: t };
    const a = { min: 90, max: 105, n: 5 };
    expect(verdictOf(100, 130, lower, { min: 80, max: 140, n: 5 }, { min: 110, max: 150, n: 5 })).toBe('within spread');
    // Ranges apart, but 130 is within 100 × 1.5 + 10: a real change too small to count.
    expect(verdictOf(100, 130, lower, a, { min: 120, max: 150, n: 5 })).toBe('within tolerance');
    expect(verdictOf(100, 170, lower, a, { min: 160, max: 190, n: 5 })).toBe('worse');
    expect(verdictOf(100, 250, { better: 'higher', tol: t }, a, { min: 240, max: 260, n: 5 })).toBe('better');
    expect(verdictOf(100, 100, lower, null, null)).toBe('same');
  });

  it('judges a figure measured once by its tolerance, both ways', () => {
    const kb = { better: 'lower' as const, tol: TOL.bundleKb }; // 3 % + 1 KB
    expect(verdictOf(100, 103.5, kb, null, null)).toBe('within tolerance');
    expect(verdictOf(100, 105, kb, null, null)).toBe('worse');
    expect(verdictOf(100, 95, kb, null, null)).toBe('better');
    // A one-run "spread" says nothing about noise: the tolerance decides.
    expect(verdictOf(100, 105, kb, { min: 100, max: 100, n: 1 }, { min: 105, max: 105, n: 1 })).toBe('worse');
  });

  it('finds the min–max of a render figure in the summaries, and none for other figures', () => {
    const r = results({ median: 60, min: 52, max: 79 }, 0.4, 126);
    expect(spreadOf(r.sections, 'render.phone-6x.market.worker.tickToPaintP95')).toEqual({ min: 52, max: 79, n: 5 });
    expect(spreadOf(r.sections, 'render.phone-6x.market.main.tickToPaintP95')).toBeNull();
    expect(spreadOf(r.sections, 'bundle.firstScreen.jsGzipKb')).toBeNull();
  });

  it('compares two files: display units (shares as %), differences, verdicts sorted worst first, keys only on one side', () => {
    const a = results({ median: 60, min: 52, max: 79 }, 0.4, 126);
    const b = results({ median: 139, min: 136, max: 140 }, 0.405, 126);
    b.figures = { ...b.figures, 'fanout.1000.tickP99': fig(52) };
    const c = compareRuns(a, b);
    expect(c.rows.map((r) => [r.key, r.verdict])).toEqual([
      ['render.phone-6x.market.worker.tickToPaintP95', 'worse'],
      ['render.phone-6x.market.worker.mainBusy', 'within spread'],
      ['bundle.firstScreen.jsGzipKb', 'same'],
    ]);
    const busy = c.rows[1];
    expect(busy?.a).toBeCloseTo(40, 10); // 0.4 shown as 40 %
    expect(busy?.diff).toBeCloseTo(0.5, 10);
    expect(busy?.aSpread?.min).toBeCloseTo(39, 10);
    const p95 = c.rows[0];
    expect(p95?.diff).toBe(79);
    expect(p95?.rel).toBeCloseTo(79 / 60, 10);
    expect(c.onlyInB).toEqual(['fanout.1000.tickP99']);
    const table = compareTable(c, 'a.json', 'b.json');
    expect(table).toContain('1 worse, 0 better');
    expect(table).toMatch(
      /tickToPaintP95\s+60\.0 ms\s+52\.0–79\.0\s+139\.0 ms\s+136\.0–140\.0\s+\+79\.0\s+\+132 %\s+worse/,
    );
  });

  it('does not count a worker ÷ main ratio worse when the worker itself is at its floor, and shows it unscaled', () => {
    const ratioRun = (
      ratio: number,
      lo: number,
      hi: number,
      worker: number,
      key: 'rafOver16' | 'rafP99',
    ): ResultsJson => ({
      figures: { [`render.phone-6x.market.ratio.${key}`]: fig(ratio, '×', 'lower', TOL.ratio) },
      sections: {
        render: {
          summaries: [
            {
              caseId: 'phone-6x',
              screen: 'market',
              worker: { [key]: { median: worker, min: worker, max: worker, n: 2 } },
              main: {},
              ratio: { [key]: { median: ratio, min: lo, max: hi, n: 2 } },
            },
          ],
        },
      },
    });
    // No long frame in either mode (B) against 0.1 % and 1.3 % (A): main got better, the worker did not get worse.
    const floor = compareRuns(ratioRun(0.07, 0, 0.14, 0.001, 'rafOver16'), ratioRun(1, 1, 1, 0, 'rafOver16'));
    expect(floor.rows[0]?.verdict).toBe('within tolerance');
    expect(floor.rows[0]?.b).toBe(1);
    // One frame (16.8 ms) is the floor of a frame interval.
    const p99 = compareRuns(ratioRun(0.5, 0.5, 0.51, 16.8, 'rafP99'), ratioRun(1, 1, 1, 16.8, 'rafP99'));
    expect(p99.rows[0]?.verdict).toBe('within tolerance');
    // A worker with 6 % long frames is beyond the share's 5-point allowance: the ratio counts.
    const real = compareRuns(ratioRun(0.07, 0, 0.14, 0.001, 'rafOver16'), ratioRun(1, 1, 1, 0.06, 'rafOver16'));
    expect(real.rows[0]?.verdict).toBe('worse');
  });

  it('says when the same floor pages ran at another speed, with each screen against its floor in its own run', () => {
    const m = (median: number) => ({ mainMsPerUpdate: { median, min: median, max: median, n: 3 } });
    const run = (floors: [number, number, number], toFloor: [number, number, number]): ResultsJson => ({
      figures: {},
      sections: {
        render: {
          summaries: (['market', 'trade', 'desk'] as const).map((screen, i) => ({
            caseId: 'phone-6x',
            screen,
            floor: m(floors[i] ?? 0),
            workerToFloor: m(toFloor[i] ?? 0),
          })),
        },
      },
    });
    const a = run([2, 4, 10], [1.1, 2.4, 4.3]);
    // Every floor page three times as costly, one twice: the median says 3×, the screens keep their own ratios.
    const c = compareRuns(a, run([6, 12, 20], [1.2, 2.0, 3.1]));
    expect(c.floorDrift).toBe(3);
    expect(c.toFloor).toEqual([
      { screen: 'phone-6x/market', a: 1.1, b: 1.2 },
      { screen: 'phone-6x/trade', a: 2.4, b: 2.0 },
      { screen: 'phone-6x/desk', a: 4.3, b: 3.1 },
    ]);
    const table = compareTable(c, 'a.json', 'b.json');
    expect(table).toContain('cost 3.00× as much per update in B as in A');
    expect(table).toMatch(/phone-6x\/trade\s+A 2\.40×\s+B 2\.00×/);
    // Faster too, and alike within the limit: nothing to say.
    expect(floorLines(compareRuns(a, run([1, 2, 5], [1, 1, 1])))).toHaveLength(3 + 1);
    expect(compareRuns(a, run([2.2, 4.4, 11], [1, 1, 1])).floorDrift).toBeCloseTo(1.1, 10);
    expect(floorLines(compareRuns(a, run([2.2, 4.4, 11], [1, 1, 1])))).toEqual([]);
    expect(floorLines(compareRuns(a, { figures: {} }))).toEqual([]);
  });

  it('shapes the plot: render figures scaled to A’s median with both ranges, single figures as % change', () => {
    const d = compareData(
      results({ median: 60, min: 52, max: 79 }, 0.4, 100),
      results({ median: 139, min: 136, max: 140 }, 0.4, 110),
      'a',
      'b',
    );
    expect(d.spread).toContainEqual({
      screen: 'phone-6x market',
      figure: 'worker tickToPaintP95',
      run: 'B',
      mid: 139 / 60,
      lo: 136 / 60,
      hi: 140 / 60,
      verdict: 'worse',
    });
    expect(d.single).toEqual([{ figure: 'bundle.firstScreen.jsGzipKb', change: 10, verdict: 'worse' }]);
    expect(d.counts.worse).toBe(2);
  });

  it('groups long key lists by screen', () => {
    expect(groupKeys(['render.a.market.worker.x', 'render.a.market.main.y', 'fanout.1000.tickP99'])).toBe(
      'render.a.market.* (2), fanout.1000.tickP99',
    );
  });
});

describe('progress estimate', () => {
  it('scales what is left by how long the finished steps took against their estimates', () => {
    let now = 0;
    const p = new Progress(
      [
        { section: 'render', estimateS: 10 },
        { section: 'render', estimateS: 10 },
        { section: 'render', estimateS: 10 },
        { section: 'fanout', estimateS: 30 },
      ],
      () => now,
    );
    expect(p.begin('render', 'calibration')).toBe('▸ render 1 of 3: calibration · 0 s so far · about 1 min 00 s left');
    now = 20_000; // the first step took twice its estimate
    const line = p.begin('render', 'phone-6x market worker #1 of 2');
    expect(p.factor()).toBe(2);
    expect(p.remainingS()).toBe(20 + 20 + 60);
    expect(line).toBe('▸ render 2 of 3: phone-6x market worker #1 of 2 · 20 s so far · about 1 min 40 s left');
    now = 25_000; // 5 s into a step forecast at 20 s
    expect(p.remainingS()).toBe(15 + 20 + 60);
  });

  it('adds steps beyond the plan and drops the ones a section did not start', () => {
    let now = 0;
    const p = new Progress(
      [
        { section: 'render', estimateS: 10 },
        { section: 'render', estimateS: 10 },
        { section: 'fanout', estimateS: 30 },
      ],
      () => now,
    );
    p.begin('render', 'a');
    now = 10_000;
    p.begin('render', 'b');
    now = 20_000;
    p.begin('render', 'c'); // one more than planned
    expect(p.position()).toEqual([3, 3]);
    now = 30_000;
    p.endSection('render');
    p.begin('fanout', 'fan-out');
    expect(p.position()).toEqual([1, 1]);
    expect(p.remainingS()).toBe(30);
    const q = new Progress(
      [
        { section: 'render', estimateS: 10 },
        { section: 'render', estimateS: 10 },
        { section: 'micro', estimateS: 5 },
      ],
      () => now,
    );
    q.begin('render', 'a');
    now += 10_000;
    q.endSection('render'); // the section failed after its first step
    expect(q.remainingS()).toBe(5);
  });

  it('plans the render section the way render-bench.ts runs it', () => {
    const quick = renderCases('quick');
    const plan = renderPlan(quick, 'quick');
    const runs = quick.reduce((a, c) => a + c.pairs * c.screens.length * c.modes.length, 0);
    const floors = quick.filter((c) => c.quietMs > 0).length;
    expect(plan).toHaveLength(1 + floors + quick.length + runs);
    // A full phone run: its own windows plus the 1× follow-up, and the overhead (the full profile has a second pair).
    const full = renderCases('full');
    const fullPlan = renderPlan(full, 'full');
    const phone = full[0];
    const follow = phone?.followUps[0];
    if (!phone || !follow) throw new Error('the full profile has a phone case with a follow-up');
    expect(phone.pairs).toBeGreaterThan(1);
    const expected =
      RUN_OVERHEAD_S +
      (phone.warmupMs + phone.measureMs + phone.quietMs) / 1000 +
      ((follow.warmupMs ?? 0) + (follow.measureMs ?? 0) + (follow.quietMs ?? 0)) / 1000 +
      2;
    // Second pair (no profile window), first screen, worker: after calibration, floor and primer, the first pair.
    const firstOfPair2 = 1 + (phone.quietMs > 0 ? 1 : 0) + 1 + phone.screens.length * phone.modes.length;
    expect(fullPlan[firstOfPair2]?.estimateS).toBeCloseTo(expected, 10);
    expect(benchPlan(['fanout'], 'quick', []).map((s) => s.section)).toEqual(['fanout']); // no build for the fan-out alone
    expect(benchPlan(['bundle', 'render'], 'quick', quick)[0]?.section).toBe('build');
  });

  it('writes durations for a person', () => {
    expect(duration(42.4)).toBe('42 s');
    expect(duration(125)).toBe('2 min 05 s');
    expect(duration(3 * 3600 + 61)).toBe('3 h 01 min');
  });
});

describe('command line', () => {
  it('takes --report alone, with a results file, and --compare with two', () => {
    expect(parseArgs(['--quick', '--report'])).toMatchObject({ quick: true, report: true, reportFrom: null });
    expect(parseArgs(['--report', 'bench/results/x.json'])).toMatchObject({
      report: false,
      reportFrom: 'bench/results/x.json',
    });
    expect(parseArgs(['--report=y.json']).reportFrom).toBe('y.json');
    expect(parseArgs(['--compare', 'a.json', 'b.json', '--no-fail'])).toMatchObject({
      compare: ['a.json', 'b.json'],
      failOnRegression: false,
    });
    expect(() => parseArgs(['--compare', 'a.json'])).toThrow(/two results files/);
    expect(() => parseArgs(['--compare', 'a.json', '--quick'])).toThrow(/two results files/);
  });
});

describe('compare plot', () => {
  it('keeps a render figure without a range on one side out of the single-figure chart', () => {
    const a = results({ median: 60, min: 52, max: 79 }, 0.4, 100);
    const b = results({ median: 139, min: 136, max: 140 }, 0.4, 100);
    a.figures = { ...a.figures, 'render.phone-6x.market.ratio.tbtMs': fig(0.06, '×') };
    b.figures = { ...b.figures, 'render.phone-6x.market.ratio.tbtMs': fig(0.5, '×') };
    const d = compareData(a, b, 'a', 'b');
    expect(d.single.map((s) => s.figure)).toEqual(['bundle.firstScreen.jsGzipKb']);
    expect(d.table.map((r) => r.figure)).toContain('render.phone-6x.market.ratio.tbtMs');
  });
});
