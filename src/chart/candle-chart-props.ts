// What a candle chart is given (candle-chart.tsx): the instrument and period, and the lines drawn over its candles.
import type { Timers } from '../state/shell/clock.ts';
import type { Period } from '../../domain/types.ts';
import type { ChartFrames } from './chart-frames.ts';
import type { OrderLine } from './order-lines.ts';
import type { StopLine } from './stop-lines.ts';

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
