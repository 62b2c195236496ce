// Only codes something on screen watches get quotes, so a batch scales with the rows shown, not the market.

const watchers = new Map<string, number>();
const interestListeners = new Set<(codes: string[]) => void>();
let interestQueued = false;

function interestChanged(): void {
  if (interestQueued) return;
  interestQueued = true;
  // Rows mount and unmount in bursts (a scroll, a filter): one notice per burst.
  queueMicrotask(() => {
    interestQueued = false;
    const codes = shownCodes();
    for (const l of interestListeners) l(codes);
  });
}

/** One set per code's signals. */
export function watchOptions(code: string): { watched(): void; unwatched(): void } {
  return {
    watched() {
      const n = watchers.get(code) ?? 0;
      watchers.set(code, n + 1);
      if (n === 0) interestChanged();
    },
    unwatched() {
      const n = (watchers.get(code) ?? 1) - 1;
      if (n > 0) watchers.set(code, n);
      else {
        watchers.delete(code);
        interestChanged();
      }
    },
  };
}

export function shownCodes(): string[] {
  return [...watchers.keys()];
}

/** Batched per microtask; the bridge forwards them to the feed. */
export function onQuoteInterest(listener: (codes: string[]) => void): () => void {
  interestListeners.add(listener);
  return () => void interestListeners.delete(listener);
}
