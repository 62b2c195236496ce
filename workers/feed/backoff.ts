// The feed socket's reconnect delays: the one back-off rule (domain/backoff.ts) at the socket's figures.
import { backoffCeiling as ceiling, backoffDelay as delay } from '../../domain/backoff.ts';

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;

const FEED_BACKOFF = { baseMs: BACKOFF_BASE_MS, maxMs: BACKOFF_CAP_MS };

/** The ceiling for attempt n (0-based): base × 2^n, capped. */
export function backoffCeiling(attempt: number): number {
  return ceiling(attempt, FEED_BACKOFF);
}

/** A delay in [ceiling / 2, ceiling]. */
export function backoffDelay(attempt: number, random: () => number): number {
  return delay(attempt, FEED_BACKOFF, random);
}
