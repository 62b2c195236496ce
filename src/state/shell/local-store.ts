// The one adapter (eslint.config.js adapterBlocks); null where blocked, so callers keep a choice for this visit only.
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
