// What one Lighthouse run of a page records (lighthouse.ts runs it, lighthouse-spread.ts compares runs): the shapes
// alone, so the two files import them from here instead of from each other.

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
  /** Every run's performance score when the figure is the median of several (full bench: 3, up to 6). */
  performanceRuns?: (number | null)[];
  /** Lighthouse's own measure of the host's speed during the run (environment.benchmarkIndex; higher = faster). */
  benchmarkIndex?: number | null;
  /** The CPU slowdown the run applied: Lighthouse's default 4×, or calibrated to the host (lighthouse-calibrate.ts). */
  cpuSlowdownMultiplier?: number;
  /** The uncalibrated default (4×) run of the same page in the same section, reported beside the calibrated figure. */
  uncalibrated?: { performance: number | null; tbtMs: number | null; benchmarkIndex: number | null } | null;
  /** The host's 1-minute load average when the run ended. */
  loadAverage?: number | null;
  /** Highest minus lowest score of the runs the figure is the median of, and, when above 5, why (lighthouse-spread.ts). */
  spread?: number | null;
  spreadReason?: string | null;
  /** Audits that failed in accessibility and best practices (ids), to say what to fix. */
  failing: string[];
  /** Where the blocking time comes from (bench/README.md cites it as the evidence for a missed score). */
  evidence: LighthouseEvidence | null;
  error: string | null;
  version: string | null;
}

/** A main-thread task over 50 ms (simulated 4×), with the script Lighthouse gives it and that script's chunk. */
export interface LongTask {
  script: string;
  /** The build's chunk name ("react", "app", "create-feed-bridge"): the file name without Vite's hash; "(document)"
   * for the page itself; Lighthouse's own label ("Unattributable") as it is. */
  chunk: string;
  ms: number;
  startMs: number;
}

/** Every main-thread task over 50 ms, the scripts that cost the most, and the main thread's time by kind (ms,
 * simulated 4×). */
export interface LighthouseEvidence {
  longTasks: LongTask[];
  scripts: { script: string; totalMs: number; scriptingMs: number }[];
  mainThread: { group: string; ms: number }[];
}
