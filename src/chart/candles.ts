import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import type { KlineBar, Period } from '../../domain/types.ts';
import type { KlineUpdate } from '../../workers/protocol.ts';

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
