// The render goals over a run's summaries (bench/README.md "Render A/B: the method").
import type { ScreenSummary } from '../render/aggregate.ts';
import type { RenderResult } from '../render/render-bench.ts';
import { check, type TargetCheck } from './targets.ts';

export type ScreenOf = (caseId: string, name: string) => ScreenSummary | undefined;

/** ≤ 0: the worker mode is no worse. */
function workerMinusMain(sum: ScreenSummary | undefined, key: keyof ScreenSummary['worker']): number | null {
  const w = sum?.worker[key]?.median;
  const m = sum?.main[key]?.median;
  return w === null || w === undefined || m === null || m === undefined ? null : w - m;
}

export function workerVsMainGoals(screen: ScreenOf): TargetCheck[] {
  const out: TargetCheck[] = [];
  const trade = screen('phone-6x', 'trade');
  const p = 'phone 6× trade, worker − main';
  out.push(
    check('vsMain.trade.longTasks', `${p}: long tasks`, workerMinusMain(trade, 'longTasks'), '<= 0'),
    check('vsMain.trade.tbt', `${p}: TBT`, workerMinusMain(trade, 'tbtMs'), '<= 0 ms'),
    check('vsMain.trade.tap', `${p}: tap p98`, workerMinusMain(trade, 'tapP98'), '<= 0 ms'),
    check('vsMain.trade.tickToPaint', `${p}: tick-to-paint p95`, workerMinusMain(trade, 'tickToPaintP95'), '<= 0 ms'),
  );
  // The stress case's /trade half measured the chart, not the feed; its long tasks are checked in perUpdateGoals.
  const stress = screen('phone-6x-stress', 'market')?.worker;
  out.push(
    check(
      'stress.market.rafP95',
      'phone 6× 2,000 × 20/s market: rAF p95 (probe on)',
      stress?.rafP95?.median ?? null,
      '<= 17.5 ms',
    ),
  );
  return out;
}

export const med = (v: { median: number | null } | undefined): number | null => v?.median ?? null;
const div = (a: number | null, b: number | null): number | null => (a === null || b === null || b === 0 ? null : a / b);

/** Per painted update at equal cadence, against the main-thread mode and the hand-written floor page. */
export function perUpdateGoals(screen: ScreenOf, render: RenderResult | null): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const caseId of ['phone-6x', 'phone-1x']) {
    for (const name of ['market', 'trade']) {
      const sum = screen(caseId, name);
      const p = `${caseId} ${name}`;
      out.push(
        check(
          `perUpdate.${caseId}.${name}.perUpdateVsMain`,
          `${p}: main-thread ms per update, worker/main (paired)`,
          med(sum?.ratio.mainMsPerUpdate),
          '<= 1 ×',
        ),
        check(
          `perUpdate.${caseId}.${name}.perUpdateVsFloor`,
          `${p}: main-thread ms per update, worker/floor page (paired)`,
          med(sum?.workerToFloor.mainMsPerUpdate),
          '<= 1.2 ×',
        ),
        check(
          `perUpdate.${caseId}.${name}.rendererCpuVsMain`,
          `${p}: renderer CPU all threads, worker/main (paired)`,
          med(sum?.ratio.rendererCpuMsPerSec),
          '<= 1 ×',
        ),
      );
    }
  }
  const f = render?.cases.find((c) => c.case.id === 'phone-6x')?.probeFloor;
  out.push(
    check(
      'probeFloor',
      'probe floor at 6×: static page busy with the probe as measured (rAF loop off)',
      pct(f?.mainBusyQuiet),
      '<= 5 %',
      floorNote(render),
    ),
  );
  const m300 = screen('phone-4x-multi-300', 'market');
  const m2000 = screen('phone-4x-multi-2000', 'market');
  out.push(
    check(
      'multi.workerGrowth',
      'multi-core 4×: worker-mode ms per update, 2,000 ÷ 300 instruments',
      div(med(m2000?.worker.mainMsPerUpdate), med(m300?.worker.mainMsPerUpdate)),
      '<= 1.2 ×',
    ),
    check(
      'multi.mainGrowth',
      'multi-core 4×: main-mode ms per update, 2,000 ÷ 300 instruments (should grow)',
      div(med(m2000?.main.mainMsPerUpdate), med(m300?.main.mainMsPerUpdate)),
      '>= 1.2 ×',
    ),
  );
  const stress = screen('phone-6x-stress', 'market')?.worker;
  out.push(
    check(
      'stress.longTasks',
      'one core 6× 2,000 × 20/s market, worker: long tasks (observer, probe on)',
      med(stress?.longTasks),
      '<= 0',
    ),
    check(
      'stress.traceLongTasks',
      'one core 6× 2,000 × 20/s market, worker: long tasks in the trace (probe off)',
      med(stress?.traceLongTasksQuiet),
      '<= 0',
    ),
  );
  const desk = screen('desktop-1x-5k', 'desk')?.worker;
  out.push(
    check(
      'desktop.tickToPaintP95',
      'desktop 1× 5,000 × 20/s: tick-to-paint p95',
      med(desk?.tickToPaintP95),
      '<= 50 ms',
    ),
  );
  return out;
}

function floorNote(render: RenderResult | null): string | null {
  const f = render?.cases.find((c) => c.case.id === 'phone-6x')?.probeFloor;
  if (!f || f.mainBusy === null) return null;
  return `a static page measures ${(f.mainBusy * 100).toFixed(1)} % with the rAF loop alone (probe floor)`;
}

function pct(v: number | null | undefined): number | null {
  return v === null || v === undefined ? null : v * 100;
}
