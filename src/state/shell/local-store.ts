// The one adapter (eslint.config.js adapterBlocks); null where blocked, so callers keep a choice for this visit only.
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Storage blocked or full: the choice is kept for this visit only. */
export function keepLocal(key: string, value: string): void {
  try {
    localStore()?.setItem(key, value);
  } catch {
    // nothing kept across a reload
  }
}
