// The app's feed bridge as the composition root builds it (src/app/start/feed-root.ts): the feed's first batch waits for the shown route to
// have drawn, then for the page's first idle moment. While React attaches to the prerendered screen (in slices), a
// batch written into the signals it reads (the connection badge, the quotes) would change what the HTML shows, and
// React would draw it afresh.
import { describe, expect, it, vi } from 'vitest';
import { effect } from '@preact/signals-react';

let drawn: () => void = () => undefined;
const drawnOnce = new Promise<void>((resolve) => (drawn = resolve));
vi.mock('../../../../../src/app/layout/drawn-end.tsx', () => ({ whenDrawn: () => drawnOnce }));
let idle: () => void = () => undefined;
const whenIdle = vi.fn(() => new Promise<void>((resolve) => (idle = resolve)));
vi.mock('../../../../../src/state/shell/clock.ts', async (real) => ({
  ...(await real<object>()),
  animationFrames: { request: () => 0, cancel: () => undefined },
  whenIdle,
}));

const { browserBridgeDeps, refreshSparklines } = await import('../../../../../src/app/start/feed-root.ts');
const { $sparklines } = await import('../../../../../src/state/feed/feed-signals.ts');

describe('the feed bridge', () => {
  it('lets the first batch in once the shown route has drawn and the page is idle', async () => {
    const deps = browserBridgeDeps();
    let first = false;
    void deps.firstIdle?.().then(() => (first = true));
    await Promise.resolve();
    expect(whenIdle).not.toHaveBeenCalled(); // not even asked for idle time before the route has drawn
    drawn();
    await vi.waitFor(() => expect(whenIdle).toHaveBeenCalledTimes(1));
    expect(first).toBe(false);
    idle();
    await vi.waitFor(() => expect(first).toBe(true));
  });

  it('keeps the sparklines it has when a navigation fetches the same again, and replaces only a series that moved', async () => {
    // Every answer crosses from the worker as a copy: new arrays, mostly of the same closes.
    const answer = (eur: number[]) => ({ EURUSD: new Float32Array(eur), BTCUSDT: new Float32Array([5, 6, 7]) });
    await refreshSparklines({ sparklines: async () => answer([1, 2, 3]) });
    const first = $sparklines.value;
    const seen = vi.fn();
    const stop = effect(() => seen($sparklines.value));
    try {
      await refreshSparklines({ sparklines: async () => answer([1, 2, 3]) });
      expect($sparklines.value).toBe(first);
      expect(seen).toHaveBeenCalledTimes(1); // the effect's own first run: no change reached a reader

      await refreshSparklines({ sparklines: async () => answer([1, 2, 4]) });
      expect($sparklines.value.BTCUSDT).toBe(first.BTCUSDT);
      expect($sparklines.value.EURUSD).not.toBe(first.EURUSD);
      expect([...($sparklines.value.EURUSD ?? [])]).toEqual([1, 2, 4]);
    } finally {
      stop();
      $sparklines.value = {};
    }
  });
});
