// The chart's set-up in stages (docs/client.md "Start-up in slices"), each drawn in a frame of its own so none is too
// long for a weak phone: created at 0×0 (warming the library's drawing), then the empty panes, then its size, then
// its klines (`ready`), whose reset is staged too (chart-klines.ts).
import { indicatorLines } from '../../domain/indicators.ts';
import { $indicatorSettings } from './chart-settings.ts';
import { stepsAfterFrames, type ChartFrames } from './chart-frames.ts';
import type { IndicatorPanes } from './indicator-panes.ts';
import type { ChartSizing } from './chart-resize.ts';

export interface SetUpWiring {
  frames: () => ChartFrames;
  panes: Pick<IndicatorPanes, 'layout'>;
  sizing: Pick<ChartSizing, 'sizeOnce'>;
  /** Panes below the price at most (IndicatorPanes' own limit). */
  maxPanes: number;
  /** False once the chart is gone: the stages left are dropped. */
  live: () => boolean;
  /** Set up: the chart may ask for its klines. */
  ready: () => void;
}

export function setUpInStages(w: SetUpWiring): void {
  stepsAfterFrames(
    w.frames,
    [
      // The lines the feed will send with the history (its reset lays them out again if the settings changed since).
      () => w.panes.layout(indicatorLines($indicatorSettings.peek(), w.maxPanes)),
      () => {
        w.sizing.sizeOnce();
        w.ready();
      },
    ],
    w.live,
  );
}
