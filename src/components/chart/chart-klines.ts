// The chart's klines from the feed: history arrives as a 'reset' (setData), live ticks as 'bar' (series.update of the
// last bar only), applied in the batch that brought them so the library draws in the frame that paints that batch's
// quotes (candle-chart.tsx says why). Updates for another instrument, period or a bar older than the last are dropped.
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { onKline } from '../../state/feed/feed-listeners.ts';
import { $historyBars } from '../../state/chart/chart-settings.ts';
import { $reducedMotion } from '../../state/shell/motion.ts';
import type { KlineBar, Period } from '../../../domain/types.ts';
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
  const applyBar = (bar: KlineBar, ind: readonly number[] | undefined) => {
    // update() throws on a bar older than the last one: a late bar from before a reset is dropped.
    if (bar.Time < lastTime.current) return;
    const opened = bar.Time > lastTime.current;
    series.update(toCandle(bar));
    panes.bar(bar, ind);
    w.syncLineY();
    lastTime.current = bar.Time;
    markLastBar(box, null, bar.Time, bar.Close);
    if (opened) w.refresh(); // a new bar opened
  };

  return onKline((u) => {
    const shown = w.shown();
    if (!shown || !isForChart(u, shown.code, shown.period)) return;
    if (u.kind === 'reset') {
      const data = toCandles(u.bars);
      w.sizeOnce(); // its first size with its first history: one drawing, not an empty one and then another
      series.setData(data);
      panes.reset(u.lines, u.ind, u.bars);
      w.syncLineY();
      // The panes' heights are the library's after its next draw: the legends take their places then.
      w.frames().request(() => {
        panes.place();
        w.keepRoom();
      });
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
}
