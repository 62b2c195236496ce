// A reset is drawn in stages so no task carries the whole first drawing (docs/client.md "Start-up in slices").
import type { IChartApi, ISeriesApi, CandlestickData, UTCTimestamp } from 'lightweight-charts';
import { onKline } from '../state/feed/feed-listeners.ts';
import { $historyBars } from './chart-settings.ts';
import { $reducedMotion } from '../state/shell/motion.ts';
import type { KlineBar, Period } from '../../domain/types.ts';
import type { KlineUpdate } from '../../workers/protocol.ts';
import { scrollToNewest } from './chart-theme.ts';
import { markLastBar, stepsAfterFrames, type ChartFrames } from './chart-frames.ts';
import type { IndicatorPanes } from './indicator-panes.ts';

export function toCandle(bar: KlineBar): CandlestickData<UTCTimestamp> {
  return { time: bar.Time as UTCTimestamp, open: bar.Open, high: bar.High, low: bar.Low, close: bar.Close };
}

/** Duplicate times collapse to the latest: setData rejects unsorted or repeated times. */
export function toCandles(bars: readonly KlineBar[]): CandlestickData<UTCTimestamp>[] {
  const sorted = bars.filter((b) => Number.isFinite(b.Time)).sort((a, b) => a.Time - b.Time);
  const out: CandlestickData<UTCTimestamp>[] = [];
  for (const b of sorted) {
    const last = out[out.length - 1];
    if (last && last.time === b.Time) out[out.length - 1] = toCandle(b);
    else out.push(toCandle(b));
  }
  return out;
}

export function isForChart(u: KlineUpdate, code: string, period: Period): boolean {
  return u.code === code && u.period === period;
}

export interface KlineWiring {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  panes: IndicatorPanes;
  box: HTMLElement;
  /** Slot 0's history length is the trade page's. */
  slot: number;
  shown: () => { code: string; period: Period } | null;
  /** -Infinity: none; shared with the change of instrument. */
  lastTime: { current: number };
  frames: () => ChartFrames;
  sizeOnce: () => void;
  /** The first stage's bar count (barsInView). */
  firstBars: () => number;
  syncLineY: () => void;
  keepRoom: () => void;
  refresh: () => void;
}

/** The right offset's empty bars are part of the width. */
const VIEW_MARGIN_BARS = 16;

/** All bars when the width is unknown. */
export function barsInView(width: number, spacing: number): number {
  if (!(width > 0) || !(spacing > 0)) return Infinity;
  return Math.ceil(width / spacing) + VIEW_MARGIN_BARS;
}

type LiveBar = [KlineBar, readonly number[] | undefined];

export function followKlines(w: KlineWiring): () => void {
  const { chart, series, panes, box, lastTime } = w;
  // Replayed over each stage's history; until the panes' first stage they reach the panes only this way.
  let since: LiveBar[] | null = null;
  let panesIn = true;
  let resets = 0; // a newer reset (or the unsubscribe) makes a pending stage stale
  let lastClose: number | undefined;

  const applyBar = (bar: KlineBar, ind: readonly number[] | undefined) => {
    // update() throws on a bar older than the last one: a late bar from before a reset is dropped.
    if (bar.Time < lastTime.current) return;
    const opened = bar.Time > lastTime.current;
    series.update(toCandle(bar));
    since?.push([bar, ind]);
    if (panesIn) panes.bar(bar, ind);
    w.syncLineY();
    lastTime.current = bar.Time;
    lastClose = bar.Close;
    markLastBar(box, null, bar.Time, bar.Close);
    if (opened) w.refresh(); // a new bar opened
  };

  const resetPanes = (u: Extract<KlineUpdate, { kind: 'reset' }>, count: number) => {
    const cut = u.bars.length - count;
    panes.reset(u.lines, cut > 0 ? u.ind?.map((col) => col.slice(cut)) : u.ind, cut > 0 ? u.bars.slice(cut) : u.bars);
    for (const [bar, ind] of since ?? []) panes.bar(bar, ind);
    panesIn = true;
    w.syncLineY();
    // The panes' heights are known only after the library's next draw.
    w.frames().request(() => {
      panes.place();
      w.keepRoom();
    });
    w.refresh();
  };

  const allCandles = (data: ReturnType<typeof toCandles>) => {
    series.setData(data);
    const times = new Set<number>();
    for (const [bar] of since ?? []) {
      series.update(toCandle(bar));
      times.add(bar.Time);
    }
    const newest = data[data.length - 1]?.time ?? -Infinity;
    const added = [...times].filter((t) => t > newest).length;
    markLastBar(box, data.length + added, lastTime.current, lastClose);
    w.syncLineY();
  };

  const off = onKline((u) => {
    const shown = w.shown();
    if (!shown || !isForChart(u, shown.code, shown.period)) return;
    if (u.kind !== 'reset') {
      applyBar(u.bar, u.ind);
      return;
    }
    const data = toCandles(u.bars);
    const first = Math.min(data.length, w.firstBars());
    // Laid out before the first drawing so nothing moves when the values come.
    panes.layout(u.lines);
    w.sizeOnce(); // here for a chart set up without candle-chart.tsx
    series.setData(first < data.length ? data.slice(-first) : data);
    const mine = ++resets;
    since = [];
    panesIn = false;
    const stages = [() => resetPanes(u, first)];
    if (first < data.length)
      stages.push(
        () => allCandles(data),
        () => resetPanes(u, data.length),
      );
    stages.push(() => void (since = null));
    stepsAfterFrames(w.frames, stages, () => {
      if (mine !== resets) return false; // a newer reset has its own
      const now = w.shown();
      if (now && isForChart(u, now.code, now.period)) return true;
      since = null; // another instrument or period since: its own reset fills the chart
      panesIn = true;
      return false;
    });
    w.syncLineY();
    if (w.slot === 0) $historyBars.value = data.length;
    const last = data[data.length - 1];
    lastTime.current = last?.time ?? -Infinity;
    lastClose = last?.close;
    markLastBar(box, first, last?.time, last?.close);
    scrollToNewest(chart.timeScale(), $reducedMotion.peek());
    w.refresh();
  });
  return () => {
    resets++; // a pending stage is dropped with the chart
    off();
  };
}
