// The chart's size, from the ResizeObserver's own numbers (no layout reads). Until its set-up's stage for it
// (chart-setup.ts) the chart stays 0×0 and then takes the last size seen (sizeOnce): its first frames draw the
// library's empty chart, then its panes, at no size, each in a frame of its own. A size of 0 means the screen was hidden (a kept-alive screen); shown again, it calls `shownAgain`.
import type { IChartApi } from 'lightweight-charts';
import type { IndicatorPanes } from './indicator-panes.ts';
import type { ChartFrames } from './chart-frames.ts';
import { markNarrow } from './legend-room.ts';

export interface SizeWiring {
  chart: IChartApi;
  panes: IndicatorPanes;
  box: HTMLElement;
  wrap: HTMLElement;
  frames: () => ChartFrames;
  /** The legends' and chip's strips kept free of candles (legend-room.ts). */
  keepRoom: () => void;
  /** The orders' tags moved to the lines' new heights. */
  syncLineY: () => void;
  shownAgain: () => void;
}

export interface ChartSizing {
  /** The first history is in: apply the last size seen, and every size at once from now on. */
  sizeOnce(): void;
  /** The height last seen (0 before any). */
  height(): number;
  /** The width last seen (0 before any). */
  width(): number;
  dispose(): void;
}

export function watchChartSize({
  chart,
  panes,
  box,
  wrap,
  frames,
  keepRoom,
  syncLineY,
  shownAgain,
}: SizeWiring): ChartSizing {
  let hidden = false;
  let size: { w: number; h: number } | null = null;
  let sized = false; // true from the first history on: every size is applied at once
  const ro =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver((entries) => {
          const r = entries[0]?.contentRect;
          if (!r) return;
          if (r.width === 0 || r.height === 0) {
            hidden = true;
            return;
          }
          size = { w: Math.floor(r.width), h: Math.floor(r.height) };
          markNarrow(wrap, size.w);
          if (sized) {
            chart.resize(size.w, size.h);
            // The panes' heights are the library's after its next draw: the legends take their places then.
            frames().request(() => {
              panes.place();
              keepRoom();
            });
            syncLineY();
          }
          if (hidden) {
            hidden = false;
            shownAgain();
          }
        })
      : null;
  ro?.observe(box);
  return {
    sizeOnce() {
      if (sized) return;
      sized = true;
      if (!size) return;
      chart.resize(size.w, size.h);
      // The panes' heights are the library's after its next draw (the legends placed now would move then).
      frames().request(() => panes.place());
    },
    height: () => size?.h ?? 0,
    width: () => size?.w ?? 0,
    dispose: () => ro?.disconnect(),
  };
}
