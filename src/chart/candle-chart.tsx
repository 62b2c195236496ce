// The candlestick chart (lightweight-charts v5): ONE chart instance for the life of the screen. History arrives as a
// 'reset' (setData), live ticks as 'bar' (series.update of the last bar only), applied in the batch that brought them,
// so the library draws in the frame that paints that batch's quotes: one frame per update.
// A click (mouse) or a long press (touch) places the trader's price line at the crosshair's price; its chip drags it and
// one tap on it offers "alert at this price" (onPickPrice); the line is kept per instrument (chart-price-pick.tsx).
// Indicators come with the klines, computed in the worker, drawn in panes below the price (indicator-panes.ts).
// `slot` names the chart to the feed (the desk's grid shows four). Its parts each have a file: the set-up in stages
// (chart-setup.ts), the klines (chart-klines.ts), the size (chart-resize.ts), the clicks and presses that place the
// price line (chart-press.ts), the colours (chart-scheme.ts); this file creates the chart and ties them.
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CandlestickSeries,
  createChart,
  type Point,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type MouseEventParams,
} from 'lightweight-charts';
import { IndicatorPanes, type LegendRows } from './indicator-panes.ts';
import { startChartSettings } from './chart-settings.ts';
import { MAX_PANES } from '../../domain/indicators.ts';
import { browserTimers } from '../state/shell/clock.ts';
import { unwatchChart, watchChart, watchesSlot } from './chart-stream.ts';
import { chartOptions, readAccent, readChartColours, readIndicatorTones, seriesOptions } from './chart-theme.ts';
import { $reducedMotion } from '../state/shell/motion.ts';
import { chartFigures, lastBarRows, type ChartFigures, type SummaryBar } from './chart-summary.ts';
import { ChartText, TABLE_BARS } from './chart-text.tsx';
import { ChartLinesText } from './chart-lines-text.tsx';
import { drawTraderLine, type StopLine } from './stop-lines.ts';
import { useDrawnLines } from './use-drawn-lines.ts';
import { clearCrosshairOnTapOut } from './crosshair-clear.ts';
import { keepLegendRoom } from './legend-room.ts';
import { LegendFold } from './legend-fold.tsx';
import { OrderLineLayer, type OrderLayerHandle } from './order-line-layer.tsx';
import type { OrderLine } from './order-lines.ts';
import { ChartPricePick, pickedPrice, TOP_CLEARANCE, type PickedPrice } from './chart-price-pick.tsx';
import { keepPriceLine, priceLineOf } from './price-lines.ts';
import { numberText } from '../../domain/decimal-text.ts';
import type { Period } from '../../domain/types.ts';
import type { CandleChartProps } from './candle-chart-props.ts';
import { browserFrames, followRangeOncePerFrame, markLastBar } from './chart-frames.ts';
import { wirePricePress } from './chart-press.ts';
import { watchChartSize } from './chart-resize.ts';
import { barsInView, followKlines } from './chart-klines.ts';
import { followColourScheme } from './chart-scheme.ts';
import { keepTimeLabelsWhole } from './whole-time-labels.ts';
import { setUpInStages } from './chart-setup.ts';
import { useAskLine } from './ask-line.ts';
import { useWide } from '../components/hooks/use-wide.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import './candle-chart.css';

const NO_ORDER_LINES: readonly OrderLine[] = [];
const NO_LINES: readonly StopLine[] = [];

interface Live {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  panes: IndicatorPanes;
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
  const [ready, setReady] = useState(false); // set up (chart-setup.ts): it may ask for its klines
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

  const watch = () =>
    shownRef.current && watchChart(me.current, slotRef.current, shownRef.current.code, shownRef.current.period);

  // The library's set-up, with its clean-up; run in a task of its own after the commit (below).
  const setUp = (box: HTMLDivElement, legendBox: HTMLDivElement, wrap: HTMLDivElement): (() => void) => {
    const self = me.current;
    const mySlot = slotRef.current;
    startChartSettings();
    // The colours read before the library adds its elements: their styles are not worked out just to read these.
    const colours = readChartColours(document.documentElement);
    const tones = readIndicatorTones(box, colours);
    const chart = createChart(box, { ...chartOptions(colours, $reducedMotion.peek()), width: 0, height: 0 });
    keepTimeLabelsWhole(chart);
    const series = chart.addSeries(CandlestickSeries, seriesOptions(colours, precisionRef.current));
    const panes = new IndicatorPanes(chart, legendBox, tones, precisionRef.current, maxPanesRef.current);
    liveRef.current = { chart, series, panes };
    startTransition(() => setDrawnOn({ series, up: colours.up, down: colours.down }));
    const [lines, alertsDrawn] = [linesRef.current, alertDrawnRef.current];
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
    const offRange = followRangeOncePerFrame(
      chart,
      () => framesRef.current,
      () => {
        refresh();
        syncLineY();
      },
    );
    // The legends', the table button's and the chip's strips kept free of candles (legend-room.ts).
    const keepRoom = () => keepLegendRoom(chart, series, wrap, sizing.height(), linePriceRef.current !== null);
    // The price line: drawn on the series, its chip placed at its height (moved by style, no render, as the scale
    // moves). The orders' tags follow the price scale; the chip stays in the price pane's bottom margin (legend-room.ts).
    const syncLineY = () => void layerRef.current?.place();
    const placeLine = (p: PickedPrice | null, keep: boolean) => {
      const shown = shownRef.current;
      linePriceRef.current = p?.price ?? null;
      traderLineRef.current = drawTraderLine(series, traderLineRef.current, p?.price ?? null, () => readAccent(box));
      setPicked(p);
      keepRoom();
      if (keep && shown) keepPriceLine(shown.code, p?.price ?? null);
    };
    placeLineRef.current = placeLine;
    const offPress = wirePricePress({
      chart,
      series,
      box,
      timers: () => timersRef.current,
      precision: () => precisionRef.current,
      lineAt: (y) => (onLineEditRef.current ? layerRef.current?.hit(y) : null),
      editLine: (line) => onLineEditRef.current?.(line),
      placeLine,
    });
    // The legends show the bar under the crosshair, and the last bar when it leaves.
    const onCrosshair = (param: MouseEventParams) => panes.crosshair(param.logical ?? null);
    chart.subscribeCrosshairMove(onCrosshair);
    const offCrosshair = clearCrosshairOnTapOut(chart, box);

    // Sized from the observer's own numbers (chart-resize.ts); a kept-alive screen shown again re-subscribes.
    const sizing = watchChartSize({
      chart,
      panes,
      box,
      wrap,
      frames: () => framesRef.current,
      keepRoom,
      syncLineY,
      shownAgain: () => void (watchesSlot(me.current, mySlot) || watch()),
    });

    const offKline = followKlines({
      chart,
      series,
      panes,
      box,
      slot: mySlot,
      shown: () => shownRef.current,
      lastTime: lastTimeRef,
      frames: () => framesRef.current,
      sizeOnce: () => sizing.sizeOnce(),
      firstBars: () => barsInView(sizing.width(), chart.timeScale().options().barSpacing),
      syncLineY,
      keepRoom,
      refresh,
    });

    setUpInStages({
      frames: () => framesRef.current,
      panes,
      sizing,
      maxPanes: maxPanesRef.current,
      live: () => liveRef.current?.chart === chart,
      ready: () => startTransition(() => setReady(true)),
    });

    const offScheme = followColourScheme({
      chart,
      series,
      panes,
      box,
      precision: () => precisionRef.current,
      restyled: (c) => setDrawnOn({ series, up: c.up, down: c.down }),
    });

    return () => {
      offKline();
      sizing.dispose();
      offScheme();
      offRange();
      chart.unsubscribeCrosshairMove(onCrosshair);
      offCrosshair();
      offPress();
      unwatchChart(self, mySlot);
      panes.dispose();
      liveRef.current = null;
      lines.clear();
      alertsDrawn.clear();
      chart.remove();
    };
  };

  useLayoutEffect(() => {
    const [box, legendBox, wrap] = [boxRef.current, legendRef.current, wrapRef.current];
    if (!box || !legendBox || !wrap) return undefined;
    // Not in React's commit, so the chart's tree and the library's creation are not one long task (chart-setup.ts).
    // Frames without `task` (tests): at once.
    let dispose: (() => void) | null = null;
    let gone = false;
    const create = () => void (gone || (dispose = setUp(box, legendBox, wrap)));
    const frames = framesRef.current;
    if (frames.task) frames.task(create);
    else create();
    return () => {
      gone = true;
      dispose?.();
    };
    // The chart lives as long as the component: created once, never re-created on prop changes (setUp reads refs).
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useDrawnLines(
    drawnOn?.series ?? null,
    boxRef,
    linesRef,
    stopLines,
    () => readChartColours(document.documentElement).text,
    'stopLines',
  );
  useDrawnLines(drawnOn?.series ?? null, boxRef, alertDrawnRef, alertLines, readAccent, 'alertLines');
  const { t } = useTranslation();
  useAskLine(drawnOn?.series ?? null, boxRef, code, useWide(), t('trade.ask'));

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
    if (!code || !live || !ready) return;
    shownRef.current = { code, period };
    lastTimeRef.current = -Infinity;
    // The line kept for this instrument (none: the previous instrument's goes); its chip finds its height on the reset.
    const kept = linesOn ? priceLineOf(code) : null;
    placeLineRef.current(kept === null ? null : { price: kept, y: TOP_CLEARANCE }, false);
    // Clear the old instrument's candles at once rather than showing them under the new header.
    live.series.setData([]);
    live.panes.clear();
    if (boxRef.current) markLastBar(boxRef.current, 0, undefined, undefined);
    refreshRef.current();
    watch();
    // `watch` reads refs only.
  }, [code, period, linesOn, ready]);

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
      <ChartText name={name} period={period} figures={figures} readRows={readRows} legend={legend}>
        <ChartLinesText orders={orderLines} alerts={alertLines} trailing={stopLines} />
      </ChartText>
    </div>
  );
}
