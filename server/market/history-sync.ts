// Brings stored kline history up to now at start: fresh history, a forward-filled gap after downtime, pruning.
import type { Queryable } from '../db/db.ts';
import { alignDown, copyBar, LEVELS, mergeLater, type Bar } from './bars.ts';
import { generateHistory, levelWindows, sigmaPerSqrtSecond, type HistoryParams } from './history.ts';
import type { MarketInstrument } from './instrument-catalogue.ts';
import {
  appendBar,
  chunkBars,
  deleteInstrumentChunks,
  lastChunks,
  pruneChunks,
  upsertChunks,
  type Chunk,
} from './kline-repository.ts';
import { MARKET_CLASSES, type MarketClass } from './market-hours.ts';
import { tickScale } from './price-ticks.ts';
import { hashInts, hashString } from './rng.ts';

/** The client's chart needs ≥ 500. */
export const HISTORY_BARS = 600;
/** The 1day period keeps more: it grows by one a day. */
export const KEEP_BARS = 1500;
export const KEEP_DAY_BARS = 2500;
/** The live simulator's seed is injectable separately. */
export const DEFAULT_MARKET_SEED = 20_240_601;
export const MEAN_TICK_VOLUME = 5;

export function historyParams(inst: MarketInstrument, seed: number): HistoryParams {
  return {
    key: hashInts(seed, hashString(inst.code)),
    cls: inst.cls,
    precision: inst.pricePrecision,
    sigma: sigmaPerSqrtSecond(inst.annualVol, inst.cls),
    volumePerSec: inst.tickHz * MEAN_TICK_VOLUME,
  };
}

/** Every level's bars of a history made from scratch, ending at the base price at `toMin`. */
export function freshHistory(
  inst: MarketInstrument,
  seed: number,
  toMin: number,
  windows: readonly number[] = levelWindows(inst.cls, toMin, HISTORY_BARS),
): Bar[][] {
  const bars: Bar[][] = Array.from({ length: LEVELS }, () => []);
  generateHistory(
    historyParams(inst, seed),
    { from: 0, to: toMin, windows },
    { side: 'end', price: Number(inst.basePrice) },
    (level, bar) => bars[level]?.push(bar),
  );
  return bars;
}

/** null where a level has none. */
export type LastChunks = Map<number, (Chunk | null)[]>;

export interface SyncReport {
  last: LastChunks;
  fresh: number[]; // instruments whose history was generated from scratch
  filled: number[]; // instruments whose gap since the last stored bar was filled
  chunks: number;
}

const emptyLevels = (): (Chunk | null)[] => new Array<Chunk | null>(LEVELS).fill(null);
const lastBar = (c: Chunk | null | undefined): Bar | null => c?.bars[c.bars.length - 1] ?? null;

/** A stored future (the clock moved back) is regenerated. */
export async function syncHistory(
  q: Queryable,
  instruments: readonly MarketInstrument[],
  nowMs: number,
  seed: number,
): Promise<SyncReport> {
  const toMin = alignDown(Math.floor(nowMs / 1000), 0);
  const byId = new Map(instruments.map((i) => [i.id, i]));
  const precisionOf = (id: number): number => byId.get(id)?.pricePrecision ?? 0;
  const last: LastChunks = new Map(instruments.map((i) => [i.id, emptyLevels()]));
  const ids = instruments.map((i) => i.id);
  for (const c of await lastChunks(q, ids, precisionOf)) {
    const levels = last.get(c.instrumentId);
    if (levels) levels[c.level] = c;
  }

  const windowsOf = new Map<MarketClass, number[]>();
  const windows = (cls: MarketClass): number[] => {
    let w = windowsOf.get(cls);
    if (!w) windowsOf.set(cls, (w = levelWindows(cls, toMin, HISTORY_BARS)));
    return w;
  };

  const out: Chunk[] = [];
  const fresh: number[] = [];
  const filled: number[] = [];
  for (const inst of instruments) {
    const levels = last.get(inst.id) ?? emptyLevels();
    const l0 = lastBar(levels[0]);
    const p = inst.pricePrecision;
    if (!l0 || l0.t > toMin) {
      fresh.push(inst.id);
      const newest = emptyLevels();
      freshHistory(inst, seed, toMin, windows(inst.cls)).forEach((list, level) => {
        const chunks = chunkBars(inst.id, level, p, list);
        out.push(...chunks);
        newest[level] = chunks[chunks.length - 1] ?? null;
      });
      last.set(inst.id, newest);
      continue;
    }
    const gapFrom = l0.t + 60;
    if (gapFrom >= toMin) continue;
    filled.push(inst.id);
    const touched = new Set<Chunk>();
    const open = levels.map((c) => (c ? { ...c, bars: c.bars.map(copyBar) } : null));
    generateHistory(
      historyParams(inst, seed),
      { from: gapFrom, to: toMin, windows: windows(inst.cls) },
      { side: 'start', price: l0.c / tickScale(p) },
      (level, bar) => {
        const chunk = open[level] ?? null;
        const prev = lastBar(chunk);
        if (chunk && prev && prev.t === bar.t) {
          // The stored partial bar continues: its earlier part first, the generated remainder folded in.
          mergeLater(prev, bar);
          touched.add(chunk);
        } else
          touched.add(
            appendBar(open, level, bar, (start) => ({ instrumentId: inst.id, level, start, precision: p, bars: [] })),
          );
      },
    );
    out.push(...touched);
    last.set(inst.id, open);
  }

  // Regenerated instruments lose any old bars entirely, so no level mixes two histories.
  if (fresh.length > 0) await deleteInstrumentChunks(q, fresh);
  await upsertChunks(q, out);
  return { last, fresh, filled, chunks: out.length };
}

export async function pruneHistory(
  q: Queryable,
  instruments: readonly MarketInstrument[],
  nowMs: number,
): Promise<number> {
  const nowSec = Math.floor(nowMs / 1000);
  let gone = 0;
  for (const cls of MARKET_CLASSES) {
    const ids = instruments.filter((i) => i.cls === cls && !i.inMemory).map((i) => i.id);
    if (ids.length === 0) continue;
    const keep = levelWindows(cls, nowSec, KEEP_BARS);
    const keepDays = levelWindows(cls, nowSec, KEEP_DAY_BARS);
    for (let level = 0; level < LEVELS; level++) {
      const before = level === LEVELS - 1 ? keepDays[level] : keep[level];
      if (before !== undefined) gone += await pruneChunks(q, ids, level, before);
    }
  }
  return gone;
}
