// Lighthouse's 4× assumes a high-end desktop host: calibrated to the host, every host emulates the same phone.

/** Lighthouse's 4× on the middle of its high-end desktop bracket (1,750 ÷ 4): a weak mid-tier phone. */
export const TARGET_BENCHMARK_INDEX = 440;
/** What an uncalibrated run applies. */
export const DEFAULT_CPU_SLOWDOWN = 4;
const MIN = 1;
const MAX = 20;

/** Host benchmarkIndex ÷ target, rounded to 0.1, within 1–20; a null index gives the default. */
export function calibratedSlowdown(benchmarkIndex: number | null | undefined, target = TARGET_BENCHMARK_INDEX): number {
  if (benchmarkIndex === null || benchmarkIndex === undefined || !(benchmarkIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  const m = Math.round((benchmarkIndex / target) * 10) / 10;
  return Math.min(MAX, Math.max(MIN, m));
}
