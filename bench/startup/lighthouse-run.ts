// One Lighthouse run's shapes, apart so lighthouse.ts and lighthouse-spread.ts need not import each other.

export interface LighthouseRun {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** When the figure is the median of several runs. */
  performanceRuns?: (number | null)[];
  /** environment.benchmarkIndex; higher = faster. */
  benchmarkIndex?: number | null;
  /** Lighthouse's default 4×, or calibrated to the host (lighthouse-calibrate.ts). */
  cpuSlowdownMultiplier?: number;
  /** Reported beside the calibrated figure. */
  uncalibrated?: { performance: number | null; tbtMs: number | null; benchmarkIndex: number | null } | null;
  loadAverage?: number | null;
  /** Highest minus lowest score of the runs behind the median, and when above 5, why. */
  spread?: number | null;
  spreadReason?: string | null;
  /** Failing ids in accessibility and best practices: what to fix. */
  failing: string[];
  /** The evidence for a missed score. */
  evidence: LighthouseEvidence | null;
  error: string | null;
  version: string | null;
}

/** Over 50 ms at simulated 4×. */
export interface LongTask {
  script: string;
  /** The file name without Vite's hash, "(document)" for the page, or Lighthouse's own label as it is. */
  chunk: string;
  ms: number;
  startMs: number;
}

/** Times are ms at simulated 4×. */
export interface LighthouseEvidence {
  longTasks: LongTask[];
  scripts: { script: string; totalMs: number; scriptingMs: number }[];
  mainThread: { group: string; ms: number }[];
}
