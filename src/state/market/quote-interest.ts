// Quote interest: a code is "shown" while anything on screen subscribes to one of its signals (a mounted row, the
// /trade header, the order form). Only shown codes get quotes from the feed: a phone showing 12 rows of a
// 300-instrument market applies 12 quotes a batch, not 300. Signals of a code that is not shown keep their last
// value until it is. Nothing runs at import: the counts move only when a signal gains or loses its first watcher.

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

/** The signal options (watched/unwatched) that count a code's watchers; one set per code's signals. */
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

/** The codes something on screen subscribes to right now. */
export function shownCodes(): string[] {
  return [...watchers.keys()];
}

/** Called with the shown codes after every change (batched per microtask); the bridge forwards them to the feed. */
export function onQuoteInterest(listener: (codes: string[]) => void): () => void {
  interestListeners.add(listener);
  return () => void interestListeners.delete(listener);
}
