// The feed handle screens and stores call (feed().watchChart, setPositions, …). The composition root
// (src/app/start/feed-root.ts) provides the real bridge's handle at start-up; tests provide a fake the same way, so no
// module has to be mocked. Before anything is provided every call rejects: a screen used outside the app.
import type { FeedHandle } from './feed-bridge.ts';
import type { FeedMode } from './feed-mode.ts';

const notStarted: FeedHandle = new Proxy({} as FeedHandle, {
  get: (_t, name) => (name === 'then' ? undefined : () => Promise.reject(new Error('feed: no feed provided'))),
});

let current: FeedHandle = notStarted;
let currentMode: () => FeedMode | null = () => null;

export function provideFeed(handle: Partial<FeedHandle>, mode: () => FeedMode | null = () => null): void {
  // A fake may provide only what its test uses; anything else rejects as before start-up.
  current = new Proxy(handle as FeedHandle, {
    // Read, not `in`: the bridge's handle is itself a Proxy whose methods exist only when asked for.
    get: (target, name): unknown => Reflect.get(target, name) ?? Reflect.get(notStarted, name),
  });
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
