// The app's one feed bridge with the browser's pieces: the real Worker, the main-thread fallback loaded on demand,
// the page's frames, idle time and timers. A lazy chunk with the bridge and Comlink (src/app/start/feed-root.ts loads it
// on the first startFeed: the feed's first batch waits for the page's first idle moment anyway).
import { animationFrames, browserTimers, whenIdle } from '../../state/shell/clock.ts';
import { FeedBridge } from '../../state/feed/feed-bridge.ts';
import { feedMode } from '../../state/feed/feed-mode.ts';
import { whenDrawn } from '../layout/drawn-end.tsx';

const WORKER_START_TIMEOUT_MS = 10_000;
/** The longest the feed's first batch waits for an idle page (a busy phone still gets live prices by then). */
const FIRST_IDLE_TIMEOUT_MS = 1_000;

export function createFeedBridge(): FeedBridge {
  return new FeedBridge({
    mode: feedMode,
    createWorker: () => new Worker(new URL('../../../workers/feed-worker.ts', import.meta.url), { type: 'module' }),
    loadMainFeed: async () => {
      const [{ Feed }, { browserDeps }] = await Promise.all([
        import('../../../workers/feed/feed.ts'),
        import('../../../workers/feed/browser-deps.ts'),
      ]);
      return new Feed(browserDeps());
    },
    // The frame that paints a batch starts with this callback; the feed's next batch lands after that paint.
    afterPaint: () => new Promise<void>((resolve) => void animationFrames.request(() => resolve())),
    // The first batch also waits for the shown route to have drawn: while React attaches to the prerendered screen
    // (in slices), a batch written into its signals would change what the HTML shows, and React would draw it afresh.
    firstIdle: () => whenDrawn().then(() => whenIdle(FIRST_IDLE_TIMEOUT_MS)),
    timers: browserTimers,
    startTimeoutMs: WORKER_START_TIMEOUT_MS,
    log: console,
  });
}
