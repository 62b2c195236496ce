// the feed bridge and Comlink are a lazy chunk (src/app/start/create-feed-bridge.ts), loaded on the first
// startFeed rather than with the first screen. Screens may call the feed handle before that: their calls wait for
// the bridge and then reach it; a chunk that fails to load is tried again by the next navigation.
import { describe, expect, it, vi } from 'vitest';
import { installFeed } from '../../../../../src/app/start/feed-root.ts';
import { feed, runningFeedMode } from '../../../../../src/state/feed/feed-handle.ts';
import type { FeedBridge } from '../../../../../src/state/feed/feed-bridge.ts';
import type { FeedConfig } from '../../../../../workers/protocol.ts';

const CONFIG = {
  wsUrl: 'ws://127.0.0.1:1/v1/ws',
  apiBase: '',
  token: '',
  lang: 'hk',
  tradeFeeType: 0,
  staleAfterMs: 5_000,
} as unknown as FeedConfig;

function fakeBridge() {
  const calls: unknown[][] = [];
  const bridge = {
    mode: 'worker',
    start: vi.fn(async () => undefined),
    handle: {
      nudge: async (...args: unknown[]) => void calls.push(['nudge', ...args]),
      setLowBandwidth: async () => undefined,
      setPinnedCodes: async () => undefined,
      sparklines: async () => ({}),
    },
  };
  return { bridge: bridge as unknown as FeedBridge, calls, start: bridge.start };
}

describe('the feed bridge loads on the first startFeed', () => {
  it('nothing loads at install; an early call waits and then reaches the bridge', async () => {
    const { bridge, calls, start } = fakeBridge();
    const load = vi.fn(async () => bridge);
    const startFeed = installFeed(load);
    expect(load).not.toHaveBeenCalled();
    expect(runningFeedMode()).toBeNull();
    const early = feed().nudge('online');
    await Promise.resolve();
    expect(calls).toEqual([]);
    await startFeed(CONFIG);
    await early;
    expect(calls).toEqual([['nudge', 'online']]);
    expect(start).toHaveBeenCalledWith(CONFIG);
    expect(runningFeedMode()).toBe('worker');
    await startFeed(CONFIG); // every navigation: the same bridge, loaded once
    expect(load).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('a chunk that failed to load is loaded again by the next navigation', async () => {
    const { bridge, start } = fakeBridge();
    const load = vi
      .fn<() => Promise<FeedBridge>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(bridge);
    const startFeed = installFeed(load);
    await expect(startFeed(CONFIG)).rejects.toThrow('offline');
    await startFeed(CONFIG);
    expect(load).toHaveBeenCalledTimes(2);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
