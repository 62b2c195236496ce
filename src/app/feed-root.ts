// The app's one feed bridge, built here (not at import) so nothing else constructs workers: the real Worker, the
// main-thread fallback loaded on demand, the page events, and the handle provided to screens (state/feed-handle.ts).
import type { FeedConfig } from '../../workers/protocol.ts';
import { animationFrames, browserTimers, whenIdle } from '../state/clock.ts';
import { FeedBridge } from '../state/feed-bridge.ts';
import { provideFeed } from '../state/feed-handle.ts';
import { feedMode } from '../state/feed-mode.ts';
import { wirePageEvents } from '../state/page-events.ts';
import { refreshSparklines } from '../state/sparklines.ts';
import { effect } from '@preact/signals-react';
import { $lowBandwidth, watchConnection, type ConnectionInfo } from '../state/data-saver.ts';

const WORKER_START_TIMEOUT_MS = 10_000;
/** The longest the feed's first batch waits for an idle page (a busy phone still gets live prices by then). */
const FIRST_IDLE_TIMEOUT_MS = 1_000;

export function createFeedBridge(): FeedBridge {
  return new FeedBridge({
    mode: feedMode,
    createWorker: () => new Worker(new URL('../../workers/feed-worker.ts', import.meta.url), { type: 'module' }),
    loadMainFeed: async () => {
      const [{ Feed }, { browserDeps }] = await Promise.all([
        import('../../workers/feed/feed.ts'),
        import('../../workers/feed/browser-deps.ts'),
      ]);
      return new Feed(browserDeps());
    },
    // The frame that paints a batch starts with this callback; the feed's next batch lands after that paint.
    afterPaint: () => new Promise<void>((resolve) => void animationFrames.request(() => resolve())),
    firstIdle: () => whenIdle(FIRST_IDLE_TIMEOUT_MS),
    timers: browserTimers,
    startTimeoutMs: WORKER_START_TIMEOUT_MS,
    log: console,
  });
}

/** Builds the bridge, provides its handle, wires the page events; returns the idempotent startFeed navigation calls. */
export function installFeed(bridge: FeedBridge = createFeedBridge()): (config: FeedConfig) => Promise<void> {
  provideFeed(bridge.handle, () => bridge.mode);
  if (typeof window !== 'undefined' && typeof document !== 'undefined') wirePageEvents(window, document, bridge.handle);
  if (typeof navigator !== 'undefined') watchConnection((navigator as Navigator & { connection?: ConnectionInfo }).connection);
  // Low-bandwidth mode follows its signal; the handle waits for start-up, so the first call may come before it.
  effect(() => {
    const on = $lowBandwidth.value;
    void bridge.handle.setLowBandwidth(on).catch(() => undefined);
  });
  // In that mode the socket also carries these codes beside the ones on screen (positions, the /trade instrument).
  // Loaded lazily with the account state it reads, as start.ts loads the account cache: not first-screen code.
  void import('../state/pinned-codes.ts').then(({ $pinnedCodes }) =>
    effect(() => {
      const codes = $pinnedCodes.value;
      void bridge.handle.setPinnedCodes(codes).catch(() => undefined);
    }),
  );
  return async (config) => {
    await bridge.start(config);
    void refreshSparklines(bridge.handle);
  };
}
