// Folds the render runs into one summary per case and screen.
import { pairedRatios, spread, type Spread } from '../lib/stats.ts';
import type { FeedModeName } from './cases.ts';
import { METRICS, type MetricKey } from './metrics.ts';
import type { RunResult } from './run-one.ts';

export type ScreenSummary = ReturnType<typeof summariseRuns>[number];

const spreads = (): Partial<Record<MetricKey, Spread>> => ({});

export function summariseRuns(runs: readonly RunResult[]) {
  const groups = new Map<string, RunResult[]>();
  for (const r of runs) {
    const k = `${r.spec.caseId}\u0000${r.spec.screen}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.values()].map((group) => {
    const ok = (mode: FeedModeName): RunResult[] => group.filter((r) => r.ok && r.spec.mode === mode);
    const pairs = [...new Set(group.map((r) => r.spec.pair))].sort((a, b) => a - b);
    const byPair = (mode: FeedModeName, key: MetricKey): (number | null)[] =>
      pairs.map((p) => group.find((r) => r.ok && r.spec.mode === mode && r.spec.pair === p)?.metrics[key] ?? null);
    const paired = (a: FeedModeName, b: FeedModeName, key: MetricKey): Spread =>
      spread(pairedRatios(byPair(a, key), byPair(b, key)).values);
    const [worker, main, floor] = [ok('worker'), ok('main'), ok('floor')];
    const s = {
      caseId: group[0]?.spec.caseId ?? '',
      screen: group[0]?.spec.screen ?? 'market',
      runs: {
        worker: worker.length,
        main: main.length,
        floor: floor.length,
        failed: group.filter((r) => !r.ok).length,
      },
      worker: spreads(),
      main: spreads(),
      ratio: spreads(),
      /** Medians, and worker/floor, main/floor per pair. */
      floor: spreads(),
      workerToFloor: spreads(),
      mainToFloor: spreads(),
      errors: [...new Set(group.filter((r) => r.error).map((r) => `${r.spec.mode}#${r.spec.pair}: ${r.error ?? ''}`))],
    };
    for (const { key, ratio } of METRICS) {
      s.worker[key] = spread(worker.map((r) => r.metrics[key]));
      s.main[key] = spread(main.map((r) => r.metrics[key]));
      if (ratio) s.ratio[key] = paired('worker', 'main', key);
      if (!floor.length) continue;
      s.floor[key] = spread(floor.map((r) => r.metrics[key]));
      if (ratio) s.workerToFloor[key] = paired('worker', 'floor', key);
      if (ratio) s.mainToFloor[key] = paired('main', 'floor', key);
    }
    return s;
  });
}
