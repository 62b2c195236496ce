// @vitest-environment node
// The render goals (bench/lib/render-goals.ts, through bench/lib/report.ts): the worker mode judged against the
// main-thread mode of the same run on /trade, the stress case, the 1× main-thread CPU per second; and the goals
// removed since, with their reasons.
import { describe, expect, it } from 'vitest';
import { targetsOf, type Sections } from '../../../../bench/lib/report.ts';
import type { ScreenSummary } from '../../../../bench/render/aggregate.ts';
import type { RenderResult } from '../../../../bench/render/render-bench.ts';

const at = (median: number) => ({ median, min: median, max: median, n: 3 });

function summary(
  caseId: string,
  screen: 'market' | 'trade',
  worker: ScreenSummary['worker'],
  main: ScreenSummary['main'],
): ScreenSummary {
  return {
    caseId,
    screen,
    runs: { worker: 3, main: 3, floor: 0, failed: 0 },
    worker,
    main,
    ratio: {},
    floor: {},
    workerToFloor: {},
    mainToFloor: {},
    errors: [],
  };
}

function sections(summaries: ScreenSummary[]): Sections {
  return {
    render: { summaries, cases: [] } as unknown as RenderResult,
    micro: null,
    bundle: null,
    lighthouse: null,
    fanout: null,
  };
}

const byId = (s: Sections) => new Map(targetsOf(s).map((t) => [t.id, t]));

describe('render targets', () => {
  it('the worker mode on /trade is held to the main-thread mode of the same run', () => {
    const t = byId(
      sections([
        summary(
          'phone-6x',
          'trade',
          { longTasks: at(2), tbtMs: at(10), tapP98: at(90), tickToPaintP95: at(60) },
          { longTasks: at(1), tbtMs: at(10), tapP98: at(95), tickToPaintP95: at(50) },
        ),
      ]),
    );
    expect(t.get('vsMain.trade.longTasks')).toMatchObject({ value: 1, verdict: 'missed' });
    expect(t.get('vsMain.trade.tbt')).toMatchObject({ value: 0, verdict: 'met' });
    expect(t.get('vsMain.trade.tap')).toMatchObject({ value: -5, verdict: 'met' });
    expect(t.get('vsMain.trade.tickToPaint')).toMatchObject({ value: 10, verdict: 'missed' });
  });

  it('per update against main and the floor page, the multi-core growth; the 15 ms/s target is gone', () => {
    const list: ScreenSummary = {
      ...summary('phone-1x', 'market', { mainMsPerUpdate: at(3) }, { mainMsPerUpdate: at(4) }),
      ratio: { mainMsPerUpdate: at(0.75) },
      workerToFloor: { mainMsPerUpdate: at(1.3) },
    };
    const m300 = summary('phone-4x-multi-300', 'market', { mainMsPerUpdate: at(10) }, { mainMsPerUpdate: at(10) });
    const m2000 = summary('phone-4x-multi-2000', 'market', { mainMsPerUpdate: at(11) }, { mainMsPerUpdate: at(20) });
    const t = byId(sections([list, m300, m2000]));
    expect(t.get('perUpdate.phone-1x.market.perUpdateVsMain')).toMatchObject({ value: 0.75, verdict: 'met' });
    expect(t.get('perUpdate.phone-1x.market.perUpdateVsFloor')).toMatchObject({ value: 1.3, verdict: 'missed' });
    expect(t.get('perUpdate.phone-1x.trade.perUpdateVsFloor')?.verdict).toBe('n/a');
    expect(t.get('multi.workerGrowth')?.value).toBeCloseTo(1.1, 10);
    expect(t.get('multi.workerGrowth')?.verdict).toBe('met');
    expect(t.get('multi.mainGrowth')).toMatchObject({ value: 2, verdict: 'met' });
    expect(t.has('cpu1x.market')).toBe(false);
  });

  it('the stress case needs a rAF p95 within 17.5 ms, on the list only; absent, it is n/a', () => {
    const t = byId(sections([summary('phone-6x-stress', 'market', { longTasks: at(0), rafP95: at(18) }, {})]));
    expect(t.get('stress.market.rafP95')?.verdict).toBe('missed');
    expect(t.has('stress.trade.rafP95')).toBe(false);
    expect(byId(sections([])).get('stress.market.rafP95')?.verdict).toBe('n/a');
  });

  it('phone long tasks come from the trace with the probe off; the busy, TBT-ratio and 6× tick-to-paint targets are gone', () => {
    const list = summary('phone-6x', 'market', { longTasks: at(3), traceLongTasksQuiet: at(0) }, {});
    const t = byId(sections([list]));
    expect(t.get('phone.market.longTasks')).toMatchObject({ value: 0, verdict: 'met' });
    expect(t.has('phone.market.mainBusy')).toBe(false);
    expect(t.has('phone.market.tbtRatio')).toBe(false);
    expect(t.has('phone.market.tickToPaintP95')).toBe(false);
  });
});
