// @vitest-environment node
// Lighthouse's figures (bench/lib/report.ts): `performance` is the score at Lighthouse's default 4× in every run, so
// --compare sets like beside like; a run calibrated to its host adds `performanceCalibrated`.
import { describe, expect, it } from 'vitest';
import { figuresOf, type Sections } from '../../../../bench/lib/report.ts';
import type { LighthouseRun } from '../../../../bench/startup/lighthouse-runs.ts';

function run(over: Partial<LighthouseRun>): LighthouseRun {
  return {
    url: 'http://127.0.0.1:1/#/trade',
    performance: 64,
    accessibility: 100,
    bestPractices: 100,
    lcpMs: 3300,
    tbtMs: 2300,
    cls: 0,
    fcpMs: 900,
    speedIndexMs: 1400,
    failing: [],
    evidence: null,
    error: null,
    version: '12.8.2',
    ...over,
  };
}

const sections = (lh: LighthouseRun): Sections => ({
  render: null,
  micro: null,
  bundle: null,
  lighthouse: [lh],
  fanout: null,
});

describe('Lighthouse figures', () => {
  it('a calibrated run: performance is the 4× score, performanceCalibrated the calibrated one', () => {
    const f = figuresOf(
      sections(
        run({ cpuSlowdownMultiplier: 8.2, uncalibrated: { performance: 82, tbtMs: 393, benchmarkIndex: 3596 } }),
      ),
    );
    expect(f['lighthouse.#/trade.performance']?.value).toBe(82);
    expect(f['lighthouse.#/trade.performanceCalibrated']?.value).toBe(64);
  });

  it("TBT by the main thread's CPU is the 4× run's, like the score, whatever the host", () => {
    const f = figuresOf(
      sections(
        run({
          cpuTbtMs: 260,
          cpuSlowdownMultiplier: 8.2,
          uncalibrated: { performance: 82, tbtMs: 393, cpuTbtMs: 40, benchmarkIndex: 3596 },
        }),
      ),
    );
    expect(f['lighthouse.#/trade.tbtCpuMs']).toMatchObject({ value: 40, unit: 'ms', better: 'lower' });
    expect(figuresOf(sections(run({ cpuTbtMs: 12 })))['lighthouse.#/trade.tbtCpuMs']?.value).toBe(12);
  });

  it('a run at the default 4×: performance is its score, and there is no calibrated figure', () => {
    const f = figuresOf(sections(run({ performance: 90, url: 'http://127.0.0.1:1/' })));
    expect(f['lighthouse./.performance']?.value).toBe(90);
    expect(f['lighthouse./.performanceCalibrated']).toBeUndefined();
  });
});
