// The chart's klines from the feed: history arrives as a 'reset' (setData), live ticks as 'bar' (series.update of the
// last bar only), applied in the batch that brought them so the library draws in the frame that paints that batch's
// quotes (candle-chart.tsx says why). Updates for another instrument, period or a bar older than the last are dropped.
// A reset is drawn in stages (docs/client.md "Start-up in slices"), so that no task and no frame of the library's
// carries the whole first drawing on a weak phone: in the message's task the panes' final layout (their series still
// empty, so nothing moves later) and the candles the chart's width shows; then, each in a task after the frame that
// drew the stage before, the panes' values for those bars, the rest of the candles' history, the rest of the panes'.
// The chart looks the same from the first stage on: the library keeps the view anchored on the newest bar when older
// ones are added. Live bars that arrive in between update the candles at once; the panes get them after their values,
// and a later stage replays them over its history.
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { onKline } from '../state/feed/feed-listeners.ts';
import { $historyBars } from './chart-settings.ts';
import { $reducedMotion } from '../state/shell/motion.ts';
import type { KlineBar, Period } from '../../domain/types.ts';
import type { KlineUpdate } from '../../workers/protocol.ts';
import { isForChart, toCandle, toCandles } from './candles.ts';
import { scrollToNewest } from './chart-theme.ts';
import { markLastBar, stepsAfterFrames, type ChartFrames } from './chart-frames.ts';
import type { IndicatorPanes } from './indicator-panes.ts';

export interface KlineWiring {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  panes: IndicatorPanes;
  box: HTMLElement;
  /** The feed's chart slot (slot 0's history length is the trade page's). */
  slot: number;
  /** What the chart shows now (null: nothing yet). */
  shown: () => { code: string; period: Period } | null;
  /** The time of the last bar drawn (-Infinity: none), shared with the change of instrument. */
  lastTime: { current: number };
  frames: () => ChartFrames;
  /** The chart's first size, taken with its first history. */
  sizeOnce: () => void;
  /** How many of a history's newest bars the chart shows at its width (barsInView): its first stage. */
  firstBars: () => number;
  syncLineY: () => void;
  keepRoom: () => void;
  /** The text alternative's figures and the legends refreshed. */
  refresh: () => void;
}

/** Bars beyond the chart's width in the first stage: the right offset's empty bars are part of the width. */
const VIEW_MARGIN_BARS = 16;

/** The newest bars a chart `width` px wide shows at `spacing` px a bar, with a margin (all of them when unknown). */
export function barsInView(width: number, spacing: number): number {
  if (!(width > 0) || !(spacing > 0)) return Infinity;
  return Math.ceil(width / spacing) + VIEW_MARGIN_BARS;
}

type LiveBar = [KlineBar, readonly number[] | undefined];

/** Draws the feed's klines on the chart; returns the unsubscribe. */
export function followKlines(w: KlineWiring): () => void {
  const { chart, series, panes, box, lastTime } = w;
  // The live bars since the last reset while its stages are under way (null: none pending), replayed over each
  // stage's history; until the panes' first stage they reach the panes only that way.
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

  /** The panes' values for the newest `count` bars of the reset, then the live bars since. */
  const resetPanes = (u: Extract<KlineUpdate, { kind: 'reset' }>, count: number) => {
    const cut = u.bars.length - count;
    panes.reset(u.lines, cut > 0 ? u.ind?.map((col) => col.slice(cut)) : u.ind, cut > 0 ? u.bars.slice(cut) : u.bars);
    for (const [bar, ind] of since ?? []) panes.bar(bar, ind);
    panesIn = true;
    w.syncLineY();
    // The panes' heights are the library's after its next draw: the legends take their places then.
    w.frames().request(() => {
      panes.place();
      w.keepRoom();
    });
    w.refresh();
  };

  /** The whole history of the candles, then the live bars since. */
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
    // The panes' final layout before the first drawing: their values come later, and nothing moves when they do.
    panes.layout(u.lines);
    w.sizeOnce(); // sized by its set-up already (chart-setup.ts); here for a chart set up without it
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
