// From the ResizeObserver's own numbers (no layout reads); a size of 0 means a hidden kept-alive screen.
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import type { IndicatorPanes } from './indicator-panes.ts';
import type { ChartFrames } from './chart-frames.ts';

// The overlays sit in the price scales' margins, where the library draws no bar (docs/screens.md "The chart").
const NARROW_CHART_PX = 600;
/** The table button (28 px at 6 px) with the legend's line beside it. */
const TOP_ROOM_PX = 40;
/** A 34 px chip and its gap. */
const CHIP_ROOM_PX = 44;
const PANE_ROOM_PX = 18;

const fraction = (px: number, of: number, max: number): number => Math.min(max, px / of);

/** Also sets `--plot-bottom` on `wrap`: the height under the price pane, for the chip's place. */
export function keepLegendRoom(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  wrap: HTMLElement,
  boxHeight: number,
  chip: boolean,
): void {
  const panes = chart.panes();
  const h = panes[0]?.getHeight() ?? 0;
  if (h <= 0) return;
  series.priceScale().applyOptions({
    scaleMargins: { top: fraction(TOP_ROOM_PX, h, 0.3), bottom: fraction(chip ? CHIP_ROOM_PX : 8, h, 0.3) },
  });
  for (const pane of panes.slice(1)) {
    const ph = pane.getHeight();
    const first = pane.getSeries()[0];
    if (ph > 0 && first) {
      first.priceScale().applyOptions({ scaleMargins: { top: fraction(PANE_ROOM_PX, ph, 0.4), bottom: 0.02 } });
    }
  }
  if (boxHeight > 0) wrap.style.setProperty('--plot-bottom', `${Math.max(0, boxHeight - h)}px`);
}

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
