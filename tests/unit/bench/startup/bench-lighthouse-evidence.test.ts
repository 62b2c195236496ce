// @vitest-environment node
// The Lighthouse section keeps the evidence behind a missed score: the longest tasks, the costliest scripts and the
// main thread's time by kind, read from the report's diagnostics (bench/README.md cites them for each miss).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuBlockingMs, lighthouseEvidence } from '../../../../bench/startup/lighthouse.ts';
import { medianRun, type LighthouseRun } from '../../../../bench/startup/lighthouse-runs.ts';
import { chunkName } from '../../../../bench/startup/task-split-parse.ts';

const report = {
  audits: {
    'long-tasks': {
      score: null,
      details: {
        items: [
          { url: 'http://127.0.0.1:4000/assets/react-C1.js', duration: 153.4, startTime: 3132.2 },
          { url: 'Unattributable', duration: 189.2, startTime: 625 },
          { url: 'http://127.0.0.1:4000/assets/app-B.js', duration: 637.6, startTime: 3399 },
        ],
      },
    },
    'bootup-time': {
      score: 0,
      details: {
        items: [
          { url: 'http://127.0.0.1:4000/assets/app-B.js', total: 1064.4, scripting: 428.1 },
          { url: 'http://127.0.0.1:4000/', total: 1059, scripting: 8 },
          { url: 'http://127.0.0.1:4000/assets/react-C1.js', total: 1488.2, scripting: 1090.4 },
        ],
      },
    },
    'mainthread-work-breakdown': {
      score: 0,
      details: {
        items: [
          { group: 'styleLayout', duration: 676 },
          { group: 'scriptEvaluation', duration: 2764.4 },
        ],
      },
    },
  },
};

describe('Lighthouse evidence', () => {
  it('lists the longest tasks and costliest scripts first, named by file, in whole milliseconds', () => {
    const e = lighthouseEvidence(report);
    expect(e.longTasks).toEqual([
      { script: 'assets/app-B.js', chunk: 'assets/app-B.js', ms: 638, startMs: 3399 },
      { script: 'Unattributable', chunk: 'Unattributable', ms: 189, startMs: 625 },
      { script: 'assets/react-C1.js', chunk: 'assets/react-C1.js', ms: 153, startMs: 3132 },
    ]);
    expect(e.scripts.map((s) => [s.script, s.totalMs, s.scriptingMs])).toEqual([
      ['assets/react-C1.js', 1488, 1090],
      ['assets/app-B.js', 1064, 428],
      ['(document)', 1059, 8],
    ]);
    expect(e.mainThread).toEqual([
      { group: 'scriptEvaluation', ms: 2764 },
      { group: 'styleLayout', ms: 676 },
    ]);
  });

  it('is empty, not an error, for a report without those diagnostics', () => {
    expect(lighthouseEvidence({ audits: {} })).toEqual({ longTasks: [], scripts: [], mainThread: [] });
  });
});

describe('the tasks over 50 ms of a Lighthouse 12 report, with their chunks', () => {
  // A report of /trade in Lighthouse 12's JSON shape, cut to the audits the bench reads (tests/fixtures/lighthouse/).
  const lhr = JSON.parse(
    readFileSync(new URL('../../../fixtures/lighthouse/trade-mobile.report.json', import.meta.url), 'utf8'),
  ) as Parameters<typeof lighthouseEvidence>[0];

  it('names every task over 50 ms (not only the longest few) with its chunk, longest first', () => {
    expect(lighthouseEvidence(lhr).longTasks.map((t) => [t.chunk, t.ms, t.startMs])).toEqual([
      ['app', 237, 2912],
      ['react', 235, 3149],
      ['create-feed-bridge', 173, 3613],
      ['chart', 159, 4411],
      ['react', 129, 3390],
      ['(document)', 62, 812],
      ['Unattributable', 58, 640],
    ]);
  });

  it('leaves out a task of exactly 50 ms (it blocks nothing: TBT counts what is over 50)', () => {
    expect(lighthouseEvidence(lhr).longTasks.some((t) => t.chunk === 'trade-page')).toBe(false);
  });

  it("reads a chunk's name from a built file's name, whatever the hash holds", () => {
    expect(chunkName('assets/create-feed-bridge-Ce_1-v_u.js')).toBe('create-feed-bridge');
    expect(chunkName('assets/react-CccVFQFD.js')).toBe('react');
    expect(chunkName('assets/app-DX_uE7-W.js')).toBe('app');
    expect(chunkName('(document)')).toBe('(document)');
    expect(chunkName('Unattributable')).toBe('Unattributable');
  });
});

describe("TBT by the main thread's CPU, from the run's saved trace", () => {
  const task = (atMs: number, wallMs: number, cpuMs: number) => ({
    pid: 1,
    tid: 2,
    ts: atMs * 1000,
    dur: wallMs * 1000,
    tdur: cpuMs * 1000,
    ph: 'X',
    name: 'ThreadControllerImpl::RunTask',
  });
  const trace = {
    traceEvents: [
      { pid: 1, tid: 2, ts: 100_000, ph: 'I', name: 'firstContentfulPaint' },
      task(50, 40, 30), // before the first paint
      task(110, 25, 20), // 100 ms at 5×: 50 blocking
      task(200, 90, 6), // 90 ms of wall clock, 30 at 5×: waiting for a core, not blocking
    ],
  };

  it("counts CPU × the run's slowdown over 50 ms after first paint, then removes Lighthouse's assets", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lh-assets-'));
    try {
      const report = join(dir, 'root-1.report.json');
      const assets = [join(dir, 'root-1.report-0.trace.json'), join(dir, 'root-1.report-0.devtoolslog.json')];
      writeFileSync(assets[0] as string, JSON.stringify(trace));
      writeFileSync(assets[1] as string, '[]');
      expect(cpuBlockingMs(report, 5)).toBe(50);
      expect(assets.filter((a) => existsSync(a))).toEqual([]);
      expect(cpuBlockingMs(report, 5)).toBeNull(); // no trace: no figure, not an error
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Lighthouse median run', () => {
  const run = (performance: number | null, tbtMs: number): LighthouseRun => ({
    url: 'http://x/',
    performance,
    accessibility: 100,
    bestPractices: 100,
    lcpMs: 1,
    tbtMs,
    cls: 0,
    fcpMs: 1,
    speedIndexMs: 1,
    failing: [],
    evidence: null,
    error: performance === null ? 'failed' : null,
    version: '12',
  });

  it('keeps the run with the median score, its own figures with it, and lists every score', () => {
    const m = medianRun([run(74, 1100), run(62, 1900), run(81, 800)]);
    expect(m.performance).toBe(74);
    expect(m.tbtMs).toBe(1100);
    expect(m.performanceRuns).toEqual([74, 62, 81]);
  });

  it('leaves failed runs out of the median, and returns the failure when every run failed', () => {
    expect(medianRun([run(null, 0), run(70, 1), run(90, 2)]).performance).toBe(70);
    expect(medianRun([run(null, 0)]).error).toBe('failed');
  });
});
