// ONE lightweight-charts instance for the screen's life; klines, size and presses have files of their own.
import type { ReactElement, RefObject } from 'react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type {
  CandlestickData,
  IChartApi,
  IPriceLine,
  ISeriesApi,
  MouseEventParams,
  UTCTimestamp,
} from 'lightweight-charts';
import { CandlestickSeries, createChart } from 'lightweight-charts';
import { IndicatorPanes, type LegendRows } from './indicator-panes.ts';
import { startChartSettings, $indicatorSettings } from './chart-settings.ts';
import { MAX_PANES, indicatorLines } from '../../domain/indicators.ts';
import { browserTimers, type Timers } from '../state/shell/clock.ts';
import { feed } from '../state/feed/feed-bridge.ts';
import type { Period } from '../../domain/types.ts';
import { chartOptions, readAccent, readChartColours, readIndicatorTones, seriesOptions } from './chart-theme.ts';
import { $reducedMotion } from '../state/shell/motion.ts';
import { ChartText, chartFigures, lastBarRows, TABLE_BARS, type ChartFigures } from './chart-text.tsx';
import { ChartLinesText } from './chart-lines-text.tsx';
import { drawTraderLine, useDrawnLines, type StopLine } from './stop-lines.ts';
import { keepLegendRoom, watchChartSize } from './chart-resize.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Icon } from '../components/icons/icons.tsx';
import { ICON_CHEVRON } from '../components/icons/screen-icons.ts';
import { OrderLineLayer, type OrderLayerHandle } from './order-line-layer.tsx';
import type { OrderLine } from './order-lines.ts';
import { ChartPricePick, pickedPrice, TOP_CLEARANCE, type PickedPrice } from './chart-price-pick.tsx';
import { isDecimalText, numberText } from '../../domain/decimal-text.ts';
import { localStore } from '../state/shell/local-store.ts';
import { browserFrames, followRangeOncePerFrame, markLastBar, stepsAfterFrames } from './chart-frames.ts';
import type { ChartFrames } from './chart-frames.ts';
import { wirePricePress } from './chart-press.ts';
import { barsInView, followKlines } from './chart-klines.ts';
import { onColourChange } from '../components/sparkline/colour-change.ts';
import { keepTimeLabelsWhole } from './whole-time-labels.ts';
import { useAskLine } from './ask-line.ts';
import { useWide } from '../components/hooks/use-wide.ts';
import './candle-chart.css';

// Kept in localStorage per instrument, so the line is there on the next visit.
export const PRICE_LINES_KEY = 'tw:price-lines';

/** Each at its instrument's precision. */
function readAll(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStore()?.getItem(PRICE_LINES_KEY) || '{}');
    if (!v || typeof v !== 'object') return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => isDecimalText(e[1]) && !e[1].startsWith('-')),
    );
  } catch {
    return {};
  }
}

/** null forgets it. */
export function keepPriceLine(code: string, price: string | null): void {
  const all = readAll();
  if (price === null) delete all[code];
  else all[code] = price;
  localStore()?.setItem(PRICE_LINES_KEY, JSON.stringify(all));
}

// Folded, a legend is one line of whole items: it never covers the newest candles nor cuts a value (chart-resize.ts).
export function LegendFold({ legends }: { legends: RefObject<HTMLDivElement | null> }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t(open ? 'chart_lines.legend_less' : 'chart_lines.legend_more');
  return (
    <button
      type="button"
      className="tw-legend-fold"
      data-action="legend-fold"
      aria-expanded={open}
      aria-label={label}
      title={label}
      onClick={() => {
        const next = !open;
        setOpen(next);
        if (legends.current) legends.current.dataset.open = next ? 'true' : 'false';
      }}
    >
      <Icon icon={ICON_CHEVRON} size={14} />
    </button>
  );
}

// The library keeps a tapped crosshair until the next touch, so leaving clears it (docs/screens.md "The chart").
export function clearCrosshairOnTapOut(chart: Pick<IChartApi, 'clearCrosshairPosition'>, box: HTMLElement): () => void {
  const clear = () => chart.clearCrosshairPosition();
  const onDown = (e: Event) => {
    if (!(e.target instanceof Node) || !box.contains(e.target)) clear();
  };
  const doc = box.ownerDocument;
  doc.addEventListener('pointerdown', onDown, true);
  // Only a scroll that moves the chart: a list beside it (quotes, positions) scrolls as rows come and go.
  const onScroll = (e: Event) => {
    if (e.target === doc || (e.target instanceof Node && e.target.contains(box))) clear();
  };
  doc.addEventListener('scroll', onScroll, { capture: true, passive: true });
  // A lifted finger also "leaves", and a tap's crosshair is there to be read until a tap elsewhere.
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') clear();
  };
  box.addEventListener('pointerleave', onLeave);
  return () => {
    doc.removeEventListener('pointerdown', onDown, true);
    doc.removeEventListener('scroll', onScroll, true);
    box.removeEventListener('pointerleave', onLeave);
  };
}

// One stream per slot: a chart that unmounts must not stop the stream another (a kept-alive desk) is showing.
const lastWatcher = new Map<number, object>();

export function watchChart(me: object, slot: number, code: string, period: Period): void {
  lastWatcher.set(slot, me);
  feed()
    .watchChart(code, period, slot)
    .catch((err: unknown) => console.warn('watchChart failed', err));
}

/** Unless another chart asked for the slot since. */
export function unwatchChart(me: object, slot: number): void {
  if (lastWatcher.get(slot) !== me) return;
  lastWatcher.delete(slot);
  feed()
    .unwatchChart(slot)
    .catch(() => undefined);
}

export interface CandleChartProps {
  code: string | null;
  period: Period;
  precision: number;
  /** Tests pass their own. */
  frames?: ChartFrames;
  stopLines?: readonly StopLine[];
  /** For the chart's text alternative. */
  name?: string;
  /** With the price under a click (a price alert at that price). */
  onPickPrice?: ((price: string) => void) | undefined;
  /** Tests pass their own. */
  timers?: Timers;
  /** 0 on /trade; 0–3 in the desk's grid. */
  slot?: number;
  /** Two on a phone (the default), three on a desk. */
  maxPanes?: number;
  orderLines?: readonly OrderLine[];
  /** A tag tapped or a touch held on a line. */
  onLineEdit?: (line: OrderLine) => void;
  /** Resolves whether it was taken. */
  onLineMove?: (line: OrderLine, price: string) => Promise<boolean>;
  /** With a mouse, on the desk. */
  dragLines?: boolean;
  alertLines?: readonly StopLine[];
}

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
  const linesOn = onPickPrice !== undefined;
  const boxRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef(slot);
  const liveRef = useRef<Live | null>(null);
  const shownRef = useRef<{ code: string; period: Period } | null>(null);
  const lastTimeRef = useRef(-Infinity);
  const precisionRef = useRef(precision);
  const me = useRef<object>({});
  const linesRef = useRef(new Map<number, IPriceLine>());
  // Refreshed on a reset, a new bar or a change of view, not every tick: the header carries the live price.
  const [figures, setFigures] = useState<ChartFigures | null>(null);
  const [legend, setLegend] = useState<LegendRows>([]);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [ready, setReady] = useState(false); // it may ask for its klines
  const linePriceRef = useRef<string | null>(null);
  const traderLineRef = useRef<IPriceLine | null>(null);
  const placeLineRef = useRef<(p: PickedPrice | null, keep: boolean) => void>(() => undefined);
  const refreshRef = useRef<() => void>(() => undefined);
  const readRows = () => {
    const live = liveRef.current;
    return live
      ? lastBarRows(live.series.data() as readonly CandlestickData<UTCTimestamp>[], TABLE_BARS, precisionRef.current)
      : [];
  };

  const watch = () =>
    shownRef.current && watchChart(me.current, slotRef.current, shownRef.current.code, shownRef.current.period);

  // Run in a task of its own after the commit (below).
  const setUp = (box: HTMLDivElement, legendBox: HTMLDivElement, wrap: HTMLDivElement): (() => void) => {
    const self = me.current;
    const mySlot = slotRef.current;
    startChartSettings();
    // Read before the library adds its elements, so their styles are not worked out just to read these.
    const colours = readChartColours(document.documentElement);
    const tones = readIndicatorTones(box, colours);
    // 0 is the library's "the container's size": hidden at 1×1 instead, the desk's row → chart tap cost more.
    const chart = createChart(box, { ...chartOptions(colours, $reducedMotion.peek()), width: 0, height: 0 });
    keepTimeLabelsWhole(chart);
    const series = chart.addSeries(CandlestickSeries, seriesOptions(colours, precisionRef.current));
    const panes = new IndicatorPanes(chart, legendBox, tones, precisionRef.current, maxPanes);
    // Before the library's first draw, which sizes the price pane's canvases; a reset lays out changed settings again.
    panes.layout(indicatorLines($indicatorSettings.peek(), maxPanes));
    const live: Live = { chart, series, panes };
    liveRef.current = live;
    startTransition(() => setDrawnOn({ series, up: colours.up, down: colours.down }));
    const [lines, alertsDrawn] = [linesRef.current, alertDrawnRef.current];
    const refresh = () => {
      setFigures(
        chartFigures(
          series.data() as readonly CandlestickData<UTCTimestamp>[],
          chart.timeScale().getVisibleLogicalRange(),
          precisionRef.current,
        ),
      );
      setLegend(panes.legendRows());
    };
    refreshRef.current = refresh;
    const offRange = followRangeOncePerFrame(
      chart,
      () => frames,
      () => {
        refresh();
        syncLineY();
      },
    );
    // chart-resize.ts keeps the legends', table button's and chip's strips free of candles.
    const keepRoom = () => keepLegendRoom(chart, series, wrap, sizing.height(), linePriceRef.current !== null);
    // Moved by style as the scale moves; the chip stays in the price pane's bottom margin (chart-resize.ts).
    const syncLineY = () => layerRef.current?.place();
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
      ...live,
      box,
      timers: () => timers,
      precision: () => precisionRef.current,
      lineAt: (y) => (onLineEditRef.current ? layerRef.current?.hit(y) : null),
      editLine: (line) => onLineEditRef.current?.(line),
      placeLine,
    });
    const onCrosshair = (param: MouseEventParams) =>
      panes.crosshair(typeof param.time === 'number' ? param.time : null);
    chart.subscribeCrosshairMove(onCrosshair);
    const offCrosshair = clearCrosshairOnTapOut(chart, box);

    // A kept-alive screen shown again re-subscribes, unless it still is its slot's last watcher.
    const sizing = watchChartSize({
      ...live,
      box,
      wrap,
      frames: () => frames,
      keepRoom,
      syncLineY,
      shownAgain: () => void (lastWatcher.get(mySlot) === me.current || watch()),
    });

    const offKline = followKlines({
      ...live,
      box,
      slot: mySlot,
      shown: () => shownRef.current,
      lastTime: lastTimeRef,
      frames: () => frames,
      sizeOnce: () => sizing.sizeOnce(),
      firstBars: () => barsInView(sizing.width(), chart.timeScale().options().barSpacing),
      syncLineY,
      keepRoom,
      refresh,
    });

    // Its size after the frame that drew it at the box's size (docs/client.md "Start-up in slices").
    stepsAfterFrames(
      () => frames,
      [
        () => {
          sizing.sizeOnce();
          startTransition(() => setReady(true));
        },
      ],
      () => liveRef.current?.chart === chart,
    );

    // Reduced motion too: it is among the chart's options.
    const offScheme = onColourChange(
      () => {
        const c = readChartColours(document.documentElement);
        chart.applyOptions(chartOptions(c, $reducedMotion.peek()));
        series.applyOptions(seriesOptions(c, precisionRef.current));
        panes.restyle(readIndicatorTones(box, c), precisionRef.current);
        setDrawnOn({ series, up: c.up, down: c.down }); // the order lines' colours
      },
      () => void $reducedMotion.value,
    );

    return () => {
      offKline();
      sizing.dispose();
      offScheme();
      offRange();
      chart.unsubscribeCrosshairMove(onCrosshair);
      offCrosshair();
      offPress();
      unwatchChart(self, mySlot);
      panes.detach();
      liveRef.current = null;
      // A kept-alive chart hidden and shown is made anew: its lines wait for the new series, its klines for its ready.
      setDrawnOn(null);
      setReady(false);
      lines.clear();
      alertsDrawn.clear();
      // Releasing its canvases one by one is a long task on a phone: the screen the tap opened paints first.
      if (frames.task) frames.request(() => frames.task?.(() => chart.remove()));
      else chart.remove();
    };
  };

  useLayoutEffect(() => {
    const [box, legendBox, wrap] = [boxRef.current, legendRef.current, wrapRef.current];
    if (!box || !legendBox || !wrap) return undefined;
    // Outside React's commit, so the tree and the library's creation are not one long task (candle-chart.tsx).
    let dispose: (() => void) | null = null;
    let gone = false;
    const create = () => void (gone || (dispose = setUp(box, legendBox, wrap)));
    if (frames.task) frames.task(create);
    else create();
    return () => {
      gone = true;
      dispose?.();
    };
    // The chart lives as long as the component: created once, never re-created on prop changes (setUp reads refs).
  }, []); // oxlint-disable-line react-hooks/exhaustive-deps

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
  useAskLine(drawnOn?.series ?? null, liveRef, boxRef, code, useWide(), t('trade.ask'));

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
    // None: the previous instrument's goes; its chip finds its height on the reset.
    const kept = linesOn ? (readAll()[code] ?? null) : null;
    placeLineRef.current(kept === null ? null : { price: kept, y: TOP_CLEARANCE }, false);
    // Rather than the old candles under the new header.
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
            const p = live ? pickedPrice(live.series, y, precisionRef.current) : null;
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
        seriesNow={() => liveRef.current?.series ?? null}
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
