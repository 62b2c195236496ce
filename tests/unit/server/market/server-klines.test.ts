// @vitest-environment node
// Kline history and live bars: every coarser bar equals the aggregate of the finer bars inside it, each period has
// enough bars, closed hours have none, generation is deterministic, and the live store keeps the same rule.
import { describe, expect, it } from 'vitest';
import { aggregate, alignDown, LEVEL_SECONDS, LEVELS, type Bar } from '../../../../server/market/bars.ts';
import {
  generateHistory,
  levelWindows,
  sigmaPerSqrtSecond,
  type HistoryParams,
} from '../../../../server/market/history.ts';
import { chunkBars, decodeBars, encodeBars, type Chunk } from '../../../../server/market/kline-repository.ts';
import { KlineStore } from '../../../../server/market/kline-store.ts';
import {
  instrumentFromDef,
  type MarketInstrument,
  INSTRUMENTS,
  logoPath,
} from '../../../../server/market/instrument-catalogue.ts';
import { openSecondsIn, type MarketClass } from '../../../../server/market/market-hours.ts';
import { hashInts, hashString } from '../../../../server/market/rng.ts';
import type { Queryable } from '../../../../server/db/db.ts';

const MONDAY = Date.parse('2026-11-16T10:17:00Z') / 1000;
const SATURDAY = Date.parse('2026-11-21T09:00:00Z') / 1000;

function params(code: string, cls: MarketClass, seed = 1): HistoryParams {
  return {
    key: hashInts(seed, hashString(code)),
    cls,
    precision: 5,
    sigma: sigmaPerSqrtSecond(0.08, cls),
    volumePerSec: 10,
  };
}

function generate(p: HistoryParams, to: number, price = 1.085): { bars: Bar[][]; windows: number[] } {
  const windows = levelWindows(p.cls, to, 600);
  const bars: Bar[][] = Array.from({ length: LEVELS }, () => []);
  generateHistory(p, { from: 0, to, windows }, { side: 'end', price }, (level, bar) => bars[level]?.push(bar));
  return { bars, windows };
}

/** Coarse bars whose children (finer bars) are all present must equal their aggregate; returns how many matched. */
function checkNesting(
  fine: readonly Bar[],
  coarse: readonly Bar[],
  level: number,
  cls: MarketClass,
  until: number,
): number {
  const p = LEVEL_SECONDS[level] ?? 0;
  const child = LEVEL_SECONDS[level - 1] ?? 0;
  const groups = new Map<number, Bar[]>();
  for (const b of fine) {
    const t = alignDown(b.t, level);
    const g = groups.get(t) ?? [];
    g.push(b);
    groups.set(t, g);
  }
  let matched = 0;
  for (const c of coarse) {
    const kids = groups.get(c.t);
    if (!kids) continue;
    let expected = 0;
    for (let s = c.t; s < Math.min(c.t + p, until); s += child)
      if (openSecondsIn(cls, s, Math.min(s + child, until)) > 0) expected++;
    if (kids.length !== expected) continue; // the window's edge: not all children kept
    expect(aggregate(kids, level)).toEqual([c]);
    matched++;
  }
  return matched;
}

describe('generated history', () => {
  for (const [cls, to] of [
    ['fx', MONDAY],
    ['fx', SATURDAY],
    ['crypto', SATURDAY],
  ] as const) {
    it(`nests exactly across all six periods (${cls}, ${new Date(to * 1000).toISOString()})`, () => {
      const p = params('EURUSD', cls);
      const { bars, windows } = generate(p, to);
      for (let level = 0; level < LEVELS; level++) {
        const list = bars[level] ?? [];
        expect(list.length).toBeGreaterThanOrEqual(600);
        for (let i = 0; i < list.length; i++) {
          const b = list[i] as Bar;
          expect(b.t % (LEVEL_SECONDS[level] ?? 1)).toBe(0);
          if (i > 0) expect(b.t).toBeGreaterThan((list[i - 1] as Bar).t);
          expect(b.h).toBeGreaterThanOrEqual(Math.max(b.o, b.c));
          expect(b.l).toBeLessThanOrEqual(Math.min(b.o, b.c));
          expect(b.l).toBeGreaterThan(0);
          expect(Number.isInteger(b.o) && Number.isInteger(b.h) && Number.isInteger(b.l) && Number.isInteger(b.c)).toBe(
            true,
          );
          // No bar lies entirely in closed hours.
          expect(openSecondsIn(cls, b.t, b.t + (LEVEL_SECONDS[level] ?? 0))).toBeGreaterThan(0);
        }
        if (level > 0) {
          const matched = checkNesting(bars[level - 1] ?? [], list, level, cls, to);
          expect(matched).toBeGreaterThanOrEqual(20);
        }
        // A finer window starts on a boundary of the next coarser period.
        if (level < LEVELS - 1) expect((windows[level] ?? 0) % (LEVEL_SECONDS[level + 1] ?? 1)).toBe(0);
      }
      // The path ends at the anchor price, and each bar opens where the previous one closed.
      expect(bars[0]?.at(-1)?.c).toBe(108500);
      for (let i = 1; i < (bars[0]?.length ?? 0); i++) expect(bars[0]?.[i]?.o).toBe(bars[0]?.[i - 1]?.c);
    });
  }

  it('is deterministic for a seed and differs between seeds', () => {
    const a = generate(params('BTCUSDT', 'crypto', 7), SATURDAY).bars;
    const b = generate(params('BTCUSDT', 'crypto', 7), SATURDAY).bars;
    const c = generate(params('BTCUSDT', 'crypto', 8), SATURDAY).bars;
    expect(a).toEqual(b);
    expect(a[0]?.slice(0, 50)).not.toEqual(c[0]?.slice(0, 50));
  });

  it('continues a gap forward from the last close', () => {
    const p = params('EURUSD', 'crypto');
    const windows = levelWindows('crypto', MONDAY + 3600, 600);
    const out: Bar[][] = Array.from({ length: LEVELS }, () => []);
    generateHistory(p, { from: MONDAY, to: MONDAY + 3600, windows }, { side: 'start', price: 1.2 }, (l, b) =>
      out[l]?.push(b),
    );
    expect(out[0]?.length).toBe(60);
    expect(out[0]?.[0]?.t).toBe(MONDAY);
    expect(out[0]?.[0]?.o).toBe(120000);
    expect(checkNesting(out[0] ?? [], out[1] ?? [], 1, 'crypto', MONDAY + 3600)).toBeGreaterThanOrEqual(11);
  });

  it('gives the same closes when only the coarse periods are generated', () => {
    const p = params('XAUUSD', 'fx');
    const { bars, windows } = generate(p, MONDAY);
    const from = alignDown(MONDAY - 4 * 86_400, 5);
    const coarse: Bar[] = [];
    generateHistory(
      p,
      { from, to: MONDAY, windows },
      { side: 'end', price: 1.085 },
      (l, b) => {
        if (l === 3) coarse.push(b);
      },
      { minLevel: 3 },
    );
    const full = new Map((bars[3] ?? []).map((b) => [b.t, b.c]));
    expect(coarse.length).toBeGreaterThan(48);
    for (const b of coarse) expect(b.c).toBe(full.get(b.t));
  });
});

describe('chunk encoding', () => {
  it('round-trips bars and rescales a changed precision', () => {
    const bars: Bar[] = [
      { t: 1_795_000_000, o: 108500, h: 108520, l: 108490, c: 108510, v: 12 },
      { t: 1_795_000_060, o: 108510, h: 108511, l: 108400, c: 108420, v: 7 },
    ];
    expect(decodeBars(encodeBars(bars), 5, 5)).toEqual(bars);
    expect(decodeBars(encodeBars(bars), 5, 4)[0]).toEqual({
      t: 1_795_000_000,
      o: 10850,
      h: 10852,
      l: 10849,
      c: 10851,
      v: 12,
    });
    const chunks = chunkBars(1, 0, 5, bars);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.start).toBe(Math.floor(1_795_000_000 / 3600) * 3600);
  });
});

class FakeDb implements Queryable {
  readonly writes: Chunk[][] = [];
  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (sql.includes('INSERT INTO kline_chunks')) {
      const [ids, periods, starts, precisions, , texts] = params as [
        number[],
        number[],
        number[],
        number[],
        number[],
        string[],
      ];
      this.writes.push(
        ids.map((id, i) => ({
          instrumentId: id,
          level: LEVEL_SECONDS.indexOf((periods[i] ?? 60) as 60),
          start: starts[i] ?? 0,
          precision: precisions[i] ?? 0,
          bars: decodeBars(texts[i] ?? '[]', precisions[i] ?? 0, precisions[i] ?? 0),
        })),
      );
    }
    return [];
  }
}

describe('live kline store', () => {
  const def = INSTRUMENTS.find((d) => d.code === 'BTCUSDT');
  if (!def) throw new Error('catalog lacks BTCUSDT');
  const inst: MarketInstrument = instrumentFromDef(def, logoPath(def.code), 1, false);

  it('aggregates ticks into all periods consistently and writes them in batches', async () => {
    const db = new FakeDb();
    const store = new KlineStore([inst], db, 1, MONDAY);
    const start = MONDAY * 1000;
    let price = 6_725_000;
    const state = {
      inst,
      index: 0,
      ticks: price,
      ask: price,
      time: start,
      status: 1 as const,
      dayStart: 0,
      dayOpen: price,
      dayHigh: price,
      dayLow: price,
      version: 0,
    };
    // 12 minutes of ticks every 700 ms with a deterministic zig-zag.
    for (let t = start; t < start + 12 * 60_000; t += 700) {
      price += ((t / 700) % 7) - 3;
      state.ticks = price;
      store.onTick(state, t, 2);
    }
    const ones = await store.query(inst.id, 0, 0, Number.MAX_SAFE_INTEGER, 100);
    const fives = await store.query(inst.id, 1, 0, Number.MAX_SAFE_INTEGER, 100);
    expect(ones).toHaveLength(12);
    expect(fives).toHaveLength(3);
    expect(aggregate(ones, 1)).toEqual(fives);
    expect(ones.at(-1)?.c).toBe(price); // the live bar is included
    expect(ones.reduce((s, b) => s + b.v, 0)).toBe(fives.reduce((s, b) => s + b.v, 0));

    // One flush: one batch holding the live chunk of every period, nothing per tick.
    expect(await store.flush()).toBe(LEVELS);
    expect(db.writes).toHaveLength(1);
    const written = new Map((db.writes[0] ?? []).map((c) => [c.level, c.bars]));
    expect(written.get(0)).toEqual(ones);
    expect(written.get(1)).toEqual(fives);
    // Nothing changed since: nothing to write.
    expect(await store.flush()).toBe(0);
  });
});
