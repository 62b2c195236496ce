// The overlays sit in the price scales' margins, where the library draws no bar (docs/screens.md "The chart").
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';

export const NARROW_CHART_PX = 600;
/** The table button (28 px at 6 px) with the legend's line beside it. */
const TOP_ROOM_PX = 40;
/** A 34 px chip and its gap. */
const CHIP_ROOM_PX = 44;
const PANE_ROOM_PX = 18;

type Chart = Pick<IChartApi, 'panes'>;
type Series = Pick<ISeriesApi<SeriesType>, 'priceScale'>;

const fraction = (px: number, of: number, max: number): number => Math.min(max, px / of);

/** Also sets `--plot-bottom` on `wrap`: the height under the price pane, for the chip's place. */
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
