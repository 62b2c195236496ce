// The render goals over a run's summaries (bench/README.md "Render A/B: the method").
import type { ScreenSummary } from '../render/aggregate.ts';
import type { RenderResult } from '../render/render-bench.ts';
import { check, checksOf, type TargetCheck } from './targets.ts';

export type ScreenOf = (caseId: string, name: string) => ScreenSummary | undefined;

/** ≤ 0: the worker mode is no worse. */
function workerMinusMain(sum: ScreenSummary | undefined, key: keyof ScreenSummary['worker']): number | null {
  const w = sum?.worker[key]?.median;
  const m = sum?.main[key]?.median;
  return w === null || w === undefined || m === null || m === undefined ? null : w - m;
}

export function workerVsMainGoals(screen: ScreenOf): TargetCheck[] {
  const trade = screen('phone-6x', 'trade');
  const c = checksOf('vsMain.trade', 'phone 6× trade, worker − main');
  // The stress case's /trade half measured the chart, not the feed; its long tasks are checked in perUpdateGoals.
  const stress = screen('phone-6x-stress', 'market')?.worker;
  return [
    c('longTasks', 'long tasks', workerMinusMain(trade, 'longTasks'), '<= 0'),
    c('tbt', 'TBT', workerMinusMain(trade, 'tbtMs'), '<= 0 ms'),
    c('tap', 'tap p98', workerMinusMain(trade, 'tapP98'), '<= 0 ms'),
    c('tickToPaint', 'tick-to-paint p95', workerMinusMain(trade, 'tickToPaintP95'), '<= 0 ms'),
    check(
      'stress.market.rafP95',
      'phone 6× 2,000 × 20/s market: rAF p95 (probe on)',
      stress?.rafP95?.median,
      '<= 17.5 ms',
    ),
  ];
}

export const med = (v: { median: number | null } | undefined): number | null => v?.median ?? null;
const div = (a: number | null, b: number | null): number | null => (a === null || b === null || b === 0 ? null : a / b);

/** Per painted update at equal cadence, against the main-thread mode and the hand-written floor page. */
export function perUpdateGoals(screen: ScreenOf, render: RenderResult | null): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const caseId of ['phone-6x', 'phone-1x']) {
    for (const name of ['market', 'trade']) {
      const sum = screen(caseId, name);
      const c = checksOf(`perUpdate.${caseId}.${name}`, `${caseId} ${name}`);
      out.push(
        c(
          'perUpdateVsMain',
          'main-thread ms per update, worker/main (paired)',
          med(sum?.ratio.mainMsPerUpdate),
          '<= 1 ×',
        ),
        c(
          'perUpdateVsFloor',
          'main-thread ms per update, worker/floor page (paired)',
          med(sum?.workerToFloor.mainMsPerUpdate),
          '<= 1.2 ×',
        ),
        c(
          'rendererCpuVsMain',
          'renderer CPU all threads, worker/main (paired)',
          med(sum?.ratio.rendererCpuMsPerSec),
          '<= 1 ×',
        ),
      );
    }
  }
  const f = render?.cases.find((c) => c.case.id === 'phone-6x')?.probeFloor;
  const floorNote =
    f && f.mainBusy !== null
      ? `a static page measures ${(f.mainBusy * 100).toFixed(1)} % with the rAF loop alone (probe floor)`
      : null;
  const quiet = f?.mainBusyQuiet;
  const probe = 'probe floor at 6×: static page busy with the probe as measured (rAF loop off)';
  out.push(check('probeFloor', probe, quiet === null || quiet === undefined ? null : quiet * 100, '<= 5 %', floorNote));
  const perUpdate = (instruments: string, mode: 'worker' | 'main'): number | null =>
    med(screen(`phone-4x-multi-${instruments}`, 'market')?.[mode].mainMsPerUpdate);
  const multi = checksOf('multi', 'multi-core 4×');
  const stress = screen('phone-6x-stress', 'market')?.worker;
  const stressed = checksOf('stress', 'one core 6× 2,000 × 20/s market, worker');
  const desk = screen('desktop-1x-5k', 'desk')?.worker;
  out.push(
    multi(
      'workerGrowth',
      'worker-mode ms per update, 2,000 ÷ 300 instruments',
      div(perUpdate('2000', 'worker'), perUpdate('300', 'worker')),
      '<= 1.2 ×',
    ),
    multi(
      'mainGrowth',
      'main-mode ms per update, 2,000 ÷ 300 instruments (should grow)',
      div(perUpdate('2000', 'main'), perUpdate('300', 'main')),
      '>= 1.2 ×',
    ),
    stressed('longTasks', 'long tasks (observer, probe on)', med(stress?.longTasks), '<= 0'),
    stressed('traceLongTasks', 'long tasks in the trace (probe off)', med(stress?.traceLongTasksQuiet), '<= 0'),
    check(
      'desktop.tickToPaintP95',
      'desktop 1× 5,000 × 20/s: tick-to-paint p95',
      med(desk?.tickToPaintP95),
      '<= 50 ms',
    ),
  );
  return out;
}
