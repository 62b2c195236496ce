// @vitest-environment node
// The bench report's data shaping (bench/report/): value counts, histograms and CDFs, busy ms per second, the phase
// split of a trace, bytes per package from a source map, and the report's tolerance of results files that lack a
// section or the raw samples.
import { describe, expect, it } from 'vitest';
import { bytesBySource, decodeVlq } from '../../../../bench/report/chunk-sources.ts';
import { cdfOf, histogramOf, mergeCounts } from '../../../../bench/report/distributions.ts';
import { htmlPage } from '../../../../bench/report/html.ts';
import { splitThread } from '../../../../bench/report/phases.ts';
import {
  perUpdateRows,
  reportData,
  screenReports,
  treemapCells,
  type ResultsJson,
} from '../../../../bench/report/report-data.ts';
import { busyPerBucket, cpuPerSecond, valueCounts } from '../../../../bench/report/samples.ts';
import { unionOf } from '../../../../bench/lib/stats.ts';
import type { TraceEvent } from '../../../../bench/render/trace.ts';

describe('value counts and distributions', () => {
  it('counts samples rounded to the step, ascending', () => {
    expect(valueCounts([16.66, 16.71, 33.34, 16.7, Number.NaN], 0.1)).toEqual([
      [16.7, 3],
      [33.3, 1],
    ]);
    expect(valueCounts([3.4, 3.6, 4], 1)).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });

  it('merges runs by value', () => {
    expect(
      mergeCounts([
        [
          [1, 2],
          [5, 1],
        ],
        [
          [1, 1],
          [3, 4],
        ],
      ]),
    ).toEqual([
      [1, 3],
      [3, 4],
      [5, 1],
    ]);
  });

  it('builds the CDF as the share at or below each value, ending at 1', () => {
    expect(
      cdfOf([
        [10, 1],
        [20, 2],
        [40, 1],
      ]),
    ).toEqual([
      { x: 10, y: 0.25 },
      { x: 20, y: 0.75 },
      { x: 40, y: 1 },
    ]);
    expect(cdfOf([])).toEqual([]);
  });

  it('bins into fixed widths with one overflow bin, and the shares add up to 1', () => {
    const bins = histogramOf(
      [
        [0.4, 1],
        [16.7, 6],
        [33.3, 2],
        [150, 1],
      ],
      1,
      100,
    );
    expect(bins).toHaveLength(101);
    expect(bins[0]).toMatchObject({ x0: 0, x1: 1, count: 1 });
    expect(bins[16]).toMatchObject({ x0: 16, x1: 17, count: 6, share: 0.6 });
    expect(bins[33]?.count).toBe(2);
    expect(bins[100]).toMatchObject({ x0: 100, count: 1 }); // everything ≥ 100 ms
    expect(bins.reduce((a, b) => a + b.share, 0)).toBeCloseTo(1, 10);
  });
});

describe('busy ms per second', () => {
  it('counts nested tasks once and splits a task across the second it straddles', () => {
    expect(
      unionOf([
        { start: 0, end: 10 },
        { start: 2, end: 5 },
        { start: 12, end: 14 },
      ]),
    ).toEqual([
      { start: 0, end: 10 },
      { start: 12, end: 14 },
    ]);
    // Window 1000…3500 ms: two whole seconds, the half second at the end is dropped.
    const secs = busyPerBucket(
      [
        { start: 1100, end: 1200 },
        { start: 1150, end: 1180 },
        { start: 1900, end: 2300 },
      ],
      1000,
      3500,
    );
    expect(secs).toEqual([200, 300]);
  });

  it('names the renderer threads of the page that made the window marks: main, worker, the others by name', () => {
    const meta = (pid: number, tid: number, name: string): TraceEvent => ({
      pid,
      tid,
      ts: 0,
      ph: 'M',
      name: 'thread_name',
      args: { name },
    });
    const task = (pid: number, tid: number, ms: number, dur: number): TraceEvent => ({
      pid,
      tid,
      ts: ms * 1000,
      dur: dur * 1000,
      ph: 'X',
      name: 'RunTask',
    });
    const events: TraceEvent[] = [
      meta(1, 10, 'CrRendererMain'),
      meta(1, 11, 'DedicatedWorker thread'),
      meta(1, 12, 'DedicatedWorker thread'),
      meta(1, 13, 'Compositor'),
      meta(2, 20, 'CrRendererMain'), // another renderer: not the page
      { pid: 1, tid: 10, ts: 0, ph: 'I', name: 'tw-bench-window-start' },
      { pid: 1, tid: 10, ts: 2_000_000, ph: 'I', name: 'tw-bench-window-end' },
      task(1, 10, 100, 300),
      task(1, 11, 1100, 5),
      task(1, 12, 1100, 50), // the busier worker is the feed
      task(1, 13, 1500, 20),
      task(2, 20, 100, 900),
    ];
    expect(cpuPerSecond(events)).toEqual({
      main: [300, 0],
      worker: [0, 50],
      'DedicatedWorker thread': [0, 5],
      Compositor: [0, 20],
    });
    expect(cpuPerSecond(events.filter((e) => !e.name.startsWith('tw-bench')))).toEqual({});
  });
});

describe('phase split of a timeline trace', () => {
  it('gives each instant to the innermost event with a phase, leaves out the profiler, and calls the rest other', () => {
    const x = (name: string, ms: number, dur: number): TraceEvent => ({
      pid: 1,
      tid: 1,
      ts: ms * 1000,
      dur: dur * 1000,
      ph: 'X',
      name,
    });
    const split = splitThread(
      [
        x('RunTask', 0, 100), // 100 ms task
        x('FunctionCall', 5, 60), // script …
        x('MinorGC', 10, 8), // … with a GC inside it
        x('Layout', 30, 10), // … and a forced layout
        x('V8.StackGuard', 50, 5), // the sampling profiler's interrupt: not the app's
        x('Paint', 70, 12),
        x('Commit', 85, 10),
        x('RunTask', 200, 20),
        x('UpdateLayoutTree', 205, 6),
      ],
      0,
      1000,
    );
    expect(split).toEqual({
      script: 60 - 8 - 10 - 5,
      style: 6,
      layout: 10,
      paint: 12,
      commit: 10,
      gc: 8,
      other: 100 - 60 - 12 - 10 + (20 - 6),
    });
  });
});

describe('bytes per package from a source map', () => {
  it('decodes base64 VLQ segments', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('ICAA')).toEqual([4, 1, 0, 0]);
    expect(decodeVlq('D')).toEqual([-1]);
    expect(decodeVlq('gB')).toEqual([16]);
  });

  it('gives each generated span to the source of the segment it starts with', () => {
    const map = { sources: ['../node_modules/react/index.js', '../src/app.ts'], mappings: 'AAAA,ICAA,I;AAAA' };
    const owner = (s: string): string => (s.includes('node_modules/react/') ? 'react' : 'app');
    // Line 1: cols 0–3 react, 4–7 app, 8–9 unmapped, plus its newline; line 2: "xyz" from source 1 again (relative 0).
    expect(bytesBySource('abcdefghij\nxyz', map, owner)).toEqual({ react: 4, app: 4 + 3, '(no source)': 3 });
  });

  it('sums packages over files for the treemap and folds the smallest into one cell', () => {
    const t = treemapCells([
      { raw: 1, packageBytes: { react: 200_000, app: 100_000 } },
      { raw: 1, packageBytes: { app: 2_400, tiny: 100 } },
    ]);
    expect(t.cells).toEqual([
      { pkg: 'react', kb: 195.3 },
      { pkg: 'app', kb: 100 },
      { pkg: 'other packages', kb: 0.1 },
    ]);
  });
});

describe('the report of a results file', () => {
  const run = (mode: 'worker' | 'main', pair: number, extra: object = {}): object => ({
    spec: { caseId: 'phone-6x', screen: 'market', mode, pair, measureMs: 6000 },
    ok: true,
    metrics: { rafP50: 16.7, rafP95: 33.3, rafP99: 50, mainBusy: 0.5, batchesPerSec: 10 },
    ...extra,
  });

  it('does not fail on a file with no sections, targets or machine, and says what is missing', () => {
    const d = reportData({}, 'empty.json');
    expect(d.screens).toEqual([]);
    expect(d.fanout).toEqual([]);
    expect(d.treemaps).toEqual([]);
    expect(d.targets).toEqual([]);
    const bundleOnly = reportData(
      { sections: { bundle: { firstScreen: { js: [{ file: 'a.js' }] } } } } as ResultsJson,
      'old.json',
    );
    expect(bundleOnly.notes.join(' ')).toMatch(/no bytes per package/);
  });

  it('falls back to the per-run percentiles and busy ÷ batches when a file has no raw samples', () => {
    const [s] = screenReports({
      render: { labels: { 'phone-6x': 'phone 6×' }, cases: [{ runs: [run('worker', 0), run('main', 0)] }] },
    } as ResultsJson['sections']);
    expect(s?.label).toBe('phone 6× — market');
    expect(s?.framePercentilesOnly).toBe(true);
    expect(s?.frameHist).toEqual([]);
    expect(s?.frameCdf.filter((p) => p.mode === 'worker')).toEqual([
      { mode: 'worker', x: 16.7, y: 0.5 },
      { mode: 'worker', x: 33.3, y: 0.95 },
      { mode: 'worker', x: 50, y: 0.99 },
    ]);
    expect(s?.perUpdateSource).toBe('busy');
    expect(s?.perUpdate).toEqual([
      { mode: 'worker', phase: 'total', ms: 50 },
      { mode: 'main', phase: 'total', ms: 50 },
    ]);
  });

  it('uses the raw samples when there: merged frames per mode, long tasks on the window clock, CPU mean per second', () => {
    const samples = (frames: [number, number][], longTasks: [number, number][], main: number[]): object => ({
      samples: { frameIntervalsMs: frames, longTasks, tickToPaintMs: [], cpuMsPerSecond: { main } },
    });
    const runs = [
      run('worker', 0, samples([[16.7, 3]], [], [100, 200])),
      run(
        'worker',
        1,
        samples(
          [
            [16.7, 1],
            [33.3, 1],
          ],
          [[1500, 60]],
          [300],
        ),
      ),
      run('main', 0, samples([[16.7, 1]], [], [400, 400])),
      { ...run('main', 1), ok: false }, // a failed run counts nowhere
    ];
    const [s] = screenReports({ render: { cases: [{ runs }] } } as ResultsJson['sections']);
    expect(s?.framePercentilesOnly).toBe(false);
    expect(s?.frameCdf.filter((p) => p.mode === 'worker')).toEqual([
      { mode: 'worker', x: 16.7, y: 4 / 5 },
      { mode: 'worker', x: 33.3, y: 1 },
    ]);
    expect(s?.frameHist.find((b) => b.mode === 'worker' && b.x0 === 16)?.share).toBeCloseTo(4 / 5, 10);
    expect(s?.longTasks).toEqual([{ run: 'worker #2', mode: 'worker', start: 1.5, end: 1.56, duration: 60 }]);
    expect(s?.runsWithSamples).toBe(3);
    expect(s?.cpu).toContainEqual({ mode: 'worker', thread: 'main', second: 1, ms: 200 });
    expect(s?.cpu).toContainEqual({ mode: 'worker', thread: 'main', second: 2, ms: 200 });
    expect(s?.cpu).toContainEqual({ mode: 'main', thread: 'main', second: 1, ms: 400 });
  });

  it('splits the time per painted update by phase where the profile window has it (median over runs)', () => {
    const ph = (script: number): object => ({
      samples: {
        phases: {
          windowMs: 5000,
          msPerSecond: { script, style: 0, layout: 10, paint: 20, commit: 0, gc: 0, other: 0 },
        },
      },
    });
    const { rows, source } = perUpdateRows([
      run('worker', 0, ph(100)),
      run('worker', 1, ph(300)),
      run('worker', 2, ph(200)),
    ] as never);
    expect(source).toBe('profile');
    expect(rows.find((r) => r.phase === 'script')?.ms).toBe(20); // median 200 ms/s ÷ 10 updates/s
    expect(rows.find((r) => r.phase === 'paint')?.ms).toBe(2);
  });

  it('draws fan-out CDFs from the raw latencies, or p50/p99 points from an older file', () => {
    const d = reportData(
      {
        sections: {
          fanout: {
            rows: [
              {
                clients: 1000,
                tickLatencyCounts: [
                  [20, 1],
                  [40, 1],
                ],
                frameP50: 3,
                frameP99: 14,
              },
            ],
          },
        },
      } as ResultsJson,
      'f.json',
    );
    expect(d.fanout).toEqual([
      { series: '1,000 sockets, tick→client', x: 20, y: 0.5 },
      { series: '1,000 sockets, tick→client', x: 40, y: 1 },
      { series: '1,000 sockets, flush→client', x: 3, y: 0.5 },
      { series: '1,000 sockets, flush→client', x: 14, y: 0.99 },
    ]);
    expect(d.fanoutPercentilesOnly).toBe(true);
  });

  it('inlines the data so that nothing in it can close the script element', () => {
    const html = htmlPage('t', { label: '</script><script>alert(1)</script>' }, function drawNothing(): void {});
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain('drawNothing(DATA)');
  });
});
