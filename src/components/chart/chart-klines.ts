// The chart's klines from the feed: history arrives as a 'reset' (setData), live ticks as 'bar' (series.update of the
// last bar only), applied in the batch that brought them so the library draws in the frame that paints that batch's
// quotes (candle-chart.tsx says why). Updates for another instrument, period or a bar older than the last are dropped.
// A reset is drawn in slices (docs/client.md "Start-up in slices"): the candles in the task that brought them (the
// library draws them in the next frame), the indicator panes' history in a task after that frame, so neither the
// message's task nor the library's frame carries the whole first drawing on a weak phone. Live bars that arrive in
// between update the candles at once and are replayed into the panes after their history.
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { onKline } from '../../state/feed/feed-listeners.ts';
import { $historyBars } from '../../state/chart/chart-settings.ts';
import { $reducedMotion } from '../../state/shell/motion.ts';
import type { KlineBar, Period } from '../../../domain/types.ts';
import type { KlineUpdate } from '../../../workers/protocol.ts';
import { isForChart, toCandle, toCandles } from './candles.ts';
import { scrollToNewest } from './chart-theme.ts';
import { markLastBar, type ChartFrames } from './chart-frames.ts';
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
  syncLineY: () => void;
  keepRoom: () => void;
  /** The text alternative's figures and the legends refreshed. */
  refresh: () => void;
}

/** Draws the feed's klines on the chart; returns the unsubscribe. */
export function followKlines(w: KlineWiring): () => void {
  const { chart, series, panes, box, lastTime } = w;
  // The live bars held for the panes while their history waits for its task (null: none pending).
  let held: [KlineBar, readonly number[] | undefined][] | null = null;
  let resets = 0; // a newer reset (or the unsubscribe) makes a pending panes' history stale
  const applyBar = (bar: KlineBar, ind: readonly number[] | undefined) => {
    // update() throws on a bar older than the last one: a late bar from before a reset is dropped.
    if (bar.Time < lastTime.current) return;
    const opened = bar.Time > lastTime.current;
    series.update(toCandle(bar));
    if (held) held.push([bar, ind]);
    else panes.bar(bar, ind);
    w.syncLineY();
    lastTime.current = bar.Time;
    markLastBar(box, null, bar.Time, bar.Close);
    if (opened) w.refresh(); // a new bar opened
  };

  /** The panes' history, then the bars that came since; their legends placed after the library's next draw. */
  const resetPanes = (u: Extract<KlineUpdate, { kind: 'reset' }>) => {
    panes.reset(u.lines, u.ind, u.bars);
    const since = held ?? [];
    held = null;
    for (const [bar, ind] of since) panes.bar(bar, ind);
    w.syncLineY();
    // The panes' heights are the library's after its next draw: the legends take their places then.
    w.frames().request(() => {
      panes.place();
      w.keepRoom();
    });
    w.refresh();
  };

  const off = onKline((u) => {
    const shown = w.shown();
    if (!shown || !isForChart(u, shown.code, shown.period)) return;
    if (u.kind === 'reset') {
      const data = toCandles(u.bars);
      w.sizeOnce(); // its first size with its first history: one drawing, not an empty one and then another
      series.setData(data);
      const mine = ++resets;
      held = [];
      // After the frame that draws the candles, a task of its own for the panes (frames without `task`: in the frame).
      w.frames().request(() => {
        const run = () => {
          if (mine !== resets) return; // a newer reset has its own
          const now = w.shown();
          if (now && isForChart(u, now.code, now.period)) resetPanes(u);
          else held = null; // another instrument or period since: its own reset fills the panes
        };
        const frames = w.frames();
        if (frames.task) frames.task(run);
        else run();
      });
      w.syncLineY();
      if (w.slot === 0) $historyBars.value = data.length;
      const last = data[data.length - 1];
      lastTime.current = last?.time ?? -Infinity;
      markLastBar(box, data.length, last?.time, last?.close);
      scrollToNewest(chart.timeScale(), $reducedMotion.peek());
      w.refresh();
      return;
    }
    applyBar(u.bar, u.ind);
  });
  return () => {
    resets++; // a pending panes' history is dropped with the chart
    off();
  };
}
