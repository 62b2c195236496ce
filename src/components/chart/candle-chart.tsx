// The candlestick chart (lightweight-charts v5): ONE chart instance for the life of the screen.
// History arrives as a 'reset' (setData), live ticks as 'bar' (series.update of the last bar only).
// Live bars are applied in the batch that brought them, so lightweight-charts draws in the frame that paints that
// batch's quotes: one frame per update, as on the floor page (bench/README.md "Per update against the floor page"). Round two deferred them
// to the next animation frame, when batches came every 100 ms and the chart's draw beside the quotes' paint made a
// long task on a slow phone; with paint-driven flow control a batch lands at most once per painted frame, and the
// deferral only added a second frame (style, paint, commit) for each chart update.
// A click (mouse) or a long press (touch) places the trader's price line at the crosshair's price; its chip drags it and
// one tap on it offers "alert at this price" (onPickPrice); the line is kept per instrument (chart-price-pick.tsx).
// Indicators come with the klines, computed in the worker; indicator-panes.ts draws them in panes below the
// price with a legend each. `slot` names the chart to the feed (the desk's grid shows four).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { effect } from '@preact/signals-react';
import {
  CandlestickSeries,
  createChart,
  LineStyle,
  type Point,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
} from 'lightweight-charts';
import { IndicatorPanes, type LegendRows } from './indicator-panes.ts';
import { $historyBars, startChartSettings } from '../../state/chart/chart-settings.ts';
import { MAX_PANES } from '../../../domain/indicators.ts';
import { animationFrames, browserTimers, type Timers } from '../../state/shell/clock.ts';
import { feed } from '../../state/feed/feed-handle.ts';
import { onKline } from '../../state/feed/feed-listeners.ts';
import {
  chartOptions,
  readAccent,
  readChartColours,
  readIndicatorTones,
  scrollToNewest,
  seriesOptions,
} from './chart-theme.ts';
import { $updown } from '../../state/settings/updown.ts';
import { $reducedMotion } from '../../state/shell/motion.ts';
import { chartFigures, lastBarRows, type ChartFigures, type SummaryBar } from './chart-summary.ts';
import { ChartText, TABLE_BARS } from './chart-text.tsx';
import { isForChart, toCandle, toCandles } from './candles.ts';
import { stopLinesMark, syncStopLines, type StopLine } from './stop-lines.ts';
import { clearCrosshairOnTapOut } from './crosshair-clear.ts';
import { keepLegendRoom, markNarrow } from './legend-room.ts';
import { LegendFold } from './legend-fold.tsx';
import { OrderLineLayer, type OrderLayerHandle } from './order-line-layer.tsx';
import type { OrderLine } from './order-lines.ts';
import { ChartPricePick, pickedPrice, TOP_CLEARANCE, type PickedPrice } from './chart-price-pick.tsx';
import { keepPriceLine, priceLineOf } from '../../state/chart/price-lines.ts';
import { numberText } from '../../../domain/decimal-text.ts';
import type { KlineBar, Period } from '../../../domain/types.ts';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../hooks/long-press-rule.ts';
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
  /** The long press's timer (tests pass their own). */
  timers?: Timers;
  /** Which of the feed's charts this is (0 on /trade; 0–3 in the desk's grid). */
  slot?: number;
  /** Indicator panes below the price at most: two on a phone (the default), three on a desk. */
  maxPanes?: number;
  /** The trader's positions, stops and pending orders on this instrument (order-line-layer.tsx). */
  orderLines?: readonly OrderLine[];
  /** A line's tag tapped, or a touch held on a line: its edit sheet. */
  onLineEdit?: (line: OrderLine) => void;
  /** A stop's line dragged (desk) to a price: resolves whether it was taken. */
  onLineMove?: (line: OrderLine, price: string) => Promise<boolean>;
  /** Stop lines may be dragged with a mouse (the desk). */
  dragLines?: boolean;
  /** The trader's active price alerts on this instrument, each a line with its price on the axis. */
  alertLines?: readonly StopLine[];
}

const NO_ORDER_LINES: readonly OrderLine[] = [];

const NO_LINES: readonly StopLine[] = [];

interface Live {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  panes: IndicatorPanes;
}

// The feed streams one chart per slot: remember which mounted chart asked last for each, so a chart that unmounts
// does not stop the stream another (e.g. a kept-alive desk) is showing.
const lastWatcher = new Map<number, object>();

/**
 * The last bar as data attributes (cheap attribute writes, no layout): lets browser tests and tools see the
 * chart move without reading its canvas.
 */
function mark(box: HTMLElement, bars: number | null, time: number | undefined, close: number | undefined): void {
  if (bars !== null) box.dataset.bars = String(bars);
  box.dataset.lastTime = time === undefined ? '' : String(time);
  box.dataset.lastClose = close === undefined ? '' : String(close);
}

export function CandleChart({
  code,
  period,
  precision,
  frames = browserFrames,
  stopLines = NO_LINES,
  name = code ?? '',
  onPickPrice,
  slot = 0,
  maxPanes = MAX_PANES.phone,
  timers = browserTimers,
  orderLines = NO_ORDER_LINES,
  onLineEdit,
  onLineMove,
  dragLines = false,
  alertLines = NO_LINES,
}: CandleChartProps) {
  const alertDrawnRef = useRef(new Map<number, IPriceLine>());
  const layerRef = useRef<OrderLayerHandle | null>(null);
  const onLineEditRef = useRef(onLineEdit);
  onLineEditRef.current = onLineEdit;
  const [drawnOn, setDrawnOn] = useState<{ series: ISeriesApi<'Candlestick'>; up: string; down: string } | null>(null);
  const timersRef = useRef(timers);
  const linesOn = onPickPrice !== undefined;
  const boxRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef(slot);
  const maxPanesRef = useRef(maxPanes);
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
  const [legend, setLegend] = useState<LegendRows>([]);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  // The trader's price line: its price (text), the library's line, and the chip that follows it up and down.
  const linePriceRef = useRef<string | null>(null);
  const traderLineRef = useRef<IPriceLine | null>(null);
  const chipRef = useRef<HTMLDivElement | null>(null);
  const placeLineRef = useRef<(p: PickedPrice | null, keep: boolean) => void>(() => undefined);
  const refreshRef = useRef<() => void>(() => undefined);
  const readRows = () => {
    const live = liveRef.current;
    return live ? lastBarRows(live.series.data() as readonly SummaryBar[], TABLE_BARS, precisionRef.current) : [];
  };

  const watch = () => {
    const shown = shownRef.current;
    if (!shown) return;
    lastWatcher.set(slotRef.current, me.current);
    feed()
      .watchChart(shown.code, shown.period, slotRef.current)
      .catch((err: unknown) => console.warn('watchChart failed', err));
  };

  useLayoutEffect(() => {
    const box = boxRef.current;
    const legendBox = legendRef.current;
    const wrap = wrapRef.current;
    if (!box || !legendBox || !wrap) return undefined;
    const self = me.current;
    const mySlot = slotRef.current;
    startChartSettings();
    const colours = readChartColours(document.documentElement);
    const chart = createChart(box, { ...chartOptions(colours, $reducedMotion.peek()), width: 0, height: 0 });
    const series = chart.addSeries(CandlestickSeries, seriesOptions(colours, precisionRef.current));
    const panes = new IndicatorPanes(
      chart,
      legendBox,
      readIndicatorTones(box, colours),
      precisionRef.current,
      maxPanesRef.current,
    );
    liveRef.current = { chart, series, panes };
    const sizeRef = { h: 0 };
    setDrawnOn({ series, up: colours.up, down: colours.down });
    const lines = linesRef.current;
    const alertsDrawn = alertDrawnRef.current;
    const refresh = () => {
      setFigures(
        chartFigures(
          series.data() as readonly SummaryBar[],
          chart.timeScale().getVisibleLogicalRange(),
          precisionRef.current,
        ),
      );
      setLegend(panes.legendRows());
    };
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
        syncLineY();
      });
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    // The legends', the table button's and the chip's strips kept free of candles (legend-room.ts).
    const keepRoom = () => keepLegendRoom(chart, series, wrap, sizeRef.h, linePriceRef.current !== null);
    // The price line: drawn on the series, its chip placed at its height (moved by style, no render, as the scale moves).
    // The orders' tags follow the price scale; the price line's chip stays in the price pane's bottom margin
    // (legend-room.ts), and a drag of it starts from the line's height at that moment.
    const syncLineY = () => {
      layerRef.current?.place();
    };
    const placeLine = (p: PickedPrice | null, keep: boolean) => {
      const shown = shownRef.current;
      linePriceRef.current = p?.price ?? null;
      if (p === null) {
        if (traderLineRef.current) series.removePriceLine(traderLineRef.current);
        traderLineRef.current = null;
      } else if (traderLineRef.current) traderLineRef.current.applyOptions({ price: Number(p.price) });
      else {
        traderLineRef.current = series.createPriceLine({
          price: Number(p.price),
          color: readAccent(box),
          lineWidth: 1,
          lineStyle: LineStyle.Solid,
          axisLabelVisible: true,
          title: '',
        });
      }
      setPicked(p);
      keepRoom();
      if (keep && shown) keepPriceLine(shown.code, p?.price ?? null);
    };
    placeLineRef.current = placeLine;
    // A mouse click places the line; on a touch screen a tap is the crosshair's, and a long press places it.
    let pointerType = 'mouse';
    let press: unknown = null;
    let pressAt = { x: 0, y: 0 };
    let heldOnLine = false; // the touch held on an order's line opened its sheet
    const onTouchEnd = (e: TouchEvent) => {
      // Its tap would land on the sheet's backdrop and close it.
      if (heldOnLine) e.preventDefault();
      heldOnLine = false;
    };
    box.addEventListener('touchend', onTouchEnd);
    const endPress = () => {
      if (press !== null) timersRef.current.clearTimeout(press);
      press = null;
    };
    const onPointerDown = (e: PointerEvent) => {
      pointerType = e.pointerType;
      endPress();
      if (e.pointerType !== 'touch') return;
      pressAt = { x: e.clientX, y: e.clientY };
      press = timersRef.current.setTimeout(() => {
        press = null;
        // A user gesture, not the tick path: one layout read for where the finger is on the chart.
        const top = box.getBoundingClientRect().top;
        // On an order's line: that order's edit sheet, not a price line.
        const onLine = onLineEditRef.current ? layerRef.current?.hit(pressAt.y - top) : null;
        if (onLine) {
          heldOnLine = true;
          onLineEditRef.current?.(onLine);
          return;
        }
        const p = pickedPrice(series, { x: 0, y: pressAt.y - top } as Point, precisionRef.current);
        if (p) placeLine(p, true);
      }, LONG_PRESS_MS);
    };
    const onPointerMove = (e: PointerEvent) => {
      if (press !== null && Math.hypot(e.clientX - pressAt.x, e.clientY - pressAt.y) > LONG_PRESS_SLOP_PX) endPress();
    };
    box.addEventListener('pointerdown', onPointerDown);
    box.addEventListener('pointermove', onPointerMove);
    box.addEventListener('pointerup', endPress);
    box.addEventListener('pointercancel', endPress);
    const onClick = (param: MouseEventParams) => {
      if (pointerType === 'touch') return;
      placeLine(pickedPrice(series, param.point, precisionRef.current), true);
    };
    chart.subscribeClick(onClick);
    // The legends show the bar under the crosshair, and the last bar when it leaves.
    const onCrosshair = (param: MouseEventParams) => panes.crosshair(param.logical ?? null);
    chart.subscribeCrosshairMove(onCrosshair);
    const offCrosshair = clearCrosshairOnTapOut(chart, box);

    const applyBar = (bar: KlineBar, ind: readonly number[] | undefined) => {
      // update() throws on a bar older than the last one: a late bar from before a reset is dropped.
      if (bar.Time < lastTimeRef.current) return;
      const opened = bar.Time > lastTimeRef.current;
      series.update(toCandle(bar));
      panes.bar(bar, ind);
      syncLineY();
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
        panes.reset(u.lines, u.ind, u.bars);
        syncLineY();
        // The panes' heights are the library's after its next draw: the legends take their places then.
        framesRef.current.request(() => {
          panes.place();
          keepRoom();
        });
        if (mySlot === 0) $historyBars.value = data.length;
        const last = data[data.length - 1];
        lastTimeRef.current = last?.time ?? -Infinity;
        mark(box, data.length, last?.time, last?.close);
        scrollToNewest(chart.timeScale(), $reducedMotion.peek());
        refresh();
        return;
      }
      applyBar(u.bar, u.ind);
    });

    // Size from the observer's own numbers (no layout reads); a kept-alive screen shown again re-subscribes. Until the
    // first history arrives the chart stays 0×0 (nothing to draw), and takes the last size seen with it.
    let hidden = false;
    let size: { w: number; h: number } | null = null;
    let sized = false; // true from the first history on: every size is applied at once
    function sizeOnce(): void {
      if (sized) return;
      sized = true;
      if (!size) return;
      chart.resize(size.w, size.h);
      panes.place();
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
            sizeRef.h = size.h;
            markNarrow(wrap, size.w);
            if (sized) {
              chart.resize(size.w, size.h);
              framesRef.current.request(() => {
                panes.place();
                keepRoom();
              });
              syncLineY();
            }
            if (hidden) {
              hidden = false;
              if (lastWatcher.get(mySlot) !== me.current) watch();
            }
          })
        : null;
    ro?.observe(box);

    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const onScheme = () => {
      const c = readChartColours(document.documentElement);
      chart.applyOptions(chartOptions(c, $reducedMotion.peek()));
      series.applyOptions(seriesOptions(c, precisionRef.current));
      panes.restyle(readIndicatorTones(box, c), precisionRef.current);
      setDrawnOn({ series, up: c.up, down: c.down });
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
      chart.unsubscribeCrosshairMove(onCrosshair);
      offCrosshair();
      endPress();
      box.removeEventListener('pointerdown', onPointerDown);
      box.removeEventListener('pointermove', onPointerMove);
      box.removeEventListener('pointerup', endPress);
      box.removeEventListener('pointercancel', endPress);
      box.removeEventListener('touchend', onTouchEnd);
      cancelRange();
      if (lastWatcher.get(mySlot) === self) {
        lastWatcher.delete(mySlot);
        feed()
          .unwatchChart(mySlot)
          .catch(() => undefined);
      }
      panes.dispose();
      liveRef.current = null;
      lines.clear();
      alertsDrawn.clear();
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
    const live = liveRef.current;
    const box = boxRef.current;
    if (!live || !box) return;
    syncStopLines(live.series, alertDrawnRef.current, alertLines, readAccent(box));
    box.dataset.alertLines = stopLinesMark(alertLines);
  }, [alertLines]);

  useEffect(() => {
    precisionRef.current = precision;
    const live = liveRef.current;
    if (!live) return;
    const c = readChartColours(document.documentElement);
    live.series.applyOptions(seriesOptions(c, precision));
    if (boxRef.current) live.panes.restyle(readIndicatorTones(boxRef.current, c), precision);
  }, [precision]);

  useEffect(() => {
    const live = liveRef.current;
    if (!code || !live) return;
    shownRef.current = { code, period };
    lastTimeRef.current = -Infinity;
    // The line kept for this instrument (none: the previous instrument's goes); its chip finds its height on the reset.
    const kept = linesOn ? priceLineOf(code) : null;
    placeLineRef.current(kept === null ? null : { price: kept, y: TOP_CLEARANCE }, false);
    // Clear the old instrument's candles at once rather than showing them under the new header.
    live.series.setData([]);
    live.panes.clear();
    if (boxRef.current) mark(boxRef.current, 0, undefined, undefined);
    refreshRef.current();
    watch();
    // `watch` reads refs only.
  }, [code, period, linesOn]);

  return (
    <div className="tw-chart-wrap" ref={wrapRef}>
      <div ref={boxRef} className="tw-chart" data-code={code ?? ''} data-period={period} data-slot={slot} />
      {/* The panes' legends (indicator-panes.ts writes them); the text alternative below reads the same values. */}
      <div ref={legendRef} className="tw-legends" aria-hidden="true" />
      <LegendFold legends={legendRef} />
      {onPickPrice && picked ? (
        <ChartPricePick
          picked={picked}
          chipRef={chipRef}
          startY={() => {
            const text = linePriceRef.current;
            const y = text === null ? null : (liveRef.current?.series.priceToCoordinate(Number(text)) ?? null);
            return y ?? picked.y;
          }}
          onPick={(price) => {
            onPickPrice(price);
            placeLineRef.current(null, true); // the line became the alert
          }}
          onDismiss={() => placeLineRef.current(null, true)}
          onDrag={(y, done) => {
            const live = liveRef.current;
            const p = live ? pickedPrice(live.series, { x: 0, y } as Point, precisionRef.current) : null;
            if (p) placeLineRef.current(p, done);
          }}
          onStep={(dir) => {
            const live = liveRef.current;
            const places = precisionRef.current;
            const next = Number(picked.price) + dir / 10 ** places;
            const y = live?.series.priceToCoordinate(next) ?? null;
            if (next > 0 && y !== null) placeLineRef.current({ price: numberText(next, places), y }, true);
          }}
        />
      ) : null}
      <OrderLineLayer
        ref={layerRef}
        lines={orderLines}
        series={drawnOn?.series ?? null}
        box={boxRef.current}
        plotHeight={() => liveRef.current?.chart.panes()[0]?.getHeight() ?? 0}
        precision={precision}
        up={drawnOn?.up ?? ''}
        down={drawnOn?.down ?? ''}
        draggable={dragLines}
        onEdit={onLineEdit}
        onMove={onLineMove}
        timers={timers}
      />
      <ChartText name={name} period={period} figures={figures} readRows={readRows} legend={legend} />
    </div>
  );
}
