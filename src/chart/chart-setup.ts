// Each stage drawn in a frame of its own so none is too long for a weak phone (docs/client.md "Start-up in slices").
import { indicatorLines } from '../../domain/indicators.ts';
import { $indicatorSettings } from './chart-settings.ts';
import { stepsAfterFrames, type ChartFrames } from './chart-frames.ts';
import type { IndicatorPanes } from './indicator-panes.ts';
import type { ChartSizing } from './chart-resize.ts';

export interface SetUpWiring {
  frames: () => ChartFrames;
  panes: Pick<IndicatorPanes, 'layout'>;
  sizing: Pick<ChartSizing, 'sizeOnce'>;
  /** IndicatorPanes' own limit. */
  maxPanes: number;
  /** False once the chart is gone: the stages left are dropped. */
  live: () => boolean;
  ready: () => void;
}

export function setUpInStages(w: SetUpWiring): void {
  stepsAfterFrames(
    w.frames,
    [
      // The reset lays them out again if the settings changed since.
      () => w.panes.layout(indicatorLines($indicatorSettings.peek(), w.maxPanes)),
      () => {
        w.sizing.sizeOnce();
        w.ready();
      },
    ],
    w.live,
  );
}
