// Retry delays, one rule for every reconnecting or retrying part: exponential with "equal jitter", so a fleet that
// lost the same peer at the same moment (the app's feeds after a server restart, the market writers after an LP
// dropped, the notification sender after a gateway refused) does not knock again in lock-step. Time and randomness
// are the caller's (docs/architecture.md convention 5); the loops that wait live beside their callers.

export interface BackoffOptions {
  /** First delay (ms). */
  baseMs: number;
  /** Ceiling (ms). */
  maxMs: number;
}

/** The ceiling for attempt n (0 = the first retry): base × 2^n, capped (and finite however long it has been down). */
export function backoffCeiling(attempt: number, opts: BackoffOptions): number {
  return Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** A delay in [ceiling / 2, ceiling]: half fixed (so it still grows), half random (so callers spread out). */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number): number {
  const ceiling = backoffCeiling(attempt, opts);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (r * ceiling) / 2);
}
