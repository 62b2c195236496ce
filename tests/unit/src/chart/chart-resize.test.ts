// The chart's size from the ResizeObserver (chart-resize.ts): no size applied before its set-up's stage for it
// (candle-chart.tsx), the last one seen applied then, every later one at once (the legends placed in the next frame,
// when the library has drawn the panes' heights), and a screen shown again after being hidden (a size of 0) says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IChartApi } from 'lightweight-charts';
import { watchChartSize } from '../../../../src/chart/chart-resize.ts';
import type { IndicatorPanes } from '../../../../src/chart/indicator-panes.ts';

type Observe = (entries: Array<{ contentRect: { width: number; height: number } }>) => void;
let observe: Observe | null = null;
const original = globalThis.ResizeObserver;

beforeEach(() => {
  globalThis.ResizeObserver = class {
    constructor(cb: Observe) {
      observe = cb;
    }
    observe(): void {}
    disconnect(): void {}
    unobserve(): void {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  globalThis.ResizeObserver = original;
  observe = null;
});

function harness() {
  const chart = { resize: vi.fn() } as unknown as IChartApi & { resize: ReturnType<typeof vi.fn> };
  const panes = { place: vi.fn() } as unknown as IndicatorPanes & { place: ReturnType<typeof vi.fn> };
  const frames: Array<() => void> = [];
  const deps = {
    keepRoom: vi.fn(),
    syncLineY: vi.fn(),
    shownAgain: vi.fn(),
  };
  const sizing = watchChartSize({
    chart,
    panes,
    box: document.createElement('div'),
    wrap: document.createElement('div'),
    frames: () => ({ request: (cb) => frames.push(cb), cancel: () => undefined }),
    ...deps,
  });
  const size = (width: number, height: number) => observe?.([{ contentRect: { width, height } }]);
  return { chart, panes, frames, sizing, size, ...deps };
}

describe('watchChartSize', () => {
  it('applies no size until its set-up sizes it, then the last size seen, then every size at once', () => {
    const h = harness();
    h.size(320.6, 200.2);
    h.size(360, 240);
    expect(h.chart.resize).not.toHaveBeenCalled();
    expect(h.sizing.height()).toBe(240);
    expect(h.sizing.width()).toBe(360);
    h.sizing.sizeOnce();
    expect(h.chart.resize).toHaveBeenCalledWith(360, 240);
    expect(h.panes.place).not.toHaveBeenCalled(); // the legends take their places after the library's draw
    h.frames.splice(0).forEach((cb) => cb());
    expect(h.panes.place).toHaveBeenCalledTimes(1);
    h.sizing.sizeOnce(); // once only
    expect(h.chart.resize).toHaveBeenCalledTimes(1);
    h.size(400.9, 300);
    expect(h.chart.resize).toHaveBeenLastCalledWith(400, 300);
    expect(h.syncLineY).toHaveBeenCalledTimes(1);
    expect(h.keepRoom).not.toHaveBeenCalled(); // the legends wait for the library's draw
    h.frames.splice(0).forEach((cb) => cb());
    expect(h.keepRoom).toHaveBeenCalledTimes(1);
  });

  it('says when a hidden screen is shown again', () => {
    const h = harness();
    h.size(360, 240);
    expect(h.shownAgain).not.toHaveBeenCalled();
    h.size(0, 0);
    h.size(360, 240);
    expect(h.shownAgain).toHaveBeenCalledTimes(1);
  });
});
