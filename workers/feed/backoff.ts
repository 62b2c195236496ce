// Reconnect delays: exponential with "equal jitter", so a server restart is not met by every client at once.

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;

/** The ceiling for attempt n (0-based): base × 2^n, capped. */
export function backoffCeiling(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** A delay in [ceiling / 2, ceiling]: half fixed (so it still grows), half random (so clients spread out). */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = backoffCeiling(attempt);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (r * ceiling) / 2);
}
