// Reconnect back-off for the network sources (FIX, exchange streams): exponential with "equal jitter", so a fleet of
// writers that lost the same LP at the same moment does not knock on its door in lock-step. Time and randomness are
// injected (docs/architecture.md convention 5); the loop that waits lives in reconnect-loop.ts.

export interface BackoffOptions {
  /** First delay (ms). */
  baseMs: number;
  /** Ceiling (ms). */
  maxMs: number;
}

/** Delay before attempt `attempt` (0 = the first retry): half of the capped exponential, plus up to the other half at random. */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number): number {
  const cap = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(cap / 2 + (cap / 2) * random());
}
