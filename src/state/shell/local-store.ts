// The one adapter (eslint.config.js adapterBlocks); null where blocked, so callers keep a choice for this visit only.
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The kept one of `choices`, else (none, another or blocked storage) the first. */
export function keptChoice<T extends string>(key: string, choices: readonly [T, ...T[]]): T {
  const v = localStore()?.getItem(key);
  return choices.find((c) => c === v) ?? choices[0];
}

/** Storage blocked or full: the choice is kept for this visit only. */
export function keepLocal(key: string, value: string): void {
  try {
    localStore()?.setItem(key, value);
  } catch {
    // nothing kept across a reload
  }
}
