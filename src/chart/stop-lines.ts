import { useEffect, type RefObject } from 'react';
import { LineStyle, type IPriceLine, type ISeriesApi } from 'lightweight-charts';

export interface StopLine {
  id: number; // order id (a trailing stop) or alert id (a price alert)
  price: number;
  /** As the server wrote it: the chart's text alternative and data-*-lines read it. */
  priceText: string;
  title: string;
}

/** `drawn` (by order id) is updated in place. */
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

/** So browser tests can see them without reading the canvas. */
export function stopLinesMark(wanted: readonly StopLine[]): string {
  return wanted.map((w) => `${w.id}:${w.priceText}`).join(' ');
}

/** null removes it; returns the line now drawn. */
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

// Writes what is drawn on the box (data-stop-lines, data-alert-lines) for browser tests and tools.
export function useDrawnLines(
  series: ISeriesApi<'Candlestick'> | null,
  boxRef: RefObject<HTMLElement | null>,
  drawn: RefObject<Map<number, IPriceLine>>,
  lines: readonly StopLine[],
  colour: (box: HTMLElement) => string,
  mark: 'stopLines' | 'alertLines',
): void {
  useEffect(() => {
    const box = boxRef.current;
    if (!series || !box) return;
    syncStopLines(series, drawn.current, lines, colour(box));
    box.dataset[mark] = stopLinesMark(lines);
    // The colour is read when the lines change (or the series is created: candle-chart.tsx); the refs are stable.
  }, [series, lines]); // oxlint-disable-line react-hooks/exhaustive-deps
}
