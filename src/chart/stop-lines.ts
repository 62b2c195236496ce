import { useEffect, type RefObject } from 'react';
import { LineStyle, type CreatePriceLineOptions, type IPriceLine, type ISeriesApi } from 'lightweight-charts';

export interface StopLine {
  id: number; // order id (a trailing stop) or alert id (a price alert)
  price: number;
  /** As the server wrote it: the chart's text alternative and data-*-lines read it. */
  priceText: string;
  title: string;
}

/** `drawn` is updated in place: each wanted key's line moved or made, every other removed. */
export function syncPriceLines<K>(
  series: ISeriesApi<'Candlestick'>,
  drawn: Map<K, IPriceLine>,
  wanted: ReadonlyMap<K, CreatePriceLineOptions>,
): void {
  for (const [key, opts] of wanted) {
    const line = drawn.get(key);
    if (line) line.applyOptions(opts);
    else drawn.set(key, series.createPriceLine(opts));
  }
  for (const [key, line] of drawn) {
    if (wanted.has(key)) continue;
    series.removePriceLine(line);
    drawn.delete(key);
  }
}

/** Every line drawn over the candles: one pixel wide, its price on the axis. */
export const lineOptions = (
  price: number,
  color: string,
  lineStyle: LineStyle,
  title = '',
): CreatePriceLineOptions => ({ price, color, lineWidth: 1, lineStyle, axisLabelVisible: true, title });

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
  return series.createPriceLine(lineOptions(Number(price), colour(), LineStyle.Solid));
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
    const c = colour(box);
    syncPriceLines(
      series,
      drawn.current,
      new Map(lines.map((w) => [w.id, lineOptions(w.price, c, LineStyle.Dashed, w.title)])),
    );
    box.dataset[mark] = lines.map((w) => `${w.id}:${w.priceText}`).join(' ');
    // The colour is read when the lines change (or the series is created: candle-chart.tsx); the refs are stable.
  }, [series, lines]); // oxlint-disable-line react-hooks/exhaustive-deps
}
