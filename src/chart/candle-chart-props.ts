import type { Timers } from '../state/shell/clock.ts';
import type { Period } from '../../domain/types.ts';
import type { ChartFrames } from './chart-frames.ts';
import type { OrderLine } from './order-lines.ts';
import type { StopLine } from './stop-lines.ts';

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
