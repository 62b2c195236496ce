// The bars' numbers are read exactly as decimals and go through the app's one price and percent formatters.
import { dec, exactText, roundDown } from '../../domain/decimal.ts';
import { priceText, signedPriceText } from '../../domain/format/price.ts';
import { percentText } from '../../domain/format/percent.ts';

/** Time in seconds, as lightweight-charts keeps it. */
export interface SummaryBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ChartFigures {
  last: string;
  change: string;
  percent: string;
  high: string;
  low: string;
  bars: number;
}

export interface BarRow {
  time: number; // ms epoch, for formatDate
  open: string;
  high: string;
  low: string;
  close: string;
}

/** `range` indices may be fractional or beyond either end; all bars without one. */
export function barsInView<B>(bars: readonly B[], range: { from: number; to: number } | null): readonly B[] {
  if (!range) return bars;
  const from = Math.max(0, Math.ceil(range.from));
  const to = Math.min(bars.length - 1, Math.floor(range.to));
  return to < from ? [] : bars.slice(from, to + 1);
}

/** null when there are none. Change = last close − first open of the view. */
export function chartFigures(
  bars: readonly SummaryBar[],
  range: { from: number; to: number } | null,
  precision: number,
): ChartFigures | null {
  const view = barsInView(bars, range);
  const first = view[0];
  const last = view[view.length - 1];
  if (!first || !last) return null;
  const high = Math.max(...view.map((b) => b.high));
  const low = Math.min(...view.map((b) => b.low));
  const open = dec(first.open);
  const diff = dec(last.close).minus(open);
  return {
    last: priceText(dec(last.close), precision),
    change: signedPriceText(diff, precision),
    // Cut to 20 places first so percentText's half-up lands where the exact value would.
    percent: open.isZero() ? '' : percentText(exactText(roundDown(diff.div(open).times(100), 20)), { signed: true }),
    high: priceText(dec(high), precision),
    low: priceText(dec(low), precision),
    bars: view.length,
  };
}

/** Newest first. */
export function lastBarRows(bars: readonly SummaryBar[], n: number, precision: number): BarRow[] {
  return bars
    .slice(-n)
    .reverse()
    .map((b) => ({
      time: b.time * 1000,
      open: priceText(dec(b.open), precision),
      high: priceText(dec(b.high), precision),
      low: priceText(dec(b.low), precision),
      close: priceText(dec(b.close), precision),
    }));
}
