// @vitest-environment node
// Issue 15's render targets (bench/lib/report.ts): the worker mode judged against the main-thread mode of the same
// run on /trade, the stress case's zero long tasks, and the 1× main-thread CPU per second.
import { describe, expect, it } from 'vitest';
import { targetsOf, type Sections } from '../../bench/lib/report.ts';
import type { ScreenSummary } from '../../bench/render/aggregate.ts';
import type { RenderResult } from '../../bench/render/render-bench.ts';

const at = (median: number) => ({ median, min: median, max: median, n: 3 });

function summary(caseId: string, screen: 'market' | 'trade', worker: ScreenSummary['worker'], main: ScreenSummary['main']): ScreenSummary {
  return { caseId, screen, runs: { worker: 3, main: 3, failed: 0 }, worker, main, ratio: {}, errors: [] };
}

function sections(summaries: ScreenSummary[]): Sections {
  return { render: { summaries, cases: [] } as unknown as RenderResult, micro: null, bundle: null, lighthouse: null, fanout: null };
}

const byId = (s: Sections) => new Map(targetsOf(s).map((t) => [t.id, t]));

describe('issue 15 render targets', () => {
  it('the worker mode on /trade is held to the main-thread mode of the same run', () => {
    const t = byId(
      sections([
        summary('phone-6x', 'trade', { longTasks: at(2), tbtMs: at(10), tapP98: at(90), tickToPaintP95: at(60) }, { longTasks: at(1), tbtMs: at(10), tapP98: at(95), tickToPaintP95: at(50) }),
      ]),
    );
    expect(t.get('r2.trade.longTasksVsMain')).toMatchObject({ value: 1, verdict: 'missed' });
    expect(t.get('r2.trade.tbtVsMain')).toMatchObject({ value: 0, verdict: 'met' });
    expect(t.get('r2.trade.tapVsMain')).toMatchObject({ value: -5, verdict: 'met' });
    expect(t.get('r2.trade.tickToPaintVsMain')).toMatchObject({ value: 10, verdict: 'missed' });
  });

  it('the 1× CPU figure is the probe-off busy share in ms per second, 15 at most', () => {
    const t = byId(
      sections([
        summary('phone-1x', 'market', { mainBusyQuiet: at(0.012) }, {}),
        summary('phone-1x', 'trade', { mainBusyQuiet: at(0.02) }, {}),
      ]),
    );
    expect(t.get('r2.cpu1x.market')?.value).toBeCloseTo(12, 10);
    expect(t.get('r2.cpu1x.market')?.verdict).toBe('met');
    expect(t.get('r2.cpu1x.trade')).toMatchObject({ verdict: 'missed' });
  });

  it('the stress case needs zero long tasks and a rAF p95 within 17.5 ms; absent, it is n/a', () => {
    const t = byId(sections([summary('phone-6x-stress', 'market', { longTasks: at(0), rafP95: at(18) }, {})]));
    expect(t.get('r2.stress.market.longTasks')?.verdict).toBe('met');
    expect(t.get('r2.stress.market.rafP95')?.verdict).toBe('missed');
    expect(t.get('r2.stress.trade.longTasks')?.verdict).toBe('n/a');
  });
});
