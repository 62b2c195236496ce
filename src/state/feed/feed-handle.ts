// The feed handle screens and stores call (feed().watchChart, setPositions, …). The composition root
// (src/app/start/feed-root.ts) provides the real bridge's handle at start-up; tests provide a fake the same way, so no
// module has to be mocked. Before anything is provided every call rejects: a screen used outside the app.
import type { FeedHandle } from './feed-bridge.ts';
import type { FeedMode } from './feed-mode.ts';
import { forwardLater } from '../../../domain/forwarding.ts';

const noFeed = (): Promise<never> => Promise.reject(new Error('feed: no feed provided'));
const notStarted: FeedHandle = forwardLater<FeedHandle>(noFeed, { label: 'FeedHandle' });

let current: FeedHandle = notStarted;
let currentMode: () => FeedMode | null = () => null;

export function provideFeed(handle: Partial<FeedHandle>, mode: () => FeedMode | null = () => null): void {
  // A fake may provide only what its test uses; anything else rejects as before start-up.
  current = forwardLater<FeedHandle>(noFeed, { label: 'FeedHandle', own: handle });
  currentMode = mode;
}

/** The single handle screens use. */
export function feed(): FeedHandle {
  return current;
}

/** Which implementation actually runs ('worker' unless it fell back), null before start. For e2e and the bench. */
export function runningFeedMode(): FeedMode | null {
  return currentMode();
}
