// The browser's localStorage, the one adapter (eslint.config.js adapterBlocks): null where storage is blocked
// (private mode) or missing, so callers keep their choice for this visit only instead of failing.
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
