// Where the chart waits for the next frame (tests pass their own), and the last bar written on the chart's box.
import { animationFrames } from '../../state/shell/clock.ts';
import { yieldToMain } from '../../state/shell/yield-task.ts';

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
