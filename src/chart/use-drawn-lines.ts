// Writes what is drawn on the box (data-stop-lines, data-alert-lines) for browser tests and tools.
import { useEffect, type RefObject } from 'react';
import type { IPriceLine, ISeriesApi } from 'lightweight-charts';
import { stopLinesMark, syncStopLines, type StopLine } from './stop-lines.ts';

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
    // The colour is read when the lines change (or the series is created: chart-setup.ts); the refs are stable.
  }, [series, lines]); // eslint-disable-line react-hooks/exhaustive-deps
}
