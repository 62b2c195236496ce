// @vitest-environment node
// What a full run leaves in git (bench/report/write.ts): a summary of its figures, its targets and verdicts and the
// render spreads `--compare` reads, one line per figure; the whole run with its samples stays local.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOL } from '../../../../bench/lib/figures.ts';
import { compareRuns } from '../../../../bench/report/compare.ts';
import type { ResultsJson } from '../../../../bench/report/report-data.ts';
import { localPathOf, summaryOf, writeResults } from '../../../../bench/report/write.ts';

type Run = ResultsJson & { comparison?: unknown };

/** A run with one render screen (its runs' samples in `cases`), a bundle section, a target and a comparison. */
function run(median: number, spread: number): Run {
  const metric = { median, min: median - spread, max: median + spread, n: 3 };
  return {
    profile: 'full',
    figures: {
      'render.phone-6x.trade.worker.mainMsPerUpdate': {
        value: median,
        unit: 'ms',
        better: 'lower',
        tol: TOL.latencyMs,
      },
      'bundle.firstScreen.jsGzipKb': { value: 109.6, unit: 'KB', better: 'lower', tol: TOL.bundleKb },
    },
    targets: [
      {
        id: 'bundle.firstScreen',
        label: 'first screen',
        value: 109.6,
        op: '<=',
        limit: 110,
        unit: 'KB',
        verdict: 'met',
        note: null,
      },
    ],
    comparison: { changes: [{ key: 'bundle.firstScreen.jsGzipKb' }], missing: [] },
    sections: {
      render: {
        summaries: [
          {
            caseId: 'phone-6x',
            screen: 'trade',
            worker: { mainMsPerUpdate: metric },
            main: {},
            ratio: {},
            floor: { mainMsPerUpdate: { ...metric, median: median / 2 } },
            workerToFloor: { mainMsPerUpdate: { ...metric, median: 2 } },
          },
        ],
        cases: [{ runs: [{ ok: true, samples: { frameIntervalsMs: [[16.7, 300]] } }] }],
      },
      bundle: { chunks: [{ file: 'a.js', gzip: 1 }] },
    } as ResultsJson['sections'],
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempJson = (name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-bench-results-'));
  dirs.push(dir);
  return join(dir, name);
};

describe('the results a run writes', () => {
  it('keeps figures, targets and the render spreads in the summary; drops the samples and the comparison', () => {
    const s = summaryOf(run(4, 0.5));
    expect(s.figures).toEqual(run(4, 0.5).figures);
    expect(s.targets).toEqual(run(4, 0.5).targets);
    expect(s).not.toHaveProperty('comparison');
    expect(s.sections).toEqual({ render: { summaries: run(4, 0.5).sections?.render?.summaries } });
  });

  it('compares two summaries exactly as it compares the two whole runs', () => {
    const [a, b] = [run(4, 0.5), run(6, 0.2)];
    const whole = compareRuns(a, b);
    expect(whole.rows.length).toBe(2);
    expect(whole.floorDrift).toBe(1.5);
    expect(compareRuns(summaryOf(a), summaryOf(b))).toEqual(whole);
  });

  it('writes a complete run as its summary, one figure a line, and the whole run locally', () => {
    const path = tempJson(`test-${process.pid}-full.json`);
    const whole = writeResults(path, run(4, 0.5), true);
    try {
      expect(whole).toBe(localPathOf(path));
      expect(JSON.parse(readFileSync(whole, 'utf8'))).toEqual(run(4, 0.5));
      const text = readFileSync(path, 'utf8');
      expect(JSON.parse(text)).toEqual(summaryOf(run(4, 0.5)));
      const lines = text.split('\n');
      for (const key of Object.keys(run(4, 0.5).figures ?? {}))
        expect(lines.filter((l) => l.includes(`"${key}"`) && l.includes('"value"'))).toHaveLength(1);
    } finally {
      rmSync(whole, { force: true });
    }
  });

  it('writes a partial run whole where it is asked, and nothing else', () => {
    const path = tempJson('partial.json');
    expect(writeResults(path, run(4, 0.5), false)).toBe(path);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(run(4, 0.5));
    expect(existsSync(localPathOf(path))).toBe(false);
  });
});
