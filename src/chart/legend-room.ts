// Overlays over the candles (docs/screens.md "The chart"): the legends, the table button and the price line's chip sit
// in the chart's margins, not on the data. The price pane keeps a strip at its top for its one-line legend (beside the
// table button) and, while a price line's chip shows, a strip at its bottom for the chip; each indicator pane keeps a
// strip at its top for its legend. The margins are the price scales' own (scaleMargins), so the library draws no bar
// there. On a narrow chart (a phone, the desk's centre column, a cell of the 2×2 grid) each legend is one line, with a
// toggle to show every value (legend-fold.tsx).
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';

/** Narrower than this, a legend folds to one line. */
export const NARROW_CHART_PX = 600;
/** The price pane's top strip: the table button (28 px at 6 px) with the legend's line beside it. */
const TOP_ROOM_PX = 40;
/** The price pane's bottom strip while the price line's chip shows (a 34 px chip and its gap). */
const CHIP_ROOM_PX = 44;
/** An indicator pane's top strip: its legend's line. */
const PANE_ROOM_PX = 18;

type Chart = Pick<IChartApi, 'panes'>;
type Series = Pick<ISeriesApi<SeriesType>, 'priceScale'>;

const fraction = (px: number, of: number, max: number): number => Math.min(max, px / of);

/**
 * The margins for the panes' current heights (after a resize or a rebuild), and the chip's place: `--plot-bottom` on
 * `wrap`, the height under the price pane (indicator panes and the time axis).
 */
export function keepLegendRoom(
  chart: Chart,
  series: Series,
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

/** `data-narrow` on the chart's wrap, from the observer's width (no layout read). */
export function markNarrow(wrap: HTMLElement, width: number): void {
  wrap.dataset.narrow = width < NARROW_CHART_PX ? 'true' : 'false';
}
