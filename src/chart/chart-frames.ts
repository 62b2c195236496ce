// Where the chart waits for the next frame (tests pass their own), and the last bar written on the chart's box.
import type { IChartApi } from 'lightweight-charts';
import { animationFrames } from '../state/shell/clock.ts';
import { yieldToMain } from '../state/shell/yield-task.ts';

export interface ChartFrames {
  request(cb: () => void): number;
  cancel(id: number): void;
  /**
   * Runs `cb` in a task of its own after the current one (the indicators' history after the candles' first draw:
   * chart-klines.ts). Absent (tests' frames): `cb` runs at once where the frame's callback asked for it.
   */
  task?(cb: () => void): void;
}

export const browserFrames: ChartFrames = {
  request: (cb) => animationFrames.request(cb),
  cancel: (id) => animationFrames.cancel(id),
  task: (cb) => void yieldToMain().then(cb),
};

/** Calls `changed` at most once a frame while the bars in view change (a drag, a zoom); returns the unsubscribe. */
export function followRangeOncePerFrame(
  chart: Pick<IChartApi, 'timeScale'>,
  frames: () => ChartFrames,
  changed: () => void,
): () => void {
  let frame: number | null = null;
  const onRange = () => {
    frame ??= frames().request(() => {
      frame = null;
      changed();
    });
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
  return () => {
    chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
    if (frame !== null) frames().cancel(frame);
    frame = null;
  };
}

/**
 * Runs each step in a task of its own after the frame that drew the step before (frames without `task`: in the
 * frame), so the library draws what each step changed in a frame of its own (docs/client.md "Start-up in slices").
 * `live()` is asked before each step: false drops it and the rest.
 */
export function stepsAfterFrames(frames: () => ChartFrames, steps: readonly (() => void)[], live: () => boolean): void {
  const [step, ...rest] = steps;
  if (!step) return;
  frames().request(() => {
    const run = () => {
      if (!live()) return;
      step();
      stepsAfterFrames(frames, rest, live);
    };
    const f = frames();
    if (f.task) f.task(run);
    else run();
  });
}

/**
 * The last bar as data attributes (cheap attribute writes, no layout): lets browser tests and tools see the
 * chart move without reading its canvas.
 */
export function markLastBar(
  box: HTMLElement,
  bars: number | null,
  time: number | undefined,
  close: number | undefined,
): void {
  if (bars !== null) write(box, 'bars', String(bars));
  write(box, 'lastTime', time === undefined ? '' : String(time));
  write(box, 'lastClose', close === undefined ? '' : String(close));
}

/** Only a changed value is written: a live bar keeps its time for a minute. */
function write(box: HTMLElement, key: 'bars' | 'lastTime' | 'lastClose', value: string): void {
  if (box.dataset[key] !== value) box.dataset[key] = value;
}
