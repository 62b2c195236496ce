// A history reset is drawn in stages (src/chart/chart-klines.ts, docs/client.md "Start-up in slices"): in
// the message's own task the panes' layout and the candles in view; after each frame, in a task of its own, the panes'
// values for those bars, the rest of the candles, the rest of the panes. Live bars in between move the candles at once,
// reach the panes after their values and are replayed over each later stage's history. Frames and tasks are the
// test's own: nothing runs until the test says so.
import { describe, expect, it, vi } from 'vitest';
import type { KlineUpdate } from '../../../../workers/protocol.ts';
import type { KlineBar } from '../../../../domain/types.ts';

const { followKlines } = await import('../../../../src/chart/chart-klines.ts');
// The feed's own dispatch, in the module graph chart-klines.ts imported (no mock that could outlive this file).
const { emitKline } = await import('../../../../src/state/feed/feed-listeners.ts');

const bar = (t: number, c: number): KlineBar => ({ Time: t, Open: c, High: c + 1, Low: c - 1, Close: c, Volume: 1 });
const emit = (u: KlineUpdate) => emitKline(u);
const line = { kind: 'ma', pane: 0, period: 5 } as never;

function wire(shown = { code: 'EURUSD', period: '1min' as const }, inView = Infinity) {
  const log: string[] = [];
  let frameQueue: (() => void)[] = [];
  let taskQueue: (() => void)[] = [];
  const frames = {
    request: (cb: () => void) => frameQueue.push(cb),
    cancel: () => undefined,
    task: (cb: () => void) => void taskQueue.push(cb),
  };
  const series = {
    setData: vi.fn((d: unknown[]) => log.push(`candles ${d.length}`)),
    update: vi.fn((c: { time: number }) => log.push(`candle ${c.time}`)),
  };
  const panes = {
    layout: vi.fn((lines: unknown[] | undefined) => log.push(`layout ${lines?.length ?? 0} lines`)),
    reset: vi.fn((lines: unknown[] | undefined, _ind: unknown, bars: KlineBar[]) =>
      log.push(`panes ${lines?.length ?? 0} lines, ${bars.length} bars`),
    ),
    bar: vi.fn((b: KlineBar) => log.push(`pane bar ${b.Time}`)),
    place: vi.fn(() => log.push('legends placed')),
  };
  const state = { shown: shown as { code: string; period: '1min' | '5min' } | null };
  const off = followKlines({
    chart: { timeScale: () => ({ scrollToRealTime: () => undefined, scrollToPosition: () => undefined }) } as never,
    series: series as never,
    panes: panes as never,
    box: document.createElement('div'),
    slot: 0,
    shown: () => state.shown,
    lastTime: { current: -Infinity },
    frames: () => frames,
    sizeOnce: () => undefined,
    firstBars: () => inView,
    syncLineY: () => undefined,
    keepRoom: () => undefined,
    refresh: () => log.push('refresh'),
  });
  const runFrames = () => {
    const due = frameQueue;
    frameQueue = [];
    due.forEach((cb) => cb());
  };
  const runTasks = () => {
    const due = taskQueue;
    taskQueue = [];
    due.forEach((cb) => cb());
  };
  /** The next frame, then the task it asked for. */
  const next = () => {
    runFrames();
    runTasks();
  };
  return { log, series, panes, state, off, runFrames, runTasks, next, tasks: () => taskQueue.length };
}

const reset = (bars: KlineBar[], code = 'EURUSD'): KlineUpdate =>
  ({ kind: 'reset', code, period: '1min', bars, lines: [line], ind: [bars.map(() => 1)] }) as KlineUpdate;

describe('followKlines: a reset in stages', () => {
  it('lays out the panes and sets the candles in the message task, the panes only in a task after the next frame', () => {
    const w = wire();
    emit(reset([bar(60, 1), bar(120, 2)]));
    expect(w.log).toEqual(['layout 1 lines', 'candles 2', 'refresh']);
    w.runFrames(); // the library draws the candles in this frame; the panes' values are not in it
    expect(w.panes.reset).not.toHaveBeenCalled();
    expect(w.tasks()).toBe(1);
    w.runTasks();
    expect(w.log.slice(3)).toEqual(['panes 1 lines, 2 bars', 'refresh']);
    w.runFrames(); // their legends take their places after the library's next draw
    expect(w.panes.place).toHaveBeenCalledTimes(1);
    w.off();
  });

  it('draws the bars in view first, then the rest of the candles, then the rest of the panes, a frame apart', () => {
    const w = wire(undefined, 3);
    const bars = [1, 2, 3, 4, 5].map((i) => bar(60 * i, i));
    emit(reset(bars));
    expect(w.log).toEqual(['layout 1 lines', 'candles 3', 'refresh']);
    expect(w.series.setData.mock.calls[0]?.[0]).toMatchObject([{ time: 180 }, { time: 240 }, { time: 300 }]);
    w.next();
    expect(w.log.slice(3)).toEqual(['panes 1 lines, 3 bars', 'refresh']);
    expect(w.panes.reset.mock.calls[0]?.[1]).toEqual([[1, 1, 1]]); // the values of those bars only
    w.next(); // the legends take their places in the frame, then the rest of the candles
    expect(w.log.slice(5)).toEqual(['legends placed', 'candles 5']);
    w.next();
    expect(w.log.slice(7)).toEqual(['panes 1 lines, 5 bars', 'refresh']);
    w.next();
    expect(w.tasks()).toBe(0);
    w.off();
  });

  it('moves the candles with a live bar at once and gives it to the panes after their values, in order', () => {
    const w = wire();
    emit(reset([bar(60, 1)]));
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(60, 3) });
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(120, 4) });
    expect(w.log).toEqual(['layout 1 lines', 'candles 1', 'refresh', 'candle 60', 'candle 120', 'refresh']);
    expect(w.panes.bar).not.toHaveBeenCalled();
    w.next();
    expect(w.log.slice(6)).toEqual(['panes 1 lines, 1 bars', 'pane bar 60', 'pane bar 120', 'refresh']);
    // From then on a bar goes to the panes in its own task, as before.
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(180, 5) });
    expect(w.log.slice(-3)).toEqual(['candle 180', 'pane bar 180', 'refresh']);
    w.off();
  });

  it('replays the live bars since the reset over the whole history, so none is lost when it comes', () => {
    const w = wire(undefined, 2);
    emit(reset([bar(60, 1), bar(120, 2), bar(180, 3)]));
    w.next(); // the panes' values for the bars in view
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(180, 7) });
    emit({ kind: 'bar', code: 'EURUSD', period: '1min', bar: bar(240, 8) });
    w.log.length = 0;
    w.next(); // the whole history of the candles, then the bars since
    expect(w.log).toEqual(['legends placed', 'candles 3', 'candle 180', 'candle 240']);
    w.log.length = 0;
    w.next(); // the whole history of the panes, then the bars since
    expect(w.log).toEqual(['panes 1 lines, 3 bars', 'pane bar 180', 'pane bar 240', 'refresh']);
    w.off();
  });

  it('drops the stages of a reset that a newer one replaced before its task, and of an unsubscribed chart', () => {
    const w = wire();
    emit(reset([bar(60, 1)]));
    emit(reset([bar(60, 1), bar(120, 2), bar(180, 3)]));
    w.runFrames();
    w.runTasks();
    expect(w.panes.reset).toHaveBeenCalledTimes(1);
    expect(w.log).toContain('panes 1 lines, 3 bars');
    expect(w.log).not.toContain('panes 1 lines, 1 bars');

    const gone = wire();
    emit(reset([bar(60, 1)]));
    gone.off();
    gone.runFrames();
    gone.runTasks();
    expect(gone.panes.reset).not.toHaveBeenCalled();
    w.off();
  });

  it('drops the stages of an instrument no longer shown, and stops holding bars for them', () => {
    const w = wire(undefined, 1);
    emit(reset([bar(60, 1), bar(120, 2)]));
    w.state.shown = { code: 'XAUUSD', period: '1min' };
    w.next();
    w.next();
    expect(w.panes.reset).not.toHaveBeenCalled();
    expect(w.series.setData).toHaveBeenCalledTimes(1); // not the rest of another instrument's history
    emit({ kind: 'bar', code: 'XAUUSD', period: '1min', bar: bar(120, 2) });
    expect(w.panes.bar).toHaveBeenCalledTimes(1); // not held for a reset that will not come
    w.off();
  });
});

describe('barsInView', () => {
  it('is the bars a chart of that width shows at its bar spacing, with a margin; all of them when unknown', async () => {
    const { barsInView } = await import('../../../../src/chart/chart-klines.ts');
    expect(barsInView(360, 6)).toBe(60 + 16);
    expect(barsInView(361, 6)).toBe(61 + 16);
    expect(barsInView(0, 6)).toBe(Infinity);
    expect(barsInView(360, 0)).toBe(Infinity);
  });
});
