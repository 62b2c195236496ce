// The server's current quotes in the first HTML (domain/first-quotes.ts; docs/client.md "The live price in the first
// HTML"), read by index.html's inline script: a first visit has nothing in IndexedDB, and the snapshot the server
// wrote into the page is newer than anything stored. Each quote is judged by its age at the server's clock (a phone's
// clock may be wrong) with the app's own stale rule, and by the market's state: closed, or halted by the desk.
// No DOM here but the read of the block: src/boot/paint.ts writes the screen.
import { FIRST_QUOTES_ID, type FirstQuotes } from '../../domain/first-quotes.ts';
import { lastKnownQuotes, type LastKnownQuote } from './last-known.ts';

/** The app's stale limit (src/app/start/feed-config.ts STALE_AFTER_MS), here without importing the app's config. */
export const SERVED_STALE_AFTER_MS = 10_000;

export function readFirstQuotes(doc: Document): FirstQuotes | null {
  const text = doc.getElementById(FIRST_QUOTES_ID)?.textContent;
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<FirstQuotes>;
    return typeof v.t === 'number' && Array.isArray(v.q) ? { t: v.t, q: v.q } : null;
  } catch {
    return null;
  }
}

/** The snapshot's quotes as the first screen shows them: display text, age, and live / stale / closed / halted. */
export function servedQuotes(
  snap: FirstQuotes,
  precisions: ReadonlyMap<string, number>,
  staleAfterMs = SERVED_STALE_AFTER_MS,
): LastKnownQuote[] {
  const byCode = new Map(snap.q.map((t) => [t[0], t]));
  return lastKnownQuotes(undefined, snap.q, precisions).map((k) => {
    const t = byCode.get(k.code);
    const halted = t?.[5] === 'halted';
    const state = halted
      ? 'halted'
      : !k.open
        ? 'closed'
        : t?.[5] === 'stale' || snap.t - k.time > staleAfterMs
          ? 'stale'
          : 'live';
    return { ...k, open: k.open && !halted, state, ...(halted ? { reason: t?.[6] ?? '' } : {}) };
  });
}
