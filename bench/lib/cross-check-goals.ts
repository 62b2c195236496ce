// The goals that need a full run: Lighthouse, the floor ratios with their CDP cross-check, the desk, the first screen.
import type { LighthouseRun } from '../startup/lighthouse.ts';
import { MAX_SPREAD } from '../startup/lighthouse-runs.ts';
import { check, type TargetCheck } from './targets.ts';
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
      const p = `${caseId} ${name}`;
      const bench = med(sum?.workerToFloor.mainMsPerUpdate);
      const cdp = med(sum?.workerToFloor.cdpTaskMsPerUpdate);
      out.push(
        check(
          `cdp.${caseId}.${name}.cdpVsFloor`,
          `${p}: CDP TaskDuration per update, worker/floor page (paired)`,
          cdp,
          '<= 1.2 ×',
        ),
        check(
          `cdp.${caseId}.${name}.cdpAgrees`,
          `${p}: the CDP cross-check's floor ratio against the bench's (|difference|)`,
          disagreementPct(bench, cdp),
          '<= 10 %',
        ),
      );
    }
  }
  const desk = screen('desktop-1x-5k', 'desk');
  out.push(
    check(
      'desk.perUpdateVsFloor',
      'desktop 1× 5,000 × 20/s: main-thread ms per update, worker/floor page (paired)',
      med(desk?.workerToFloor.mainMsPerUpdate),
      '<= 1.5 ×',
    ),
  );
  return out;
}

export function lighthouseGoals(runs: readonly LighthouseRun[]): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const lh of runs) {
    const route = new URL(lh.url).hash.replace('#', '') || '/';
    out.push(
      check(`lighthouse.${route}.tbt`, `Lighthouse ${route} TBT`, lh.tbtMs, '<= 150 ms'),
      check(
        `lighthouse.${route}.tbtCpu`,
        `Lighthouse ${route} TBT by main-thread CPU`,
        lh.cpuTbtMs ?? null,
        '<= 150 ms',
      ),
      check(`lighthouse.${route}.lcp`, `Lighthouse ${route} LCP`, lh.lcpMs, '<= 1800 ms'),
      check(
        `lighthouse.${route}.spread`,
        `Lighthouse ${route}: spread of the runs the median is of`,
        lh.spread ?? null,
        `<= ${MAX_SPREAD}`,
        lh.spreadReason ?? null,
      ),
    );
  }
  return out;
}
