// The goals that need a full run: Lighthouse, the floor ratios with their CDP cross-check, the desk, the first screen.
import { MAX_SPREAD, type LighthouseRun } from '../startup/lighthouse-runs.ts';
import { check, checksOf, type TargetCheck } from './targets.ts';
import { med, type ScreenOf } from './render-goals.ts';

/** |cdp ÷ bench − 1| in %. */
export function disagreementPct(benchRatio: number | null, cdpRatio: number | null): number | null {
  if (benchRatio === null || cdpRatio === null || benchRatio <= 0) return null;
  return Math.abs(cdpRatio / benchRatio - 1) * 100;
}

export function crossCheckGoals(screen: ScreenOf): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const caseId of ['phone-1x', 'phone-6x']) {
    for (const name of ['market', 'trade']) {
      const sum = screen(caseId, name);
      const c = checksOf(`cdp.${caseId}.${name}`, `${caseId} ${name}`);
      const bench = med(sum?.workerToFloor.mainMsPerUpdate);
      const cdp = med(sum?.workerToFloor.cdpTaskMsPerUpdate);
      out.push(
        c('cdpVsFloor', 'CDP TaskDuration per update, worker/floor page (paired)', cdp, '<= 1.2 ×'),
        c(
          'cdpAgrees',
          "the CDP cross-check's floor ratio against the bench's (|difference|)",
          disagreementPct(bench, cdp),
          '<= 10 %',
        ),
      );
    }
  }
  const desk = 'desktop 1× 5,000 × 20/s: main-thread ms per update, worker/floor page (paired)';
  const deskRatio = med(screen('desktop-1x-5k', 'desk')?.workerToFloor.mainMsPerUpdate);
  out.push(check('desk.perUpdateVsFloor', desk, deskRatio, '<= 1.5 ×'));
  return out;
}

/** Every run's scores, then every run's timings and spread. */
export function lighthouseGoals(runs: readonly LighthouseRun[]): TargetCheck[] {
  const routed = runs.map((lh) => ({ lh, route: new URL(lh.url).hash.replace('#', '') || '/' }));
  const scores = routed.flatMap(({ lh, route }) => [
    check(`lighthouse.${route}.performance`, `Lighthouse ${route} performance`, lh.performance, '>= 95'),
    check(`lighthouse.${route}.accessibility`, `Lighthouse ${route} accessibility`, lh.accessibility, '>= 95'),
  ]);
  return scores.concat(
    routed.flatMap(({ lh, route }) => {
      const c = checksOf(`lighthouse.${route}`, `Lighthouse ${route}`);
      return [
        check(`lighthouse.${route}.tbt`, `Lighthouse ${route} TBT`, lh.tbtMs, '<= 150 ms'),
        check(`lighthouse.${route}.tbtCpu`, `Lighthouse ${route} TBT by main-thread CPU`, lh.cpuTbtMs, '<= 150 ms'),
        check(`lighthouse.${route}.lcp`, `Lighthouse ${route} LCP`, lh.lcpMs, '<= 1800 ms'),
        c('spread', 'spread of the runs the median is of', lh.spread, `<= ${MAX_SPREAD}`, lh.spreadReason ?? null),
      ];
    }),
  );
}
