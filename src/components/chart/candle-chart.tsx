// The candlestick chart (lightweight-charts v5): ONE chart instance for the life of the screen.
// History arrives as a 'reset' (setData), live ticks as 'bar' (series.update of the last bar only).
// Live bars are applied in the batch that brought them, so lightweight-charts draws in the frame that paints that
// batch's quotes: one frame per update, as on the floor page (bench/README.md "Round three"). Round two deferred them
// to the next animation frame, when batches came every 100 ms and the chart's draw beside the quotes' paint made a
// long task on a slow phone; with paint-driven flow control a batch lands at most once per painted frame, and the
// deferral only added a second frame (style, paint, commit) for each chart update.
// A click or tap on the chart offers "alert at this price" (onPickPrice) at the crosshair's price (chart-price-pick.tsx).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { effect } from '@preact/signals-react';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
} from 'lightweight-charts';
import { animationFrames } from '../../state/clock.ts';
import { feed } from '../../state/feed-handle.ts';
import { onKline } from '../../state/feed-listeners.ts';
import { chartOptions, readChartColours, scrollToNewest, seriesOptions } from './chart-theme.ts';
import { $updown } from '../../state/updown.ts';
import { $reducedMotion } from '../../state/motion.ts';
import { chartFigures, lastBarRows, type ChartFigures, type SummaryBar } from './chart-summary.ts';
import { ChartText, TABLE_BARS } from './chart-text.tsx';
import { isForChart, toCandle, toCandles } from './candles.ts';
import { stopLinesMark, syncStopLines, type StopLine } from './stop-lines.ts';
import { ChartPricePick, pickedPrice, type PickedPrice } from './chart-price-pick.tsx';
import type { KlineBar, Period } from '../../domain/types.ts';
import './candle-chart.css';

export interface ChartFrames {
  request(cb: () => void): number;
  cancel(id: number): void;
}

const browserFrames: ChartFrames = {
  request: (cb) => animationFrames.request(cb),
  cancel: (id) => animationFrames.cancel(id),
};

export interface CandleChartProps {
  code: string | null;
  period: Period;
  precision: number;
  /** Where the visible-range summary waits for its frame (tests pass their own). */
  frames?: ChartFrames;
  /** Trailing stops of the trader's positions on this instrument, drawn as price lines. */
  stopLines?: readonly StopLine[];
  /** The instrument's display code, for the chart's text alternative. */
  name?: string;
  /** Offered after a click on the chart, with the price under it (a price alert at that price). */
  onPickPrice?: ((price: string) => void) | undefined;
}

const NO_LINES: readonly StopLine[] = [];

interface Live {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
}

// The feed streams one chart at a time: remember which mounted chart asked last, so a chart that unmounts
// does not stop the stream another (e.g. a kept-alive desk) is showing.
let lastWatcher: object | null = null;

/**
 * The last bar as data attributes (cheap attribute writes, no layout): lets browser tests and tools see the
 * chart move without reading its canvas.
 */
function mark(box: HTMLElement, bars: number | null, time: number | undefined, close: number | undefined): void {
  if (bars !== null) box.dataset.bars = String(bars);
  box.dataset.lastTime = time === undefined ? '' : String(time);
  box.dataset.lastClose = close === undefined ? '' : String(close);
}

export function CandleChart({ code, period, precision, frames = browserFrames, stopLines = NO_LINES, name = code ?? '', onPickPrice }: CandleChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<Live | null>(null);
  const shownRef = useRef<{ code: string; period: Period } | null>(null);
  const lastTimeRef = useRef(-Infinity);
  const precisionRef = useRef(precision);
  const me = useRef<object>({});
  const framesRef = useRef(frames);
  const linesRef = useRef(new Map<number, IPriceLine>());
  // The text alternative's figures: refreshed on a history reset, a new bar and a change of the bars in view (at
  // most once a frame), not on every tick of the last bar — the header carries the live price.
  const [figures, setFigures] = useState<ChartFigures | null>(null);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const refreshRef = useRef<() => void>(() => undefined);
  const readRows = () => {
    const live = liveRef.current;
    return live ? lastBarRows(live.series.data() as readonly SummaryBar[], TABLE_BARS, precisionRef.current) : [];
  };

  const watch = () => {
    const shown = shownRef.current;
    if (!shown) return;
    lastWatcher = me.current;
    feed()
      .watchChart(shown.code, shown.period)
      .catch((err: unknown) => console.warn('watchChart failed', err));
  };

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const self = me.current;
    const colours = readChartColours(document.documentElement);
    const chart = createChart(box, { ...chartOptions(colours, $reducedMotion.peek()), width: 0, height: 0 });
    const series = chart.addSeries(CandlestickSeries, seriesOptions(colours, precisionRef.current));
    liveRef.current = { chart, series };
    const lines = linesRef.current;
    const refresh = () =>
      setFigures(chartFigures(series.data() as readonly SummaryBar[], chart.timeScale().getVisibleLogicalRange(), precisionRef.current));
    refreshRef.current = refresh;
    let rangeFrame: number | null = null;
    const cancelRange = () => {
      if (rangeFrame !== null) framesRef.current.cancel(rangeFrame);
      rangeFrame = null;
    };
    const onRange = (_r: LogicalRange | null) => {
      rangeFrame ??= framesRef.current.request(() => {
        rangeFrame = null;
        refresh();
      });
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    const onClick = (param: MouseEventParams) => setPicked(pickedPrice(series, param.point, precisionRef.current));
    chart.subscribeClick(onClick);

    const applyBar = (bar: KlineBar) => {
      // update() throws on a bar older than the last one: a late bar from before a reset is dropped.
      if (bar.Time < lastTimeRef.current) return;
      const opened = bar.Time > lastTimeRef.current;
      series.update(toCandle(bar));
      lastTimeRef.current = bar.Time;
      mark(box, null, bar.Time, bar.Close);
      if (opened) refresh(); // a new bar opened
    };

    const offKline = onKline((u) => {
      const shown = shownRef.current;
      if (!shown || !isForChart(u, shown.code, shown.period)) return;
      if (u.kind === 'reset') {
        const data = toCandles(u.bars);
        sizeOnce(); // its first size with its first history: one drawing, not an empty one and then another
        series.setData(data);
        const last = data[data.length - 1];
        lastTimeRef.current = last?.time ?? -Infinity;
        mark(box, data.length, last?.time, last?.close);
        scrollToNewest(chart.timeScale(), $reducedMotion.peek());
        refresh();
        return;
      }
      applyBar(u.bar);
    });

    // Size from the observer's own numbers (no layout reads); a kept-alive screen shown again re-subscribes. Until the
    // first history arrives the chart stays 0×0 (nothing to draw), and takes the last size seen with it (issue 37).
    let hidden = false;
    let size: { w: number; h: number } | null = null;
    let sized = false; // true from the first history on: every size is applied at once
    function sizeOnce(): void {
      if (sized) return;
      sized = true;
      if (size) chart.resize(size.w, size.h);
    }
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
            if (sized) chart.resize(size.w, size.h);
            if (hidden) {
              hidden = false;
              if (lastWatcher !== me.current) watch();
            }
          })
        : null;
    ro?.observe(box);

    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const onScheme = () => {
      const c = readChartColours(document.documentElement);
      chart.applyOptions(chartOptions(c, $reducedMotion.peek()));
      series.applyOptions(seriesOptions(c, precisionRef.current));
    };
    media?.addEventListener('change', onScheme);
    // The up/down preference and reduced motion: the same re-read (the variables follow data-updown on <html>).
    let first = true;
    const offPrefs = effect(() => {
      void $updown.value;
      void $reducedMotion.value;
      if (first) first = false;
      else onScheme();
    });

    return () => {
      offKline();
      ro?.disconnect();
      media?.removeEventListener('change', onScheme);
      offPrefs();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeClick(onClick);
      cancelRange();
      if (lastWatcher === self) {
        lastWatcher = null;
        feed()
          .unwatchChart()
          .catch(() => undefined);
      }
      liveRef.current = null;
      lines.clear();
      chart.remove();
    };
    // The chart lives as long as the component: created once, never re-created on prop changes.
  }, []);

  useEffect(() => {
    const live = liveRef.current;
    const box = boxRef.current;
    if (!live || !box) return;
    syncStopLines(live.series, linesRef.current, stopLines, readChartColours(document.documentElement).text);
    box.dataset.stopLines = stopLinesMark(stopLines);
  }, [stopLines]);

  useEffect(() => {
    precisionRef.current = precision;
    const live = liveRef.current;
    if (!live) return;
    const c = readChartColours(document.documentElement);
    live.series.applyOptions(seriesOptions(c, precision));
  }, [precision]);

  useEffect(() => {
    const live = liveRef.current;
    if (!code || !live) return;
    shownRef.current = { code, period };
    lastTimeRef.current = -Infinity;
    setPicked(null); // a price of the previous instrument or period
    // Clear the old instrument's candles at once rather than showing them under the new header.
    live.series.setData([]);
    if (boxRef.current) mark(boxRef.current, 0, undefined, undefined);
    refreshRef.current();
    watch();
    // `watch` reads refs only.
  }, [code, period]);

  return (
    <div className="tw-chart-wrap">
      <div ref={boxRef} className="tw-chart" data-code={code ?? ''} data-period={period} />
      {onPickPrice && picked ? <ChartPricePick picked={picked} onPick={onPickPrice} onDismiss={() => setPicked(null)} /> : null}
      <ChartText name={name} period={period} figures={figures} readRows={readRows} />
    </div>
  );
}
