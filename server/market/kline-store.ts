// Live kline bars kept in memory per tick and written in one batched upsert per flush, never a query per tick.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import {
  aggregateDerived,
  alignDerived,
  alignDown,
  copyBar,
  DERIVED_PERIODS,
  LEVELS,
  levelOf,
  levelSeconds,
  mergeLater,
  type Bar,
} from './bars.ts';
import type { Period } from '../../domain/types.ts';
import { freshHistory } from './history-sync.ts';
import type { MarketInstrument } from './instrument-catalogue.ts';
import { appendBar, barsInRange, chunkKey, upsertChunks, type Chunk } from './kline-repository.ts';
import type { InstrumentState } from './simulator.ts';

/** abbreviated_cache_kline: 48 × 30min = one day. */
export const SPARK_POINTS = 48;
export const SPARK_LEVEL = 3; // 30min
/** Closed live bars kept per period for an in-memory instrument. */
const MEMORY_BARS = 60;
/** In-memory instruments' histories kept generated at once. */
const GENERATED_HISTORIES = 32;

interface LiveChunk extends Chunk {
  dirty: boolean;
}

interface Series {
  inst: MarketInstrument;
  cur: (Bar | null)[];
  prev: (Bar | null)[];
  spark: number[];
  chunks: (LiveChunk | null)[] | null;
  mem: Bar[][] | null;
}

export class KlineStore {
  private readonly series: Series[];
  private readonly byId = new Map<number, Series>();
  /** Filled chunks (a bar opened past their span) awaiting their last write. */
  private pending = new Map<string, Chunk>();
  /** Still read from memory until the write is done. */
  private writing = new Map<string, Chunk>();
  private flushing: Promise<number> | null = null;
  private readonly generated = new Map<number, Bar[][]>();
  private readonly db: Queryable;
  private readonly seed: number;
  private readonly startMinute: number;
  private readonly log: FastifyBaseLogger | null;

  constructor(
    instruments: readonly MarketInstrument[],
    db: Queryable,
    seed: number,
    startMinute: number,
    log: FastifyBaseLogger | null = null,
  ) {
    this.db = db;
    this.seed = seed;
    this.startMinute = startMinute;
    this.log = log;
    this.series = instruments.map((inst) => {
      const s: Series = {
        inst,
        cur: new Array<Bar | null>(LEVELS).fill(null),
        prev: new Array<Bar | null>(LEVELS).fill(null),
        spark: [],
        chunks: inst.inMemory ? null : new Array<LiveChunk | null>(LEVELS).fill(null),
        mem: inst.inMemory ? Array.from({ length: LEVELS }, () => []) : null,
      };
      this.byId.set(inst.id, s);
      return s;
    });
  }

  /** The newest stored chunk's last bar is live again when it is the bar of `nowSec`'s period. */
  init(id: number, chunks: readonly (Chunk | null)[] | null, nowSec: number, sparkCloses: readonly number[]): void {
    const s = this.byId.get(id);
    if (!s) return;
    s.spark = sparkCloses.slice(-SPARK_POINTS);
    if (!s.chunks || !chunks) return;
    for (let level = 0; level < LEVELS; level++) {
      const c = chunks[level];
      const live: LiveChunk | null = c ? { ...c, bars: c.bars.map(copyBar), dirty: false } : null;
      s.chunks[level] = live;
      const b = live?.bars[live.bars.length - 1] ?? null;
      s.cur[level] = b && b.t === alignDown(nowSec, level) ? b : null;
    }
  }

  /** Index order matches the instruments given to both. */
  readonly onTick = (state: InstrumentState, timeMs: number, volume: number): void => {
    const s = this.series[state.index];
    if (!s) return;
    const sec = Math.floor(timeMs / 1000);
    const price = state.ticks;
    const c0 = s.cur[0] ?? null;
    // Same minute as the current 1min bar ⇒ the same bar in every coarser period too (periods nest).
    const sameMinute = c0 !== null && sec < c0.t + 60;
    for (let level = 0; level < LEVELS; level++) {
      const b = s.cur[level];
      if (b && (sameMinute || b.t >= alignDown(sec, level))) {
        if (price > b.h) b.h = price;
        if (price < b.l) b.l = price;
        b.c = price;
        b.v += volume;
      } else {
        if (b) this.closed(s, level, b);
        const nb: Bar = { t: alignDown(sec, level), o: price, h: price, l: price, c: price, v: volume };
        s.cur[level] = nb;
        if (s.chunks)
          appendBar(s.chunks, level, nb, (start) => {
            const ch = s.chunks?.[level];
            if (ch?.dirty) this.pending.set(chunkKey(ch), ch);
            return { instrumentId: s.inst.id, level, start, precision: s.inst.pricePrecision, bars: [], dirty: true };
          });
      }
      const ch = s.chunks?.[level];
      if (ch) ch.dirty = true;
    }
  };

  private closed(s: Series, level: number, bar: Bar): void {
    s.prev[level] = bar;
    if (level === SPARK_LEVEL) {
      s.spark.push(bar.c);
      if (s.spark.length > SPARK_POINTS) s.spark.shift();
    }
    const list = s.mem?.[level];
    if (list) {
      list.push(bar);
      if (list.length > MEMORY_BARS) list.shift();
    }
  }

  /** The market writer has stored the filled chunks by now. */
  forgetFilled(): void {
    this.pending = new Map();
  }

  /** One statement per batch. */
  flush(): Promise<number> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    const rows: Chunk[] = [...this.pending.values()];
    this.pending = new Map();
    for (const s of this.series) {
      if (!s.chunks) continue;
      for (const ch of s.chunks) {
        if (!ch?.dirty) continue;
        ch.dirty = false;
        const { dirty: _, ...chunk } = ch;
        rows.push({ ...chunk, bars: ch.bars.map(copyBar) });
      }
    }
    if (rows.length === 0) return Promise.resolve(0);
    this.writing = new Map(rows.map((c) => [chunkKey(c), c]));
    const run = upsertChunks(this.db, rows)
      .then(() => rows.length)
      .catch((err: unknown) => {
        this.log?.error({ err }, 'kline flush failed; chunks kept for the next flush');
        // A newer version queued meanwhile wins over the one that failed.
        for (const c of rows) if (!this.pending.has(chunkKey(c))) this.pending.set(chunkKey(c), c);
        return 0;
      })
      .finally(() => {
        this.writing = new Map();
        this.flushing = null;
      });
    this.flushing = run;
    return run;
  }

  liveBar(id: number, level: number): Bar | null {
    return this.byId.get(id)?.cur[level] ?? null;
  }

  lastClosed(id: number, level: number): Bar | null {
    return this.byId.get(id)?.prev[level] ?? null;
  }

  /** The caller appends the current price. */
  sparkCloses(id: number): readonly number[] {
    return this.byId.get(id)?.spark ?? [];
  }

  /** The base query starts at the bucket holding `from`, so the first derived bar is whole. */
  async queryPeriod(id: number, period: Period, from: number, to: number, limit: number): Promise<Bar[]> {
    const d = DERIVED_PERIODS[period];
    if (!d) return this.query(id, levelOf(period), from, to, limit);
    const per = Math.ceil(d.seconds / levelSeconds(d.base));
    const fine = await this.query(id, d.base, alignDerived(from, d), to, (limit + 1) * per);
    const bars = aggregateDerived(fine, d);
    // The oldest bucket may have been cut by the base limit: drop it unless it is all there is.
    if (bars.length > limit) return bars.slice(-limit);
    return bars;
  }

  async query(id: number, level: number, from: number, to: number, limit: number): Promise<Bar[]> {
    const s = this.byId.get(id);
    if (!s || limit <= 0) return [];
    const inRange = (b: Bar | null | undefined): b is Bar => !!b && b.t >= from && b.t <= to;
    const merged = new Map<number, Bar>();
    if (s.mem) {
      for (const b of this.generatedHistory(s)[level] ?? []) if (inRange(b)) merged.set(b.t, b);
      // The live bars' times are all different, so a bar already there is a generated one.
      for (const b of [...(s.mem[level] ?? []), s.cur[level]]) {
        if (!inRange(b)) continue;
        const older = merged.get(b.t);
        if (older) {
          // The generated history ends mid-bar at the start minute: the live part continues that bar.
          const joined = copyBar(older);
          mergeLater(joined, b);
          merged.set(b.t, joined);
        } else merged.set(b.t, b);
      }
    } else {
      for (const b of await barsInRange(this.db, id, level, from, to, limit, s.inst.pricePrecision)) merged.set(b.t, b);
      // Memory is newer than storage: chunks being written, then awaiting their write, then the live chunk.
      for (const c of [...this.writing.values(), ...this.pending.values()]) {
        if (c.instrumentId !== id || c.level !== level) continue;
        for (const b of c.bars) if (inRange(b)) merged.set(b.t, b);
      }
      for (const b of s.chunks?.[level]?.bars ?? []) if (inRange(b)) merged.set(b.t, b);
    }
    return [...merged.values()]
      .sort((a, b) => a.t - b.t)
      .slice(-limit)
      .map(copyBar);
  }

  private generatedHistory(s: Series): Bar[][] {
    const cached = this.generated.get(s.inst.id);
    if (cached) {
      this.generated.delete(s.inst.id);
      this.generated.set(s.inst.id, cached);
      return cached;
    }
    const bars = freshHistory(s.inst, this.seed, this.startMinute);
    this.generated.set(s.inst.id, bars);
    if (this.generated.size > GENERATED_HISTORIES) {
      const oldest = this.generated.keys().next().value;
      if (oldest !== undefined) this.generated.delete(oldest);
    }
    return bars;
  }
}
