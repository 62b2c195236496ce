// The goals as checks over a full run: Lighthouse ≥ 95 with TBT ≤ 150 ms and LCP ≤ 1.8 s on `/` and `/trade`
// (the median of runs within 5 points of each other, else the spread is a miss with its reason), /trade and the list
// within 1.2× of their floor pages at 1× and 6× by the bench's figure and by the CDP TaskDuration cross-check, the two
// agreeing within 10 %, the desk at 5,000 × 20/s within 1.5× of its floor, and the first screen ≤ 110 KB gzip.
import type { LighthouseRun } from '../startup/lighthouse.ts';
import { MAX_SPREAD } from '../startup/lighthouse-spread.ts';
import { check, type TargetCheck } from './targets.ts';
import { med, type ScreenOf } from './render-goals.ts';

/** How far the outside measurement's floor ratio lies from the bench's, in % (|cdp ÷ bench − 1|). */
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
          '<=',
          1.2,
          '×',
        ),
        check(
          `cdp.${caseId}.${name}.cdpAgrees`,
          `${p}: the CDP cross-check's floor ratio against the bench's (|difference|)`,
          disagreementPct(bench, cdp),
          '<=',
          10,
          '%',
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
      '<=',
      1.5,
      '×',
    ),
  );
  return out;
}

export function lighthouseGoals(runs: readonly LighthouseRun[]): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const lh of runs) {
    const route = new URL(lh.url).hash.replace('#', '') || '/';
    out.push(
      check(`lighthouse.${route}.tbt`, `Lighthouse ${route} TBT`, lh.tbtMs, '<=', 150, 'ms'),
      check(`lighthouse.${route}.lcp`, `Lighthouse ${route} LCP`, lh.lcpMs, '<=', 1800, 'ms'),
      check(
        `lighthouse.${route}.spread`,
        `Lighthouse ${route}: spread of the runs the median is of`,
        lh.spread ?? null,
        '<=',
        MAX_SPREAD,
        '',
        lh.spreadReason ?? null,
      ),
    );
  }
  return out;
}
