// Lighthouse's CPU slowdown calibrated to the host (Lighthouse's throttling guide, "Calibrating the CPU
// slowdown"): its 4× assumes a high-end desktop host (benchmarkIndex 1,500–2,000) and lands in the mid-tier
// mobile bracket; on a slower or faster host the same 4× emulates a different phone. The multiplier that makes
// every host emulate the same phone is the host's index over the target phone's.

/** The emulated phone's benchmark index: Lighthouse's default 4× on the middle of its high-end desktop bracket
 * (1,750 ÷ 4 ≈ 440), a weak mid-tier phone of the bracket 125–800 (bench/interactions/README.md "Lighthouse calibration"). */
export const TARGET_BENCHMARK_INDEX = 440;
/** Lighthouse's own default: what an uncalibrated run applies. */
export const DEFAULT_CPU_SLOWDOWN = 4;
const MIN = 1;
const MAX = 20;

/** cpuSlowdownMultiplier = host benchmarkIndex ÷ target, rounded to 0.1, within 1–20; null index → the default. */
export function calibratedSlowdown(benchmarkIndex: number | null | undefined, target = TARGET_BENCHMARK_INDEX): number {
  if (benchmarkIndex === null || benchmarkIndex === undefined || !(benchmarkIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  const m = Math.round((benchmarkIndex / target) * 10) / 10;
  return Math.min(MAX, Math.max(MIN, m));
}
