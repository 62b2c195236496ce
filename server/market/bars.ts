// The six period levels nest exactly, so every coarser bar is the aggregate of the finer bars inside it.
import type { KlineBar, Period } from '../../domain/types.ts';
import { ticksToNumber } from './price-ticks.ts';

/** t = open time (epoch seconds, aligned), prices in ticks, volume in lots traded (simulated). */
export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** Finest first; each divides the next, and every boundary is aligned to UTC epoch. */
export const LEVEL_SECONDS = [60, 300, 900, 1800, 3600, 86_400] as const;
export const LEVELS = LEVEL_SECONDS.length;
export const TOP_LEVEL = LEVELS - 1;
export const PERIOD_OF_LEVEL: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '1day'];

export function levelOf(period: Period): number {
  return PERIOD_OF_LEVEL.indexOf(period);
}

/** Built at query time, not stored; `offset` makes weeks open on Monday 00:00 UTC (the epoch was a Thursday). */
export interface DerivedPeriod {
  base: number;
  seconds: number;
  offset: number;
}
export const DERIVED_PERIODS: Readonly<Partial<Record<Period, DerivedPeriod>>> = {
  '4hour': { base: 4, seconds: 14_400, offset: 0 },
  '1week': { base: 5, seconds: 604_800, offset: 345_600 },
};

export function alignDerived(t: number, d: DerivedPeriod): number {
  return Math.floor((t - d.offset) / d.seconds) * d.seconds + d.offset;
}

export function aggregateDerived(fine: readonly Bar[], d: DerivedPeriod): Bar[] {
  return aggregateBy(fine, (t) => alignDerived(t, d));
}

export function levelSeconds(level: number): number {
  const s = LEVEL_SECONDS[level];
  if (s === undefined) throw new RangeError(`no kline level ${level}`);
  return s;
}

export const alignDown = (t: number, level: number): number => {
  const p = levelSeconds(level);
  return Math.floor(t / p) * p;
};

export const copyBar = (b: Bar): Bar => ({ t: b.t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v });

/** Open stays, close moves, extremes and volume accumulate. */
export function mergeLater(into: Bar, later: Bar): void {
  if (later.h > into.h) into.h = later.h;
  if (later.l < into.l) into.l = later.l;
  into.c = later.c;
  into.v += later.v;
}

/** The consistency rule every stored period obeys. */
export function aggregate(fine: readonly Bar[], level: number): Bar[] {
  return aggregateBy(fine, (t) => alignDown(t, level));
}

function aggregateBy(fine: readonly Bar[], align: (t: number) => number): Bar[] {
  const out: Bar[] = [];
  let cur: Bar | null = null;
  for (const b of fine) {
    const t = align(b.t);
    if (cur && cur.t === t) mergeLater(cur, b);
    else {
      cur = { ...copyBar(b), t };
      out.push(cur);
    }
  }
  return out;
}

export function toWireBar(b: Bar, precision: number): KlineBar {
  return {
    Time: b.t,
    Open: ticksToNumber(b.o, precision),
    High: ticksToNumber(b.h, precision),
    Low: ticksToNumber(b.l, precision),
    Close: ticksToNumber(b.c, precision),
    Volume: b.v,
  };
}
