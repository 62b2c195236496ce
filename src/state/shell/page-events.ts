// The page's own signals that the socket may be dead or what is on screen old: back online, visible again after
// being hidden, restored from the back/forward cache (pageshow with persisted), or resumed after a freeze. Each
// tells the feed at once instead of waiting for the heartbeat or the backoff (FeedApi.nudge: a resume marks quotes
// stale, probes the socket, and refetches positions and balance once it answers). Hidden or left: the feed keeps
// the last live quotes at once (nudge 'hidden').
import type { FeedHandle } from '../feed/feed-bridge.ts';

export function wirePageEvents(
  win: Pick<Window, 'addEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'visibilityState'>,
  handle: Pick<FeedHandle, 'nudge'>,
): void {
  let wasHidden = doc.visibilityState === 'hidden';
  const resume = (): void => void handle.nudge('resume').catch(() => undefined);
  // Hidden or left (pagehide: a reload, a navigation away, the back/forward cache): the tab may be killed next, so the
  // feed writes the last live quotes now instead of at its next throttled write.
  const hide = (): void => void handle.nudge('hidden').catch(() => undefined);
  win.addEventListener('online', () => void handle.nudge('online').catch(() => undefined));
  win.addEventListener('pagehide', hide);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') {
      wasHidden = true;
      hide();
    } else if (wasHidden) {
      wasHidden = false;
      resume();
    }
  });
  // A page restored from the back/forward cache keeps its worker, whose socket the browser closed while it was there.
  win.addEventListener('pageshow', (ev) => {
    if (ev.persisted) resume();
  });
  // Chromium's Page Lifecycle: a frozen page ran no tasks at all, timers included.
  doc.addEventListener('resume', resume);
}
