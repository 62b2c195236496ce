// One retry rule: "equal jitter", so a fleet that lost the same peer at once does not knock again in lock-step.

export interface BackoffOptions {
  /** ms */
  baseMs: number;
  /** ms */
  maxMs: number;
}

/** Finite however long it has been down. */
export function backoffCeiling(attempt: number, opts: BackoffOptions): number {
  return Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** Half fixed (so it still grows), half random (so callers spread out). */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number): number {
  const ceiling = backoffCeiling(attempt, opts);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (r * ceiling) / 2);
}
