// From the ResizeObserver's own numbers (no layout reads); a size of 0 means a hidden kept-alive screen.
import type { IChartApi } from 'lightweight-charts';
import type { IndicatorPanes } from './indicator-panes.ts';
import type { ChartFrames } from './chart-frames.ts';
import { markNarrow } from './legend-room.ts';

/** The size the chart is created at: 0 is the library's "measure the container" and a full-size draw. */
export const UNSIZED = { width: 1, height: 1 } as const;

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

export interface ChartSizing {
  /** Until then the chart stays UNSIZED and out of the layout, so its first frames draw at no size. */
  sizeOnce(): void;
  /** 0 before any. */
  height(): number;
  /** 0 before any. */
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
  // Laid out at 1×1, the library's rows would move when sized: a layout shift of the whole chart.
  const element = chart.chartElement();
  element.style.display = 'none';
  let shown = false;
  const resize = (w: number, h: number): void => {
    if (shown) return chart.resize(w, h);
    shown = true;
    element.style.display = '';
    chart.resize(w, h, true); // drawn now, so no frame shows the rows at their 1×1 places
  };
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
            resize(size.w, size.h);
            // The panes' heights are known only after the library's next draw.
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
      resize(size.w, size.h);
      // The panes' heights are known only after the library's next draw.
      frames().request(() => panes.place());
    },
    height: () => size?.h ?? 0,
    width: () => size?.w ?? 0,
    dispose: () => ro?.disconnect(),
  };
}
