// The checks: the CDP TaskDuration cross-check agrees with the bench's per-update floor ratio within 10 %, and
// a Lighthouse figure whose runs spread more than 5 points is a miss that carries its reason.
import { expect, it } from 'vitest';
import { disagreementPct, lighthouseGoals, crossCheckGoals } from '../../../../bench/lib/cross-check-goals.ts';
import type { ScreenSummary } from '../../../../bench/render/aggregate.ts';
import type { LighthouseRun } from '../../../../bench/startup/lighthouse-runs.ts';

const spread = (median: number) => ({ median, min: median, max: median, n: 1 });

it('measures how far the outside figure lies from the bench figure', () => {
  expect(disagreementPct(1.14, 1.14)).toBe(0);
  expect(disagreementPct(1.14, 1.57)).toBeCloseTo(37.7, 1);
  expect(disagreementPct(null, 1.2)).toBeNull();
});

it('checks both floor ratios and their agreement per screen and rate, and the desk against its floor', () => {
  const sum = {
    workerToFloor: { mainMsPerUpdate: spread(1.1), cdpTaskMsPerUpdate: spread(1.15) },
  } as unknown as ScreenSummary;
  const checks = crossCheckGoals((caseId, name) => (caseId === 'phone-1x' && name === 'market' ? sum : undefined));
  const byId = new Map(checks.map((c) => [c.id, c]));
  expect(byId.get('cdp.phone-1x.market.cdpVsFloor')?.verdict).toBe('met');
  expect(byId.get('cdp.phone-1x.market.cdpAgrees')?.verdict).toBe('met'); // 4.5 %
  expect(byId.get('cdp.phone-6x.trade.cdpAgrees')?.verdict).toBe('n/a');
  expect(byId.get('desk.perUpdateVsFloor')?.verdict).toBe('n/a');
});

it('a Lighthouse figure with runs too far apart is a miss with its reason', () => {
  const lh = {
    url: 'http://127.0.0.1:1/#/trade',
    tbtMs: 120,
    cpuTbtMs: 180,
    lcpMs: 2100,
    spread: 9,
    spreadReason: 'scores 71–80; host benchmark index 600–1500; load average 1.00–3.00',
  } as LighthouseRun;
  const byId = new Map(lighthouseGoals([lh]).map((c) => [c.id, c]));
  expect(byId.get('lighthouse./trade.tbt')?.verdict).toBe('met');
  expect(byId.get('lighthouse./trade.tbtCpu')?.verdict).toBe('missed');
  expect(byId.get('lighthouse./trade.lcp')?.verdict).toBe('missed');
  expect(byId.get('lighthouse./trade.spread')).toMatchObject({ verdict: 'missed', note: lh.spreadReason });
});
