// Horizontal price lines on the candle chart for the positions' trailing stops (one line per position, moved in place
// when its stop moves (a pushed change), removed when the position closes or stops trailing) and for the price
// alerts (one per active alert, named with its price).
import { LineStyle, type IPriceLine, type ISeriesApi } from 'lightweight-charts';

export interface StopLine {
  id: number; // order id (a trailing stop) or alert id (a price alert)
  price: number;
  /** The price as the server wrote it: the chart's text alternative and data-*-lines read it. */
  priceText: string;
  title: string;
}

/** Makes the series' lines match `wanted`: `drawn` (by order id) is updated in place. */
export function syncStopLines(
  series: ISeriesApi<'Candlestick'>,
  drawn: Map<number, IPriceLine>,
  wanted: readonly StopLine[],
  colour: string,
): void {
  const keep = new Set<number>();
  for (const w of wanted) {
    keep.add(w.id);
    const line = drawn.get(w.id);
    if (line) line.applyOptions({ price: w.price, title: w.title, color: colour });
    else {
      drawn.set(
        w.id,
        series.createPriceLine({
          price: w.price,
          title: w.title,
          color: colour,
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: true,
        }),
      );
    }
  }
  for (const [id, line] of drawn) {
    if (keep.has(id)) continue;
    series.removePriceLine(line);
    drawn.delete(id);
  }
}

/** The lines as a data attribute ("id:price …"), so browser tests can see them without reading the canvas. */
export function stopLinesMark(wanted: readonly StopLine[]): string {
  return wanted.map((w) => `${w.id}:${w.priceText}`).join(' ');
}

/**
 * The trader's own price line (placed by a click or a long press, chart-press.ts) drawn at `price`: created, moved in
 * place, or removed (null). Returns the line now drawn.
 */
export function drawTraderLine(
  series: ISeriesApi<'Candlestick'>,
  line: IPriceLine | null,
  price: string | null,
  colour: () => string,
): IPriceLine | null {
  if (price === null) {
    if (line) series.removePriceLine(line);
    return null;
  }
  if (line) {
    line.applyOptions({ price: Number(price) });
    return line;
  }
  return series.createPriceLine({
    price: Number(price),
    color: colour(),
    lineWidth: 1,
    lineStyle: LineStyle.Solid,
    axisLabelVisible: true,
    title: '',
  });
}
