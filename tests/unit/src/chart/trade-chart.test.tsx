// The candlestick chart wrapper: one chart for the screen's life, setData on reset, update() for the last bar only.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { act, Activity } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { KlineUpdate } from '../../../../workers/protocol.ts';
import { LANGUAGES, type KlineBar, type Period } from '../../../../domain/types.ts';
import { provideFeed } from '../../../../src/state/feed/feed-bridge.ts';
import type { StopLine } from '../../../../src/chart/stop-lines.ts';
import { appOrder } from '../../../fixtures/orders.ts';
import { fakeFeedHandle } from '../../feed-fakes.ts';

const priceLine = { applyOptions: vi.fn() };
// The series keeps its candles like the library does (data()), for the chart's text alternative.
type Candle = { time: number; open: number; high: number; low: number; close: number };
let candles: Candle[] = [];
const series = {
  setData: vi.fn((d: Candle[]) => void (candles = [...d])),
  update: vi.fn((c: Candle) => {
    if (candles[candles.length - 1]?.time === c.time) candles[candles.length - 1] = c;
    else candles.push(c);
  }),
  data: () => candles,
  applyOptions: vi.fn(),
  createPriceLine: vi.fn((_opts: unknown) => priceLine),
  removePriceLine: vi.fn(),
  coordinateToPrice: (y: number) => 1.1 - y / 10_000,
  priceToCoordinate: (p: number) => (1.1 - p) * 10_000,
};
let visibleRange: { from: number; to: number } | null = null;
const timeScale = {
  scrollToRealTime: vi.fn(),
  scrollToPosition: vi.fn(),
  getVisibleLogicalRange: () => visibleRange,
  options: () => ({ barSpacing: 6 }),
  subscribeVisibleLogicalRangeChange: vi.fn(),
  unsubscribeVisibleLogicalRangeChange: vi.fn(),
};
// The indicator panes' lines (laid out in the chart's set-up, candle-chart.tsx) are series of their own.
const indicatorSeries = () => ({ setData: vi.fn(), update: vi.fn(), applyOptions: vi.fn() });
const chart = {
  addSeries: vi.fn((def: { type: string }) => (def.type === 'Candlestick' ? series : indicatorSeries())),
  applyOptions: vi.fn(),
  resize: vi.fn(),
  remove: vi.fn(),
  timeScale: () => timeScale,
  subscribeClick: vi.fn(),
  unsubscribeClick: vi.fn(),
  subscribeCrosshairMove: vi.fn(),
  unsubscribeCrosshairMove: vi.fn(),
  clearCrosshairPosition: vi.fn(),
  panes: () => [],
  removePane: vi.fn(),
  removeSeries: vi.fn(),
  priceToCoordinate: () => null,
  chartElement: () => document.createElement('div'),
};
const createChart = vi.fn((_el: HTMLElement, _opts: unknown) => chart);

vi.mock('lightweight-charts', () => ({
  createChart,
  CandlestickSeries: { type: 'Candlestick' },
  LineSeries: { type: 'Line' },
  HistogramSeries: { type: 'Histogram' },
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0, Magnet: 1 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
  LineStyle: { Solid: 0, Dashed: 2, LargeDashed: 3 },
}));

const watchChart = vi.fn(async (_code: string, _period: Period, _slot?: number) => undefined);
const unwatchChart = vi.fn(async () => undefined);
const setIndicators = vi.fn(async () => undefined);
provideFeed(fakeFeedHandle({ watchChart, unwatchChart, setIndicators }));

const { CandleChart } = await import('../../../../src/chart/candle-chart.tsx');
const { emitKline } = await import('../../../../src/state/feed/feed-listeners.ts');
const { initI18n } = await import('../../../../src/i18n/index.ts');
const { setUpdown } = await import('../../../../src/state/settings/updown.ts');
const { $reducedMotion } = await import('../../../../src/state/shell/motion.ts');
const { CHART_RIGHT_OFFSET_BARS } = await import('../../../../src/chart/chart-theme.ts');
const { LazyCandleChart } = await import('../../../../src/chart/lazy-chart.tsx');
const { chartOrderLines } = await import('../../../../src/chart/order-lines.ts');
const { livePosition } = await import('../../../../src/state/account/live-positions.ts');
const { CHART_FONT_FAMILY, CHART_FONT_SIZE } = await import('../../../../src/chart/chart-picture.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bar = (t: number, c: number): KlineBar => ({ Time: t, Open: c, High: c + 1, Low: c - 1, Close: c, Volume: 1 });
// The feed's own dispatch, in the module graph the chart imported: a mock of it could outlive another file's.
const emit = (u: KlineUpdate) => act(() => emitKline(u));

let root: Root | null = null;
let host: HTMLElement;

/** Animation frames the test runs itself: live bars wait for one. */
let frameCallbacks = new Map<number, () => void>();
let nextFrame = 1;
const frames = {
  request: (cb: () => void) => (frameCallbacks.set(nextFrame, cb), nextFrame++),
  cancel: (id: number) => void frameCallbacks.delete(id),
};
function runFrame(): void {
  const due = [...frameCallbacks.values()];
  frameCallbacks = new Map();
  act(() => due.forEach((cb) => cb()));
}

/** The test's frames with a browser's task after the commit, and a run of both until the chart has settled. */
function withTasks() {
  const tasks: (() => void)[] = [];
  const browserLike = { ...frames, task: (cb: () => void) => void tasks.push(cb) };
  const settle = () => {
    for (let i = 0; i < 6; i++) {
      act(() => tasks.splice(0).forEach((cb) => cb()));
      runFrame();
    }
  };
  return { browserLike, tasks, settle };
}

/** A fresh host in the document with a React root on it, for the test's renders. */
function mount(): void {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
}

/** The chart's set-up after its creation (candle-chart.tsx): its panes after one frame, its size after the next, then
 * it asks for its klines. */
function setUp(): void {
  runFrame();
  runFrame();
}

function render(code: string, period: Period): void {
  act(() => root?.render(<CandleChart code={code} period={period} precision={5} frames={frames} />));
  setUp();
}

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

afterEach(() => {
  candles = [];
  visibleRange = null;
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.clearAllMocks();
});

describe('CandleChart', () => {
  it('draws a trailing stop as a price line, moves it in place when the stop moves, and removes it', () => {
    mount();
    const draw = (lines: StopLine[]) =>
      act(() =>
        root?.render(<CandleChart code="EURUSD" period="1min" precision={5} frames={frames} stopLines={lines} />),
      );
    draw([{ id: 7, price: 1.098, priceText: '1.09800', title: 'Trailing stop' }]);
    expect(series.createPriceLine).toHaveBeenCalledTimes(1);
    expect(series.createPriceLine.mock.calls[0]?.[0]).toMatchObject({ price: 1.098, title: 'Trailing stop' });
    const box = host.querySelector<HTMLElement>('.tw-chart');
    expect(box?.dataset.stopLines).toBe('7:1.09800');
    draw([{ id: 7, price: 1.099, priceText: '1.09900', title: 'Trailing stop' }]);
    expect(series.createPriceLine).toHaveBeenCalledTimes(1); // the same line, moved
    expect(priceLine.applyOptions).toHaveBeenLastCalledWith(expect.objectContaining({ price: 1.099 }));
    expect(box?.dataset.stopLines).toBe('7:1.09900');
    draw([]);
    expect(series.removePriceLine).toHaveBeenCalledWith(priceLine);
    expect(box?.dataset.stopLines).toBe('');
  });

  it('draws each active price alert as a line with its price on the axis, and removes it when the alert goes', () => {
    mount();
    const draw = (lines: StopLine[]) =>
      act(() =>
        root?.render(<CandleChart code="EURUSD" period="1min" precision={5} frames={frames} alertLines={lines} />),
      );
    draw([{ id: 3, price: 1.086, priceText: '1.08600', title: 'Alert 1.08600' }]);
    expect(series.createPriceLine.mock.calls.at(-1)?.[0]).toMatchObject({
      price: 1.086,
      title: 'Alert 1.08600',
      axisLabelVisible: true,
    });
    const box = host.querySelector<HTMLElement>('.tw-chart');
    expect(box?.dataset.alertLines).toBe('3:1.08600');
    draw([]);
    expect(series.removePriceLine).toHaveBeenCalledWith(priceLine);
    expect(box?.dataset.alertLines).toBe('');
  });

  it('clears the crosshair on a press outside the chart (a tap-out), not on one inside', () => {
    mount();
    render('EURUSD', '1min');
    const box = host.querySelector<HTMLElement>('.tw-chart');
    box?.dispatchEvent(Object.assign(new Event('pointerdown', { bubbles: true }), { pointerType: 'touch' }));
    expect(chart.clearCrosshairPosition).not.toHaveBeenCalled();
    document.body.dispatchEvent(Object.assign(new Event('pointerdown', { bubbles: true }), { pointerType: 'touch' }));
    expect(chart.clearCrosshairPosition).toHaveBeenCalledTimes(1);
  });

  it('a click on the chart offers an alert at the clicked price, which goes to onPickPrice', async () => {
    mount();
    const picked: string[] = [];
    act(() =>
      root?.render(
        <CandleChart code="EURUSD" period="1min" precision={5} frames={frames} onPickPrice={(p) => picked.push(p)} />,
      ),
    );
    expect(host.querySelector('[data-testid="chart-alert"]')).toBeNull();
    const onClick = chart.subscribeClick.mock.calls[0]?.[0] as (p: unknown) => void;
    act(() => onClick({ point: { x: 40, y: 120 } }));
    const button = host.querySelector<HTMLButtonElement>('[data-testid="chart-alert"]');
    expect(button?.textContent).toBe('Alert at 1.08800');
    await act(async () => button?.click());
    expect(picked).toEqual(['1.08800']);
    expect(host.querySelector('[data-testid="chart-alert"]')).toBeNull();
    act(() => onClick({ point: { x: 40, y: 100 } }));
    act(() => onClick({ point: undefined })); // outside the plot: the offer goes away
    expect(host.querySelector('[data-testid="chart-alert"]')).toBeNull();
    act(() => root?.unmount());
    expect(chart.unsubscribeClick).toHaveBeenCalledWith(onClick);
    root = null;
  });

  it('a price line: placed by a click, dragged by its chip, kept for the instrument, placed by a long press on touch', () => {
    localStorage.clear();
    mount();
    const pending: Array<() => void> = [];
    const timers = {
      setTimeout: (fn: () => void) => (pending.push(fn), pending.length),
      clearTimeout: (h: unknown) => void (pending[(h as number) - 1] = () => undefined),
      setInterval: () => 0,
      clearInterval: () => undefined,
    };
    const draw = () =>
      act(() =>
        root?.render(
          <CandleChart
            code="EURUSD"
            period="1min"
            precision={5}
            frames={frames}
            timers={timers}
            onPickPrice={() => undefined}
          />,
        ),
      );
    draw();
    setUp();
    series.createPriceLine.mockClear();
    const onClick = chart.subscribeClick.mock.calls.at(-1)?.[0] as (p: unknown) => void;
    act(() => onClick({ point: { x: 40, y: 120 } }));
    expect(series.createPriceLine).toHaveBeenLastCalledWith(expect.objectContaining({ price: 1.088 }));
    expect(JSON.parse(localStorage.getItem('tw:price-lines') ?? '{}')).toEqual({ EURUSD: '1.08800' });
    // A drag of the chip moves the line (50 px down) and keeps the new price; it is no tap (no alert form).
    const chip = host.querySelector<HTMLButtonElement>('[data-testid="chart-alert"]');
    const pointer = (type: string, clientY: number) =>
      new PointerEvent(type, { bubbles: true, clientY, pointerId: 1, pointerType: 'mouse' });
    act(() => {
      chip?.dispatchEvent(pointer('pointerdown', 100));
      chip?.dispatchEvent(pointer('pointermove', 150));
      chip?.dispatchEvent(pointer('pointerup', 150));
    });
    expect(priceLine.applyOptions).toHaveBeenLastCalledWith({ price: 1.083 });
    expect(host.querySelector('[data-testid="price-line"]')?.getAttribute('data-price')).toBe('1.08300');
    expect(JSON.parse(localStorage.getItem('tw:price-lines') ?? '{}')).toEqual({ EURUSD: '1.08300' });
    // The keyboard's drag: Arrow Up moves it one price step.
    act(() => {
      host
        .querySelector('[data-testid="chart-alert"]')
        ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    });
    expect(host.querySelector('[data-testid="price-line"]')?.getAttribute('data-price')).toBe('1.08301');
    act(() => {
      host
        .querySelector('[data-testid="chart-alert"]')
        ?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    expect(JSON.parse(localStorage.getItem('tw:price-lines') ?? '{}')).toEqual({ EURUSD: '1.08300' });
    // Kept per instrument: the chart of this instrument shows it again.
    act(() => root?.unmount());
    root = createRoot(host);
    series.createPriceLine.mockClear();
    draw();
    setUp();
    expect(series.createPriceLine).toHaveBeenLastCalledWith(expect.objectContaining({ price: 1.083 }));
    // On a touch screen a tap does not place it; a long press does.
    const box = host.querySelector<HTMLElement>('.tw-chart');
    act(() => host.querySelector<HTMLButtonElement>('[data-action="price-line-remove"]')?.click());
    expect(host.querySelector('[data-testid="price-line"]')).toBeNull();
    act(() => {
      box?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientY: 200, pointerType: 'touch' }));
    });
    const onClickNow = chart.subscribeClick.mock.calls.at(-1)?.[0] as (p: unknown) => void;
    act(() => onClickNow({ point: { x: 40, y: 200 } }));
    expect(host.querySelector('[data-testid="price-line"]')).toBeNull();
    act(() => pending.forEach((fn) => fn()));
    expect(host.querySelector('[data-testid="price-line"]')?.getAttribute('data-price')).toBe('1.08000');
  });

  it('creates one chart, loads history with setData and streams the last bar with update()', () => {
    mount();
    render('EURUSD', '1min');
    expect(createChart).toHaveBeenCalledTimes(1);
    expect(watchChart).toHaveBeenCalledWith('EURUSD', '1min', 0);
    // Vertical touch drags belong to the page, not the chart.
    expect(createChart.mock.calls[0]?.[1]).toMatchObject({ handleScroll: { vertTouchDrag: false } });
    // The axis font the lazy chart measured once before the library came (chart-picture.ts).
    expect(createChart.mock.calls[0]?.[1]).toMatchObject({
      layout: { fontFamily: CHART_FONT_FAMILY, fontSize: CHART_FONT_SIZE },
    });

    emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(120, 2), bar(60, 1)] });
    expect(series.setData).toHaveBeenLastCalledWith([
      { time: 60, open: 1, high: 2, low: 0, close: 1 },
      { time: 120, open: 2, high: 3, low: 1, close: 2 },
    ]);

    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(120, 3) });
    // In the batch that brought it, with no frame of its own: the chart draws in the frame that paints the quotes.
    expect(series.update.mock.calls).toEqual([[{ time: 120, open: 3, high: 4, low: 2, close: 3 }]]);
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(180, 4) });
    expect(series.update.mock.calls).toEqual([
      [{ time: 120, open: 3, high: 4, low: 2, close: 3 }],
      [{ time: 180, open: 4, high: 5, low: 3, close: 4 }],
    ]);
    const box = host.querySelector<HTMLElement>('.tw-chart');
    expect(box?.dataset.bars).toBe('2');
    expect(box?.dataset.lastTime).toBe('180');
    expect(box?.dataset.lastClose).toBe('4');

    // An older bar (from before a reset) would make update() throw: it is dropped.
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(60, 9) });
    expect(series.update).toHaveBeenCalledTimes(2);

    // After a reset to a shorter history, a bar older than its newest is dropped too.
    emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(240, 1)] });
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(180, 5) });
    expect(series.update).toHaveBeenCalledTimes(2);
  });

  it('keeps free axis right of the newest candle, so it is not under the price scale and no time label is cut', () => {
    mount();
    render('EURUSD', '1min');
    const opts = createChart.mock.calls[0]?.[1] as {
      timeScale?: { rightOffset?: number; rightOffsetPixels?: number; fixRightEdge?: boolean };
    };
    // In bars: scrollToRealTime() (called after each history reset) returns to rightOffset, not to rightOffsetPixels.
    expect(opts.timeScale?.rightOffset).toBeGreaterThanOrEqual(6);
    expect(opts.timeScale?.rightOffsetPixels).toBeUndefined();
    expect(opts.timeScale?.fixRightEdge).not.toBe(true);
  });

  it('a late bar of the previous instrument is not drawn on the new one', () => {
    mount();
    render('EURUSD', '1min');
    render('XAUUSD', '1min');
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(120, 3) });
    expect(series.update).not.toHaveBeenCalled();
  });

  it('switches period and instrument on the same chart and ignores updates for anything else', () => {
    mount();
    render('EURUSD', '1min');
    render('EURUSD', '5min');
    render('XAUUSD', '5min');
    expect(createChart).toHaveBeenCalledTimes(1);
    expect(watchChart.mock.calls).toEqual([
      ['EURUSD', '1min', 0],
      ['EURUSD', '5min', 0],
      ['XAUUSD', '5min', 0],
    ]);

    series.setData.mockClear();
    emit({ kind: 'reset', code: 'EURUSD', period: '5min', bars: [bar(300, 1)] });
    emit({ kind: 'bar', code: 'XAUUSD', period: '1min', bar: bar(360, 1) });
    expect(series.setData).not.toHaveBeenCalled();
    expect(series.update).not.toHaveBeenCalled();

    emit({ kind: 'bar', code: 'XAUUSD', period: '5min', bar: bar(600, 2) });
    expect(series.update).toHaveBeenCalledTimes(1);
  });

  it('removes the chart and stops the stream when the screen goes away', () => {
    mount();
    render('EURUSD', '1min');
    act(() => root?.unmount());
    root = null;
    expect(chart.remove).toHaveBeenCalledTimes(1);
    expect(unwatchChart).toHaveBeenCalledTimes(1);
    emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(60, 1)] });
    expect(series.setData).not.toHaveBeenCalledWith([expect.anything()]); // nobody listens any more
  });

  it('takes the chart apart after the screen the tap opened has painted, its series with it rather than one by one', () => {
    // The browser's frames: a task of its own after a frame (candle-chart.tsx's clean-up).
    const { browserLike, tasks, settle } = withTasks();
    mount();
    act(() => root?.render(<CandleChart code="EURUSD" period="1min" precision={5} frames={browserLike} />));
    settle();
    expect(createChart).toHaveBeenCalledTimes(1);
    expect(chart.addSeries.mock.calls.length).toBeGreaterThan(1); // the candles and the indicators' lines
    act(() => root?.unmount());
    root = null;
    expect(unwatchChart).toHaveBeenCalledTimes(1); // the stream stops with the screen
    expect(chart.remove).not.toHaveBeenCalled();
    runFrame(); // the next screen's frame
    expect(chart.remove).not.toHaveBeenCalled();
    act(() => tasks.splice(0).forEach((cb) => cb()));
    expect(chart.remove).toHaveBeenCalledTimes(1);
    expect(chart.removeSeries).not.toHaveBeenCalled();
  });

  it('kept alive, hidden and shown again, makes a new chart that asks for its klines and draws on its own series', () => {
    // The browser's frames (creation in a task after the commit), and the layout's <Activity> around the route.
    const { browserLike, settle } = withTasks();
    const show = (mode: 'visible' | 'hidden') => {
      act(() =>
        root?.render(
          <Activity mode={mode}>
            <CandleChart code="EURUSD" period="1min" precision={5} frames={browserLike} />
          </Activity>,
        ),
      );
      settle();
    };
    mount();
    show('visible');
    expect(watchChart).toHaveBeenCalledTimes(1);
    show('hidden');
    expect(unwatchChart).toHaveBeenCalledTimes(1);
    show('visible');
    expect(createChart).toHaveBeenCalledTimes(2);
    expect(watchChart).toHaveBeenCalledTimes(2);
    // A kline reaches the new chart's series.
    series.setData.mockClear();
    emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(60, 1)] });
    expect(series.setData).toHaveBeenCalledTimes(1);
  });

  it('as a lazy chunk: the box keeps its place with the picture until an idle moment, then the one chart draws in it', async () => {
    // The browser's frame and idle period, driven by the test (lazy-chart.tsx waits for a frame, then for idle).
    const frameQueue: FrameRequestCallback[] = [];
    const idleQueue: IdleRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frameQueue.push(cb));
    // happy-dom has no requestIdleCallback (lazy-chart.tsx would fall back to a timer): the browser's is given here.
    Object.defineProperty(window, 'requestIdleCallback', {
      configurable: true,
      writable: true,
      value: (cb: IdleRequestCallback) => idleQueue.push(cb),
    });
    try {
      mount();
      act(() => root?.render(<LazyCandleChart code="EURUSD" period="1min" precision={5} frames={frames} />));
      const waiting = host.querySelector<HTMLElement>('.tw-chart');
      expect(waiting?.getAttribute('aria-busy')).toBe('true');
      expect(waiting?.querySelector('canvas.tw-chart-picture')).not.toBeNull();
      await act(async () => {
        await vi.dynamicImportSettled();
      });
      expect(createChart).not.toHaveBeenCalled(); // not asked for in the first frame: after it, when the page is idle
      expect(idleQueue).toHaveLength(0);
      await act(async () => {
        for (const cb of frameQueue.splice(0)) cb(0); // the frame painted: now it waits for an idle period
      });
      expect(idleQueue).toHaveLength(1);
      expect(createChart).not.toHaveBeenCalled();
      await act(async () => {
        for (const cb of idleQueue.splice(0)) cb({ didTimeout: false, timeRemaining: () => 50 });
        await vi.dynamicImportSettled();
      });
    } finally {
      raf.mockRestore();
      Reflect.deleteProperty(window, 'requestIdleCallback');
    }
    expect(createChart).toHaveBeenCalledTimes(1);
    expect(host.querySelector('.tw-chart')?.hasAttribute('aria-busy')).toBe(false);
    expect(watchChart).not.toHaveBeenCalled(); // its klines once it is set up (candle-chart.tsx)
    setUp();
    expect(watchChart).toHaveBeenCalledWith('EURUSD', '1min', 0);
  });

  it('has a text alternative: instrument, period, last price, change, high and low in view, and a table of bars', async () => {
    mount();
    act(() => root?.render(<CandleChart code="EURUSD" name="EUR/USD" period="1min" precision={5} frames={frames} />));
    setUp();
    const summary = () => host.querySelector('[data-testid="chart-summary"]')?.textContent;
    expect(summary()).toBe('EUR/USD, 1 minute chart: no bars yet.');
    const k = (t: number, o: number, h: number, l: number, c: number): KlineBar => ({
      Time: t,
      Open: o,
      High: h,
      Low: l,
      Close: c,
      Volume: 1,
    });
    emit({
      kind: 'reset',
      code: 'EURUSD',
      period: '1min',
      bars: [k(60, 1.08, 1.09, 1.07, 1.085), k(120, 1.085, 1.1, 1.08, 1.095)],
    });
    // Worked by hand: 1.095 − 1.08 = +0.015; 0.015 / 1.08 = 1.3888…% → +1.39 %.
    expect(summary()).toBe(
      'EUR/USD, 1 minute chart. Last price 1.09500. Bars in view: 2; change +0.01500 (+1.39%), high 1.10000, low 1.07000.',
    );
    // The trader scrolls: only the second bar is in view (logical indices 0.6 … 1.2), refreshed in the next frame.
    visibleRange = { from: 0.6, to: 1.2 };
    const onRange = timeScale.subscribeVisibleLogicalRangeChange.mock.calls[0]?.[0] as (r: unknown) => void;
    onRange(visibleRange);
    runFrame();
    expect(summary()).toBe(
      'EUR/USD, 1 minute chart. Last price 1.09500. Bars in view: 1; change +0.01000 (+0.92%), high 1.10000, low 1.08000.',
    );
    // A screen reader finds it as a named region; the button reveals the newest bars as a table, newest first.
    expect(host.querySelector('section[aria-label="EUR/USD chart as text"]')).not.toBeNull();
    const button = host.querySelector<HTMLButtonElement>('[data-action="chart-table"]');
    expect(button?.textContent).toBe('Last 20 bars as a table'); // its name, read aloud; shown as an icon …
    expect(button?.title).toBe('Last 20 bars as a table'); // … whose tooltip says the same
    expect(button?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    await act(async () => button?.click());
    const rows = [...document.querySelectorAll('[data-testid="chart-table"] tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['1.08500', '1.10000', '1.08000', '1.09500'],
      ['1.08000', '1.09000', '1.07000', '1.08500'],
    ]);
    expect(document.querySelectorAll('[data-testid="chart-table"] thead th')).toHaveLength(5);
  });

  it('takes its candle colours from the up/down preference through the same CSS variables', () => {
    const style = document.createElement('style');
    style.textContent = readFileSync('src/app/layout/theme.css', 'utf8'); // the real palettes
    document.head.append(style);
    mount();
    render('EURUSD', '1min');
    expect(createChart.mock.calls[0]?.[1]).toBeDefined();
    series.applyOptions.mockClear();
    act(() => setUpdown('red-up'));
    expect(document.documentElement.dataset.updown).toBe('red-up');
    expect(getComputedStyle(document.documentElement).getPropertyValue('--up').trim()).toBe('#b3262c');
    expect(series.applyOptions).toHaveBeenLastCalledWith(
      expect.objectContaining({ upColor: '#b3262c', downColor: '#067038', wickUpColor: '#b3262c' }),
    );
    act(() => setUpdown('blue-orange'));
    expect(series.applyOptions).toHaveBeenLastCalledWith(
      expect.objectContaining({ upColor: '#0b62a8', downColor: '#a04600' }),
    );
    act(() => setUpdown('green-up'));
    expect(document.documentElement.hasAttribute('data-updown')).toBe(false);
    expect(series.applyOptions).toHaveBeenLastCalledWith(
      expect.objectContaining({ upColor: '#067038', downColor: '#b3262c' }),
    );
    expect(localStorage.getItem('tw:updown')).toBe('green-up');
    style.remove();
  });

  it('under reduced motion jumps to the newest bar instead of gliding, and has no kinetic scroll', () => {
    $reducedMotion.value = true;
    mount();
    render('EURUSD', '1min');
    expect(createChart.mock.calls[0]?.[1]).toMatchObject({ kineticScroll: { touch: false, mouse: false } });
    emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(60, 1)] });
    expect(timeScale.scrollToPosition).toHaveBeenCalledWith(CHART_RIGHT_OFFSET_BARS, false);
    expect(timeScale.scrollToRealTime).not.toHaveBeenCalled();
    act(() => {
      $reducedMotion.value = false;
    });
    emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars: [bar(60, 1)] });
    expect(timeScale.scrollToRealTime).toHaveBeenCalledTimes(1);
  });
});

describe('CandleChart set-up', () => {
  it('is created with its panes, so the library sizes its canvases once; its size, then its klines, a frame later', () => {
    let observe: ((entries: Array<{ contentRect: { width: number; height: number } }>) => void) | null = null;
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(cb: typeof observe) {
        observe = cb;
      }
      observe(): void {}
      disconnect(): void {}
      unobserve(): void {}
    } as unknown as typeof ResizeObserver;
    try {
      mount();
      act(() => root?.render(<CandleChart code="EURUSD" period="1min" precision={5} frames={frames} />));
      act(() => observe?.([{ contentRect: { width: 320.5, height: 240 } }]));
      expect(createChart.mock.calls[0]?.[1]).toMatchObject({ width: 0, height: 0 });
      // Before the library's first draw: the candles and the panes the settings ask for (MA on the price, VOL below).
      // A pane added after it would size every canvas of the price pane a second time.
      expect(chart.addSeries.mock.calls.map((c) => (c as unknown as [{ type: string }])[0].type)).toEqual([
        'Candlestick',
        'Line',
        'Line',
        'Line',
        'Line',
        'Histogram',
        'Line',
      ]);
      expect(chart.resize).not.toHaveBeenCalled();
      expect(watchChart).not.toHaveBeenCalled();
      runFrame(); // the library drew it at the box's size: now its size, and only then its klines
      expect(chart.resize).toHaveBeenCalledWith(320, 240);
      expect(watchChart).toHaveBeenCalledWith('EURUSD', '1min', 0);
      // Its first history: the bars its width shows first (320 px at 6 px a bar, with a margin), the rest later.
      const bars = Array.from({ length: 300 }, (_, i) => bar(60 * (i + 1), 1.1));
      emit({ kind: 'reset', code: 'EURUSD', period: '1min', bars });
      expect(series.setData).toHaveBeenLastCalledWith(expect.any(Array));
      expect(series.setData.mock.calls.at(-1)?.[0]).toHaveLength(70);
      expect(host.querySelector<HTMLElement>('.tw-chart')?.dataset.bars).toBe('70');
      runFrame(); // the panes' values for those bars
      runFrame(); // the whole history
      expect(series.setData.mock.calls.at(-1)?.[0]).toHaveLength(300);
      expect(host.querySelector<HTMLElement>('.tw-chart')?.dataset.bars).toBe('300');
      expect(chart.resize).toHaveBeenCalledTimes(1);
      act(() => observe?.([{ contentRect: { width: 300, height: 200 } }]));
      expect(chart.resize).toHaveBeenLastCalledWith(300, 200); // from then on, every size at once
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});

describe('the lines over the candles', () => {
  const buy = appOrder({
    Id: 7,
    OrderType: 1,
    Price: '1.08500',
    TargetProfitPrice: '1.09000',
    TargetLossPrice: '1.08000',
  });
  const sell = appOrder({ Id: 9, OrderType: 2, Price: '1.08600' });
  const trailing = appOrder({
    Id: 11,
    OrderType: 1,
    Price: '1.08400',
    TargetLossPrice: '1.08100',
    TrailDistance: '0.00300',
  });
  const pending = appOrder({ Id: 12, OrderType: 2, Status: 0, Price: '1.09500' });

  /** The colour each order's line was last drawn in, by price: created with it, or moved to it. */
  const colours = () => {
    const last = new Map<number, string>();
    const calls = [...series.createPriceLine.mock.calls, ...priceLine.applyOptions.mock.calls]
      .map((c) => c[0] as { price?: number; color?: string })
      .map((o, i) => ({ ...o, at: i }));
    const order = [
      ...series.createPriceLine.mock.invocationCallOrder,
      ...priceLine.applyOptions.mock.invocationCallOrder,
    ];
    for (const c of calls.sort((a, b) => (order[a.at] ?? 0) - (order[b.at] ?? 0))) {
      if (c.price !== undefined && c.color !== undefined) last.set(c.price, c.color);
    }
    return Object.fromEntries(last);
  };

  it('draws each order’s lines in its side’s colour and swaps them at once when red-up is switched', () => {
    const style = document.createElement('style');
    style.textContent = readFileSync('src/app/layout/theme.css', 'utf8'); // the real palettes
    document.head.append(style);
    act(() => setUpdown('green-up'));
    mount();
    const lines = chartOrderLines([buy, sell], [], 1);
    act(() =>
      root?.render(<CandleChart code="EURUSD" period="1min" precision={5} frames={frames} orderLines={lines} />),
    );
    // A buy's entry, take-profit and stop-loss in the up colour, the sell's entry in the down colour.
    expect(colours()).toEqual({ 1.085: '#067038', 1.09: '#067038', 1.08: '#067038', 1.086: '#b3262c' });
    act(() => setUpdown('red-up'));
    expect(colours()).toEqual({ 1.085: '#b3262c', 1.09: '#b3262c', 1.08: '#b3262c', 1.086: '#067038' });
    act(() => setUpdown('green-up'));
    expect(colours()).toEqual({ 1.085: '#067038', 1.09: '#067038', 1.08: '#067038', 1.086: '#b3262c' });
    style.remove();
  });

  it('names every drawn line in the chart’s text alternative: positions with their live P&L, stops, pending, alerts', () => {
    mount();
    const lines = {
      orderLines: chartOrderLines([buy, trailing], [pending], 1),
      stopLines: [
        { id: 11, price: 1.081, priceText: '1.08100', title: 'Trailing stop' }, // named with its order
        { id: 20, price: 1.07, priceText: '1.07000', title: 'Trailing stop' },
      ],
      alertLines: [{ id: 3, price: 1.086, priceText: '1.08600', title: 'Alert 1.08600' }],
    };
    act(() =>
      root?.render(<CandleChart code="EURUSD" name="EUR/USD" period="1min" precision={5} frames={frames} {...lines} />),
    );
    const region = host.querySelector('section[aria-label="EUR/USD chart as text"]');
    const list = region?.querySelector('[data-testid="chart-lines-text"]');
    expect(list?.getAttribute('aria-label')).toBe('Lines on the chart');
    const items = () => [...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(items()).toEqual([
      'Buy position, 0.10 lots, opened at 1.08500, P&L 0.00', // the order's own P&L until the feed has one
      'Take profit of Buy 0.10 lots at 1.09000',
      'Stop loss of Buy 0.10 lots at 1.08000',
      'Buy position, 0.10 lots, opened at 1.08400, P&L 0.00',
      'Trailing stop of Buy 0.10 lots at 1.08100',
      'Pending Sell order, 0.10 lots at 1.09500',
      'Trailing stop at 1.07000',
      'Price alert at 1.08600',
    ]);
    // The P&L follows the feed's figure for the position without a render.
    act(() => {
      livePosition(7).$pnl.value = '12.345';
    });
    expect(items()[0]).toBe('Buy position, 0.10 lots, opened at 1.08500, P&L +12.35');
    // No lines, no list.
    act(() => root?.render(<CandleChart code="EURUSD" name="EUR/USD" period="1min" precision={5} frames={frames} />));
    expect(host.querySelector('[data-testid="chart-lines-text"]')).toBeNull();
  });

  it('has the lines’ words in every language, each its own (not the English)', () => {
    const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as { chart_lines: Record<string, string> };
    const keys = ['text_list', 'entry_text', 'alert_name', 'trailing_stop_name', 'alert_line'];
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const words = (JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as typeof en).chart_lines;
      for (const k of keys) expect(words[k], `${lang} ${k}`).not.toBe(en.chart_lines[k]);
    }
  });
});
