// From the ResizeObserver's own numbers (no layout reads); a size of 0 means a hidden kept-alive screen.
import type { IChartApi } from 'lightweight-charts';
import type { IndicatorPanes } from './indicator-panes.ts';
import type { ChartFrames } from './chart-frames.ts';
import { NARROW_CHART_PX } from './legend-room.ts';

export interface SizeWiring {
  chart: IChartApi;
  panes: IndicatorPanes;
  box: HTMLElement;
  wrap: HTMLElement;
  frames: () => ChartFrames;
  keepRoom: () => void;
  syncLineY: () => void;
  shownAgain: () => void;
}

export function watchChartSize(w: SizeWiring) {
  const { chart, panes, frames } = w;
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
          w.wrap.dataset.narrow = size.w < NARROW_CHART_PX ? 'true' : 'false';
          if (sized) {
            chart.resize(size.w, size.h);
            // The panes' heights are known only after the library's next draw.
            frames().request(() => {
              panes.place();
              w.keepRoom();
            });
            w.syncLineY();
          }
          if (hidden) {
            hidden = false;
            w.shownAgain();
          }
        })
      : null;
  ro?.observe(w.box);
  return {
    /** Until then no size is applied: the chart keeps the box's, which the library measured at its creation. */
    sizeOnce() {
      if (sized) return;
      sized = true;
      if (!size) return;
      chart.resize(size.w, size.h);
      // The panes' heights are known only after the library's next draw.
      frames().request(() => panes.place());
    },
    /** 0 before any. */
    height: () => size?.h ?? 0,
    width: () => size?.w ?? 0,
    dispose: () => ro?.disconnect(),
  };
}
