// The app's one feed, built here (not at import) so nothing else constructs workers. The bridge and Comlink are a
// lazy chunk (create-feed-bridge.ts) loaded on the first startFeed, not first-screen bytes: until then the handle
// provided to screens (state/feed/feed-handle.ts) holds every call, as the bridge's own handle holds calls until start-up.
import type { FeedConfig } from '../../../workers/protocol.ts';
import type { FeedBridge, FeedHandle } from '../../state/feed/feed-bridge.ts';
import { provideFeed } from '../../state/feed/feed-handle.ts';
import { wirePageEvents } from '../../state/shell/page-events.ts';
import { refreshSparklines } from '../../state/feed/sparklines.ts';
import { effect } from '@preact/signals-react';
import { yieldToMain } from '../../state/shell/yield-task.ts';
import { $lowBandwidth, watchConnection, type ConnectionInfo } from '../../state/settings/data-saver.ts';
import { forwardLater } from '../../../domain/forwarding.ts';

// The bridge's chunk (Comlink and the bridge) is evaluated in one task, and the bridge built (the worker started, the
// page's listeners wired) in the next: two shorter tasks instead of one long one on a weak phone (docs/client.md
// "Start-up in slices").
const loadBridge = (): Promise<FeedBridge> =>
  import('./create-feed-bridge.ts').then(async (m) => {
    await yieldToMain();
    return m.createFeedBridge();
  });

/** A handle whose calls wait for the bridge, then go to its handle (methods forwarded by name, as the bridge does). */
function waitingHandle(bridge: Promise<FeedBridge>): FeedHandle {
  return forwardLater<FeedHandle>(async () => (await bridge).handle, { label: 'FeedHandle' });
}

/**
 * Provides the feed's handle, wires the page events; returns the idempotent startFeed navigation calls. The bridge is
 * loaded (`load`) on the first of them.
 */
export function installFeed(load: () => Promise<FeedBridge> = loadBridge): (config: FeedConfig) => Promise<void> {
  let loaded: FeedBridge | null = null;
  let loading: Promise<FeedBridge> | null = null;
  let found: (b: FeedBridge) => void = () => undefined;
  const bridge = new Promise<FeedBridge>((resolve) => (found = resolve));
  const handle = waitingHandle(bridge);
  provideFeed(handle, () => loaded?.mode ?? null);
  if (typeof window !== 'undefined' && typeof document !== 'undefined') wirePageEvents(window, document, handle);
  if (typeof navigator !== 'undefined')
    watchConnection((navigator as Navigator & { connection?: ConnectionInfo }).connection);
  // Low-bandwidth mode follows its signal; the handle waits for start-up, so the first call may come before it.
  effect(() => {
    const on = $lowBandwidth.value;
    void handle.setLowBandwidth(on).catch(() => undefined);
  });
  // In that mode the socket also carries these codes beside the ones on screen (positions, the /trade instrument).
  // Loaded lazily with the account state it reads, as start.ts loads the account cache: not first-screen code.
  void import('../../state/market/pinned-codes.ts').then(({ $pinnedCodes }) =>
    effect(() => {
      const codes = $pinnedCodes.value;
      void handle.setPinnedCodes(codes).catch(() => undefined);
    }),
  );
  return async (config) => {
    loading ??= load().then(
      (b) => {
        loaded = b;
        found(b);
        return b;
      },
      (err: unknown) => {
        loading = null; // a chunk that failed to load (offline): the next navigation tries again
        throw err;
      },
    );
    const b = await loading;
    await b.start(config);
    void refreshSparklines(handle);
  };
}
