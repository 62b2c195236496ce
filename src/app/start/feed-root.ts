// The app's one feed, built here (not at import) with the browser's pieces; returns the idempotent startFeed.
import { effect } from '@preact/signals-react';
import type { FeedConfig } from '../../../workers/protocol.ts';
import type { BridgeDeps, FeedMode, FeedHandle } from '../../state/feed/feed-bridge.ts';
import { FeedBridge, provideFeed } from '../../state/feed/feed-bridge.ts';
import { $sparklines } from '../../state/feed/feed-signals.ts';
import { animationFrames, browserTimers, whenIdle } from '../../state/shell/clock.ts';
import { $lowBandwidth, watchConnection, type ConnectionInfo } from '../../state/settings/data-saver.ts';
import { whenDrawn } from '../layout/drawn-end.tsx';
import { socketSessionRejected } from '../../api/client.ts';

// Page events that mean the socket may be dead or the screen old tell the feed at once, not at the next heartbeat.
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

const WORKER_START_TIMEOUT_MS = 10_000;
/** A busy phone still gets live prices by then. */
const FIRST_IDLE_TIMEOUT_MS = 1_000;

/** Before the hash or after it (docs/contract.md §2 reads queries after the hash). */
export function feedModeFrom(search: string, hash: string, hasWorker: boolean): FeedMode {
  if (!hasWorker) return 'main';
  const q = hash.indexOf('?');
  const fromHash = q >= 0 ? new URLSearchParams(hash.slice(q + 1)).get('feed') : null;
  return (fromHash ?? new URLSearchParams(search).get('feed')) === 'main' ? 'main' : 'worker';
}

export function browserBridgeDeps(): BridgeDeps {
  const hasWorker = typeof Worker !== 'undefined';
  return {
    mode: typeof location === 'undefined' ? 'main' : feedModeFrom(location.search, location.hash, hasWorker),
    createWorker: () => new Worker(new URL('../../../workers/feed-worker.ts', import.meta.url), { type: 'module' }),
    loadMainFeed: async () => {
      const [{ Feed }, { browserDeps }] = await Promise.all([
        import('../../../workers/feed/feed.ts'),
        import('../../../workers/feed/browser-deps.ts'),
      ]);
      return new Feed(browserDeps());
    },
    startTimeoutMs: WORKER_START_TIMEOUT_MS,
    timers: browserTimers,
    // The frame that paints a batch starts with this callback, so the next batch lands after that paint.
    afterPaint: () => new Promise<void>((resolve) => void animationFrames.request(() => resolve())),
    // A batch written while React attaches to the prerendered screen would make it draw that screen afresh.
    firstIdle: () => whenDrawn().then(() => whenIdle(FIRST_IDLE_TIMEOUT_MS)),
    // The banner's module reads the account API, a lazy chunk the first screen does without.
    onMarginCall: (call) => void import('../../state/account/margin-call.ts').then((m) => m.showMarginCall(call)),
    onSessionRejected: socketSessionRejected,
    log: console,
  };
}

export function installFeed(deps: BridgeDeps = browserBridgeDeps()): (config: FeedConfig) => Promise<void> {
  const bridge = new FeedBridge(deps);
  provideFeed(bridge, () => bridge.mode);
  if (typeof window !== 'undefined' && typeof document !== 'undefined') wirePageEvents(window, document, bridge);
  if (typeof navigator !== 'undefined')
    watchConnection((navigator as Navigator & { connection?: ConnectionInfo }).connection);
  // The bridge holds calls until start-up, so the first may come before it.
  effect(() => void bridge.setLowBandwidth($lowBandwidth.value).catch(() => undefined));
  // Lazy, with the account state it reads: not first-screen code.
  void import('../../state/market/pinned-codes.ts').then(({ $pinnedCodes }) =>
    effect(() => void bridge.setPinnedCodes($pinnedCodes.value).catch(() => undefined)),
  );
  return async (config) => {
    await bridge.start(config);
    void refreshSparklines(bridge);
  };
}

// The feed fetches at most once a minute however often this is called (each navigation does).
export async function refreshSparklines(handle: Pick<FeedBridge, 'sparklines'>): Promise<void> {
  try {
    $sparklines.value = keepSameSeries($sparklines.peek(), await handle.sparklines());
  } catch (err) {
    console.warn('feed: sparklines unavailable', err);
  }
}

// Each answer is a copy: an unchanged series keeps its array, so a list redraws only the lines that moved.
function keepSameSeries(
  kept: Record<string, Float32Array>,
  fresh: Record<string, Float32Array>,
): Record<string, Float32Array> {
  let same = Object.keys(kept).length === Object.keys(fresh).length;
  const out: Record<string, Float32Array> = {};
  for (const [code, series] of Object.entries(fresh)) {
    const old = kept[code];
    const equal = old !== undefined && old.length === series.length && old.every((v, i) => v === series[i]);
    out[code] = equal ? old : series;
    same &&= equal;
  }
  return same ? kept : out;
}
