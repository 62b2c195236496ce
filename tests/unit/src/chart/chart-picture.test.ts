// The chart's still picture (src/chart/chart-picture.ts) and the idle moment the library waits for
// (lazy-chart.tsx): the newest bars that fit the box, coloured by direction, from the bars the feed cached; the
// library asked for after the next frame, in the browser's idle time or a task where that is missing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clear, set } from 'idb-keyval';
import { drawBars, storedBars } from '../../../../src/chart/chart-picture.ts';
import { IDLE_CAP_MS, whenIdle } from '../../../../src/chart/lazy-chart.tsx';
import type { KlineBar } from '../../../../domain/types.ts';

const bar = (i: number, open: number, close: number): KlineBar => ({
  Time: 60 * i,
  Open: open,
  High: Math.max(open, close) + 1,
  Low: Math.min(open, close) - 1,
  Close: close,
  Volume: 1,
});

function fakeContext() {
  const rects: { fill: string; x: number; y: number; w: number; h: number }[] = [];
  const ctx = {
    fillStyle: '',
    clearRect: vi.fn(),
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ fill: ctx.fillStyle, x, y, w, h });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rects };
}

describe('drawBars', () => {
  it('draws the newest bars that fit, a wick and a body each, up and down in their colours, inside the box', () => {
    const bars = Array.from({ length: 100 }, (_, i) => bar(i, 100 + i, i % 2 === 0 ? 102 + i : 99 + i));
    const { ctx, rects } = fakeContext();
    // 64 px of price scale, 7 px a bar: (204 - 64) / 7 = 20 bars.
    expect(drawBars(ctx, bars, 204, 200, { up: 'U', down: 'D' })).toBe(20);
    expect(rects).toHaveLength(40);
    expect(rects.filter((r) => r.fill === 'U')).toHaveLength(20);
    for (const r of rects) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.w).toBeLessThanOrEqual(204 - 64);
      expect(r.y).toBeGreaterThanOrEqual(12 - 1e-9);
      expect(r.y + r.h).toBeLessThanOrEqual(200 - 12 + 1);
    }
  });

  it('draws nothing without bars or room', () => {
    const { ctx, rects } = fakeContext();
    expect(drawBars(ctx, [], 300, 200, { up: 'U', down: 'D' })).toBe(0);
    expect(drawBars(ctx, [bar(1, 1, 2)], 300, 10, { up: 'U', down: 'D' })).toBe(0);
    expect(rects).toEqual([]);
  });
});

describe('storedBars', () => {
  beforeEach(() => clear());
  it('reads the bars the feed cached for the chart, and nothing from a missing or odd record', async () => {
    await set('tw.klines.EURUSD.1min', [bar(1, 1, 2), { nonsense: true }]);
    expect(await storedBars('EURUSD', '1min')).toEqual([bar(1, 1, 2)]);
    expect(await storedBars('EURUSD', '5min')).toEqual([]);
    await set('tw.klines.GBPUSD.1min', 'not bars');
    expect(await storedBars('GBPUSD', '1min')).toEqual([]);
  });
});

describe('whenIdle', () => {
  function fakeWindow(idle: boolean) {
    const frames: (() => void)[] = [];
    const idles: { cb: () => void; timeout: number | undefined }[] = [];
    const tasks: (() => void)[] = [];
    const win = {
      requestAnimationFrame: (cb: () => void) => frames.push(cb),
      cancelAnimationFrame: vi.fn(),
      setTimeout: (cb: () => void) => tasks.push(cb),
      clearTimeout: vi.fn(),
      ...(idle
        ? {
            requestIdleCallback: (cb: () => void, o?: { timeout: number }) => idles.push({ cb, timeout: o?.timeout }),
            cancelIdleCallback: vi.fn(),
          }
        : {}),
    };
    return { win, frames, idles, tasks };
  }

  it('waits for the next frame, then the idle period (capped)', () => {
    const f = fakeWindow(true);
    const run = vi.fn();
    whenIdle(run, f.win);
    expect(f.idles).toHaveLength(0);
    f.frames[0]?.();
    expect(f.idles[0]?.timeout).toBe(IDLE_CAP_MS);
    expect(run).not.toHaveBeenCalled();
    f.idles[0]?.cb();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('uses a task where there is no idle callback, and a cancel stops it', () => {
    const f = fakeWindow(false);
    const run = vi.fn();
    const cancel = whenIdle(run, f.win);
    f.frames[0]?.();
    expect(f.tasks).toHaveLength(1);
    cancel();
    expect(f.win.clearTimeout).toHaveBeenCalled();
    const early = fakeWindow(true);
    whenIdle(run, early.win)();
    expect(early.win.cancelAnimationFrame).toHaveBeenCalled();
  });
});
