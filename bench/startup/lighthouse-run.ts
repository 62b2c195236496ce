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

/** The longest main-thread tasks, the scripts that cost the most, and the main thread's time by kind (ms, simulated 4×). */
export interface LighthouseEvidence {
  longTasks: { script: string; ms: number; startMs: number }[];
  scripts: { script: string; totalMs: number; scriptingMs: number }[];
  mainThread: { group: string; ms: number }[];
}
