// Kline aggregation: REST history merged with live 1min bars; a repeated minute replaces its volume, never adds it.
import { PERIOD_SECONDS, type KlineBar, type Period } from '../domain/types.ts';
import type { KlineUpdate } from './protocol.ts';

/** Enough for a phone chart scrolled back a while, bounded so memory stays flat. */
export const MAX_BARS = 2000;
const MINUTE = 60;
export const KLINE_FIELDS = ['Time', 'Open', 'High', 'Low', 'Close', 'Volume'] as const;
const isWhole = (b: KlineBar): boolean => KLINE_FIELDS.every((k) => Number.isFinite(b[k]));

/** The later occurrence of a Time wins. */
export function normaliseBars(bars: readonly KlineBar[]): KlineBar[] {
  const byTime = new Map<number, KlineBar>();
  for (const b of bars) {
    if (!isWhole(b)) continue;
    byTime.set(b.Time, { Time: b.Time, Open: b.Open, High: b.High, Low: b.Low, Close: b.Close, Volume: b.Volume });
  }
  return [...byTime.values()].sort((a, b) => a.Time - b.Time);
}

/** Volume is "everything before the live minute" + "the live minute so far", so a repeated minute replaces its part. */
interface CurrentBar extends Omit<KlineBar, 'Volume'> {
  volBefore: number;
  liveMinute: number | null;
  liveVol: number;
}

export class KlineSeries {
  readonly size: number;
  private bars: KlineBar[] = [];
  private cur: CurrentBar | null = null;
  /** Taken from the server's own bars: a 1day bar may start at a trading-day boundary. */
  private anchor = 0;

  constructor(
    readonly code: string,
    readonly period: Period,
  ) {
    this.size = PERIOD_SECONDS[period];
  }

  bucketOf(t: number): number {
    return t - ((((t - this.anchor) % this.size) + this.size) % this.size);
  }

  lastTime(): number | null {
    return this.cur?.Time ?? null;
  }

  snapshot(): KlineBar[] {
    return this.bars.map((b) => ({ ...b }));
  }

  /** `minutes` tell the current bar how much of its volume is the live minute's; ignored for the 1min period. */
  load(history: readonly KlineBar[], minutes: readonly KlineBar[] = []): KlineUpdate {
    const bars = normaliseBars(history);
    const last = bars[bars.length - 1];
    if (last) this.anchor = ((last.Time % this.size) + this.size) % this.size;
    this.bars = bars.slice(-MAX_BARS);
    this.cur = null;
    this.adoptLast(minutes);
    return { kind: 'reset', code: this.code, period: this.period, bars: this.snapshot() };
  }

  /** A reset when the gap is longer than the series keeps. */
  refill(history: readonly KlineBar[], minutes: readonly KlineBar[] = []): KlineUpdate[] {
    const from = this.lastTime();
    if (from === null) return [this.load(history, minutes)];
    const fresh = normaliseBars(history).filter((b) => b.Time >= from);
    if (fresh.length >= MAX_BARS) return [this.load([...this.bars.filter((b) => b.Time < from), ...fresh], minutes)];
    const before = this.cur ? this.barOf(this.cur) : null;
    const first = fresh[0];
    if (first) {
      // Our last bar was built from partial live data: the server's bars replace ours from the first one it sent.
      while ((this.bars[this.bars.length - 1]?.Time ?? -Infinity) >= first.Time) this.bars.pop();
      this.bars.push(...fresh);
      if (this.bars.length > MAX_BARS) this.bars.splice(0, this.bars.length - MAX_BARS);
    }
    this.cur = null;
    this.adoptLast(minutes);
    const out: KlineUpdate[] = [];
    for (const b of this.bars) {
      if (b.Time < from || (before && KLINE_FIELDS.every((k) => before[k] === b[k]))) continue;
      out.push({ kind: 'bar', code: this.code, period: this.period, bar: { ...b } });
    }
    return out;
  }

  /** Cumulative for its minute; null if ignored. */
  applyMinute(m: KlineBar): KlineUpdate | null {
    if (!isWhole(m)) return null;
    const b = this.bucketOf(m.Time);
    const cur = this.cur;
    if (!cur || b > cur.Time) {
      // A jump over several periods (market closed, gap) leaves no filler bars.
      this.cur = { ...m, Time: b, volBefore: 0, liveMinute: m.Time, liveVol: m.Volume };
      this.bars.push(this.barOf(this.cur));
      if (this.bars.length > MAX_BARS) this.bars.splice(0, this.bars.length - MAX_BARS);
      return this.emitBar();
    }
    if (b < cur.Time) return null; // a late minute of a bar already closed
    if (cur.liveMinute === null || m.Time > cur.liveMinute) {
      cur.volBefore += cur.liveVol;
      cur.liveMinute = m.Time;
      cur.liveVol = m.Volume;
    } else if (m.Time === cur.liveMinute) {
      // A minute's volume only grows: a smaller one is older than what we hold (e.g. replayed after a refill).
      if (m.Volume < cur.liveVol) return null;
      cur.liveVol = m.Volume;
    } else {
      return null; // already counted in volBefore
    }
    cur.High = Math.max(cur.High, m.High);
    cur.Low = Math.min(cur.Low, m.Low);
    cur.Close = m.Close;
    return this.emitBar();
  }

  private adoptLast(minutes: readonly KlineBar[]): void {
    const last = this.bars[this.bars.length - 1];
    if (!last) {
      for (const m of normaliseBars(minutes)) this.applyMinute(m);
      return;
    }
    if (this.size === MINUTE) {
      this.cur = { ...last, volBefore: 0, liveMinute: last.Time, liveVol: last.Volume };
      return;
    }
    const mins = normaliseBars(minutes);
    const inBar = mins.filter((m) => this.bucketOf(m.Time) === last.Time);
    const live = inBar[inBar.length - 1];
    this.cur = {
      ...last,
      // The server's bar already counts the live minute so far; keep the rest apart so updates replace it.
      volBefore: Math.max(0, last.Volume - (live?.Volume ?? 0)),
      liveMinute: live?.Time ?? null,
      liveVol: live?.Volume ?? 0,
    };
    if (live) {
      this.cur.High = Math.max(this.cur.High, live.High);
      this.cur.Low = Math.min(this.cur.Low, live.Low);
      this.cur.Close = live.Close;
      this.bars[this.bars.length - 1] = this.barOf(this.cur);
    }
    for (const m of mins) if (this.bucketOf(m.Time) > last.Time) this.applyMinute(m);
  }

  private barOf(c: CurrentBar): KlineBar {
    return { Time: c.Time, Open: c.Open, High: c.High, Low: c.Low, Close: c.Close, Volume: c.volBefore + c.liveVol };
  }

  private emitBar(): KlineUpdate & { kind: 'bar' } {
    const cur = this.cur;
    if (!cur) throw new Error('no current bar');
    const bar = this.barOf(cur);
    this.bars[this.bars.length - 1] = bar;
    return { kind: 'bar', code: this.code, period: this.period, bar: { ...bar } };
  }
}

/** A reset drops what came before it in the frame. */
export function pushKlineUpdate(queue: KlineUpdate[], u: KlineUpdate): void {
  if (u.kind === 'reset') {
    queue.length = 0;
    queue.push(u);
    return;
  }
  const last = queue[queue.length - 1];
  if (last && last.kind === 'bar' && last.bar.Time === u.bar.Time && last.code === u.code && last.period === u.period) {
    queue[queue.length - 1] = u;
    return;
  }
  if (last && last.kind === 'reset' && last.code === u.code && last.period === u.period) {
    // Folded into the reset, so the chart gets one setData with the newest last bar.
    const bars = last.bars;
    const tail = bars[bars.length - 1];
    const ind = last.ind ?? null;
    if (tail && tail.Time === u.bar.Time) {
      bars[bars.length - 1] = u.bar;
      ind?.forEach((col, i) => (col[col.length - 1] = u.ind?.[i] ?? NaN));
    } else if (!tail || tail.Time < u.bar.Time) {
      bars.push(u.bar);
      ind?.forEach((col, i) => col.push(u.ind?.[i] ?? NaN));
    }
    return;
  }
  queue.push(u);
}
