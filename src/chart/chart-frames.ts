import type { IChartApi } from 'lightweight-charts';
import { animationFrames } from '../state/shell/clock.ts';
import { yieldToMain } from '../state/shell/yield-task.ts';

export interface ChartFrames {
  request(cb: () => void): number;
  cancel(id: number): void;
  /** Absent (tests' frames): `cb` runs at once where the frame's callback asked for it. */
  task?(cb: () => void): void;
}

export const browserFrames: ChartFrames = {
  request: (cb) => animationFrames.request(cb),
  cancel: (id) => animationFrames.cancel(id),
  task: (cb) => void yieldToMain().then(cb),
};

/** At most once a frame while the bars in view change (a drag, a zoom); returns the unsubscribe. */
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

/** Each step after the frame that drew the last (docs/client.md "Start-up in slices"); `live()` false stops. */
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

/** Lets browser tests and tools see the chart move without reading its canvas. */
export function markLastBar(
  box: HTMLElement,
  bars: number | null,
  time: number | undefined,
  close: number | undefined,
): void {
  if (bars !== null) writeData(box, 'bars', String(bars));
  writeData(box, 'lastTime', time === undefined ? '' : String(time));
  writeData(box, 'lastClose', close === undefined ? '' : String(close));
}

/** Only a changed value is written: even a same-value write costs a style check, and a live bar keeps its time. */
export function writeData(el: HTMLElement, key: string, value: string): void {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}
