// Candles are drawn at the bid, so a buy's ask gets its own line (docs/retail-protection.md "What the app shows").
import { useEffect, type RefObject } from 'react';
import { effect, signal } from '@preact/signals-react';
import { LineStyle, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import { quote } from '../state/market/quotes.ts';
import { onKline } from '../state/feed/feed-listeners.ts';
import { localStore } from '../state/shell/local-store.ts';
import { readChartColours } from './chart-theme.ts';
import { lineOptions } from './stop-lines.ts';

export const ASK_LINE_KEY = 'tw:ask-line';

function storedChoice(): boolean | null {
  const raw = localStore()?.getItem(ASK_LINE_KEY);
  return raw === '1' ? true : raw === '0' ? false : null;
}

const $choice = signal<boolean | null>(storedChoice(), { name: 'chart.$askLineChoice' });

/** Else on at the desk's width only: it would crowd a phone's small chart. */
export const askLineShown = (wide: boolean): boolean => $choice.value ?? wide;

export function chooseAskLine(on: boolean): void {
  $choice.value = on;
  localStore()?.setItem(ASK_LINE_KEY, on ? '1' : '0');
}

/**
 * The box's data-ask-line says the price drawn: the ask as the chart's last update found it. `live` holds the series
 * while its chart stands: a chart is removed a frame after it unmounts, and this effect's cleanup may come later.
 */
export function useAskLine(
  series: ISeriesApi<'Candlestick'> | null,
  live: RefObject<{ series: ISeriesApi<'Candlestick'> } | null>,
  boxRef: RefObject<HTMLElement | null>,
  code: string | null | undefined,
  wide: boolean,
  title: string,
): void {
  useEffect(() => {
    const box = boxRef.current;
    if (!series || !box || !code) return undefined;
    const q = quote(code);
    // The effect follows the setting; the line moves with the chart's own updates (at most one per bar interval,
    // workers/feed/chart-watch.ts), not per tick: a price line moved on every tick redraws the whole chart each time.
    return effect(() => {
      if (!askLineShown(wide)) return undefined;
      const colour = readChartColours(document.documentElement).up;
      let line: IPriceLine | null = null;
      let drawn: string | null = null; // what data-ask-line and the line show
      // An update with the ask unchanged writes nothing: a price line's options invalidate the whole chart.
      const move = (): void => {
        if (live.current?.series !== series) return; // its chart is going: a line moved now would draw it again
        const ask = q.$ask.peek();
        const shown = Number(ask) > 0 ? ask : '';
        if (shown === drawn) return;
        drawn = shown;
        box.dataset.askLine = shown;
        if (shown === '') return;
        const price = Number(shown);
        if (line) line.applyOptions({ price });
        else line = series.createPriceLine(lineOptions(price, colour, LineStyle.Dashed, title));
      };
      move();
      const off = onKline((u) => void (u.code === code && move()));
      return () => {
        off();
        box.dataset.askLine = '';
        // A removed chart's series would draw again on its released canvases (lightweight-charts: "Object is disposed");
        // `live` is read at cleanup on purpose: whether the chart still stands then.
        if (line && live.current?.series === series) series.removePriceLine(line); // oxlint-disable-line react-hooks/exhaustive-deps
      };
    });
  }, [series, live, boxRef, code, wide, title]);
}
