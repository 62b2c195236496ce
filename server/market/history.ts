// Top-down multi-resolution random walk, so a coarser bar is exactly the aggregate of its children.
import { alignDown, LEVELS, TOP_LEVEL, levelSeconds, type Bar } from './bars.ts';
import { keyedNormal, keyedUniform } from './rng.ts';
import { openSecondsIn, type MarketClass } from './market-hours.ts';
import { priceToTicks } from './price-ticks.ts';

export interface HistoryParams {
  /** Seed and code hashed: every random draw is keyed by it. */
  key: number;
  cls: MarketClass;
  precision: number;
  sigma: number;
  volumePerSec: number;
}

export interface HistoryRange {
  /** Inclusive, a whole minute. */
  from: number;
  /** Exclusive, a whole minute; the last bar of every level may be partial. */
  to: number;
  windows: readonly number[];
}

const SECONDS_PER_YEAR = 365 * 86_400;

/** Counting only the class's trading time. */
export function sigmaPerSqrtSecond(annualVol: number, cls: MarketClass): number {
  const tradingShare = cls === 'crypto' ? 1 : 5 / 7;
  return annualVol / Math.sqrt(SECONDS_PER_YEAR * tradingShare);
}

/** A finer window starts on a coarser boundary, so a bar has all its children in storage or none. */
export function levelWindows(cls: MarketClass, to: number, count: number): number[] {
  const windows = new Array<number>(LEVELS).fill(0);
  let coarser = -Infinity;
  for (let level = TOP_LEVEL; level >= 0; level--) {
    const p = levelSeconds(level);
    let start = alignDown(to - 1, level);
    let found = 0;
    for (;;) {
      if (openSecondsIn(cls, start, Math.min(start + p, to)) > 0) found++;
      if (found >= count) break;
      start -= p;
    }
    if (level < TOP_LEVEL) start = alignDown(start, level + 1);
    windows[level] = Math.max(start, coarser);
    coarser = windows[level] ?? start;
  }
  return windows;
}

interface Piece {
  a: number;
  b: number;
  m: number; // trading seconds inside [a, b)
}

function pieces(cls: MarketClass, a: number, b: number, level: number): Piece[] {
  const p = levelSeconds(level);
  const out: Piece[] = [];
  for (let s = alignDown(a, level); s < b; s += p) {
    const pa = Math.max(s, a);
    const pb = Math.min(s + p, b);
    const m = openSecondsIn(cls, pa, pb);
    if (m > 0) out.push({ a: pa, b: pb, m });
  }
  return out;
}

const minuteKey = (t: number): number => Math.floor(t / 60) | 0;

/** Finer bars before the coarser bar that holds them; returns the path's prices at both ends. */
export function generateHistory(
  params: HistoryParams,
  range: HistoryRange,
  /** `end` for fresh history ending now, `start` for filling a gap forward. */
  anchor: { side: 'end' | 'start'; price: number },
  emit: (level: number, bar: Bar) => void,
  /** `minLevel`: coarser-only runs give the same closes but synthetic extremes. */
  opts: { minLevel?: number } = {},
): { startPrice: number; endPrice: number } {
  const { key, cls, precision, sigma, volumePerSec } = params;
  const minLevel = opts.minLevel ?? 0;
  const windows = range.windows;
  const toTicks = (logPrice: number): number => priceToTicks(Math.exp(logPrice), precision);

  const node = (level: number, a: number, b: number, m: number, lo: number, lc: number): Bar => {
    const o = toTicks(lo);
    const c = toTicks(lc);
    const t = alignDown(a, level);
    const childWindow = level > 0 ? (windows[level - 1] ?? Infinity) : Infinity;
    let bar: Bar;
    if (level > minLevel && a >= childWindow) {
      const kids = pieces(cls, a, b, level - 1);
      // Brownian bridge: free increments, then the drift that makes them end exactly at this bar's close.
      const inc = kids.map((k) => keyedNormal(key, level - 1, minuteKey(k.a), 0) * sigma * Math.sqrt(k.m));
      const free = inc.reduce((s, x) => s + x, 0);
      const gap = free - (lc - lo);
      let cum = 0;
      let mCum = 0;
      let prev = lo;
      bar = { t, o, h: o, l: o, c, v: 0 };
      kids.forEach((k, i) => {
        cum += inc[i] ?? 0;
        mCum += k.m;
        const end = i === kids.length - 1 ? lc : lo + cum - (mCum / m) * gap;
        const child = node(level - 1, k.a, k.b, k.m, prev, end);
        prev = end;
        if (child.h > bar.h) bar.h = child.h;
        if (child.l < bar.l) bar.l = child.l;
        bar.v += child.v;
      });
    } else {
      const sd = sigma * Math.sqrt(m);
      const mk = minuteKey(a);
      const up = -Math.log(keyedUniform(key, level + 8, mk, 1)) * 0.3 * sd;
      const down = -Math.log(keyedUniform(key, level + 8, mk, 2)) * 0.3 * sd;
      const h = Math.max(toTicks(Math.max(lo, lc) + up), o, c);
      const l = Math.min(toTicks(Math.min(lo, lc) - down), o, c);
      const v = Math.max(1, Math.round(volumePerSec * m * (0.5 + keyedUniform(key, level + 8, mk, 3))));
      bar = { t, o, h, l, c, v };
    }
    if (level >= minLevel) emit(level, bar);
    return bar;
  };

  const topFrom = Math.max(range.from, windows[TOP_LEVEL] ?? range.from);
  const days = pieces(cls, topFrom, range.to, TOP_LEVEL);
  const logs = new Float64Array(days.length + 1);
  const dayInc = (d: Piece): number => keyedNormal(key, TOP_LEVEL, minuteKey(d.a), 0) * sigma * Math.sqrt(d.m);
  if (anchor.side === 'end') {
    logs[days.length] = Math.log(anchor.price);
    for (let i = days.length - 1; i >= 0; i--) logs[i] = (logs[i + 1] ?? 0) - dayInc(days[i] as Piece);
  } else {
    logs[0] = Math.log(anchor.price);
    for (let i = 0; i < days.length; i++) logs[i + 1] = (logs[i] ?? 0) + dayInc(days[i] as Piece);
  }
  days.forEach((d, i) => node(TOP_LEVEL, d.a, d.b, d.m, logs[i] ?? 0, logs[i + 1] ?? 0));
  return { startPrice: Math.exp(logs[0] ?? 0), endPrice: Math.exp(logs[days.length] ?? 0) };
}
