// The page's own signals that the socket may be dead: back online, or visible again after being hidden (a phone may
// have dropped the socket). Either reconnects now instead of waiting for the backoff.
import type { FeedHandle } from './feed-bridge.ts';

export function wirePageEvents(
  win: Pick<Window, 'addEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'visibilityState'>,
  handle: Pick<FeedHandle, 'nudge'>,
): void {
  let wasHidden = doc.visibilityState === 'hidden';
  win.addEventListener('online', () => void handle.nudge('online').catch(() => undefined));
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') wasHidden = true;
    else if (wasHidden) {
      wasHidden = false;
      void handle.nudge('visible').catch(() => undefined);
    }
  });
}
