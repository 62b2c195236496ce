// Figures compared run to run: each carries its direction and tolerance, so a baseline says what counts as worse.

export type Better = 'lower' | 'higher';

export interface Tolerance {
  /** Allowed relative change (0.25 = 25 % worse) … */
  rel: number;
  /** … plus an absolute allowance in the figure's unit, for figures near zero. */
  abs: number;
}

export type Figure = ReturnType<typeof figure>;

export type Figures = Record<string, Figure>;

/** The shared machine is noisy, so timing figures get wide margins; the deterministic bundle gets a tight one. */
export const TOL = {
  frameMs: { rel: 0.25, abs: 2 },
  latencyMs: { rel: 0.5, abs: 10 },
  blockingMs: { rel: 0.5, abs: 50 },
  count: { rel: 0.5, abs: 2 },
  share: { rel: 0.3, abs: 0.05 },
  ratio: { rel: 0.5, abs: 0.15 },
  perSec: { rel: 0.25, abs: 1 },
  kb: { rel: 0.1, abs: 1 },
  heapMb: { rel: 1, abs: 2 },
  cpuMs: { rel: 0.3, abs: 1 },
  bundleKb: { rel: 0.03, abs: 1 },
  microNs: { rel: 0.5, abs: 50 },
  score: { rel: 0, abs: 5 },
  serverLatencyMs: { rel: 1, abs: 20 },
  throughput: { rel: 0.4, abs: 10 },
  rssMb: { rel: 0.3, abs: 50 },
} as const satisfies Record<string, Tolerance>;

export function figure(value: number | null, unit: string, better: Better, tol: Tolerance) {
  return { value, unit, better, tol };
}

export interface Change {
  key: string;
  unit: string;
  base: number;
  current: number;
  /** Signed so that positive is always worse. */
  worseBy: number;
  limit: number;
  regression: boolean;
}

/** Infinity is worse than any finite baseline. */
export function isRegression(base: number, current: number, better: Better, tol: Tolerance): boolean {
  if (!Number.isFinite(base)) return false; // an unbounded baseline cannot get worse
  if (!Number.isFinite(current)) return better === 'lower' ? current > 0 : current < 0;
  return better === 'lower' ? current > base * (1 + tol.rel) + tol.abs : current < base * (1 - tol.rel) - tol.abs;
}

export function compareFigures(baseline: Figures, current: Figures): { changes: Change[]; missing: string[] } {
  const changes: Change[] = [];
  const missing: string[] = [];
  for (const [key, base] of Object.entries(baseline)) {
    const cur = current[key];
    if (!cur || cur.value === null || base.value === null) {
      if (base.value !== null) missing.push(key);
      continue;
    }
    const sign = base.better === 'lower' ? 1 : -1;
    const limit =
      base.better === 'lower'
        ? base.value * (1 + base.tol.rel) + base.tol.abs
        : base.value * (1 - base.tol.rel) - base.tol.abs;
    changes.push({
      key,
      unit: base.unit,
      base: base.value,
      current: cur.value,
      worseBy: sign * (cur.value - base.value),
      limit,
      regression: isRegression(base.value, cur.value, base.better, base.tol),
    });
  }
  return { changes, missing };
}

export interface Baseline {
  /** A quick run is compared only with a quick baseline. */
  profiles: Partial<Record<string, { acceptedAt: string; command: string; figures: Figures }>>;
}
