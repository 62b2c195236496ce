// The indicator closes REFRESH_CLOSE_MS after it opens (docs/contract.md §9: 500 ms).

export const PULL_TRIGGER_PX = 56;
export const PULL_MAX_PX = 88;
export const REFRESH_CLOSE_MS = 500;

/** Resistance: half the finger's travel, capped; nothing for an upward move. */
export function pullOffset(travel: number): number {
  if (!(travel > 0)) return 0;
  return Math.min(PULL_MAX_PX, travel / 2);
}

export function releaseRefreshes(offset: number): boolean {
  return offset >= PULL_TRIGGER_PX;
}
