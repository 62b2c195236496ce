// Page events that mean the socket may be dead or the screen old tell the feed at once, not at the next heartbeat.
import type { FeedHandle } from '../feed/feed-bridge.ts';

export function wirePageEvents(
  win: Pick<Window, 'addEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'visibilityState'>,
  handle: Pick<FeedHandle, 'nudge'>,
): void {
  let wasHidden = doc.visibilityState === 'hidden';
  const resume = (): void => void handle.nudge('resume').catch(() => undefined);
  // The tab may be killed next, so the feed writes the last live quotes now, not at its next throttled write.
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
