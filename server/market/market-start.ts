// Where the simulated market starts (market-service.ts): the catalog loaded with any instruments added in memory,
// the stored history brought up to now (read only on a gateway's copy: one writer), and each instrument's starting
// quote and mini-chart closes, from its stored bars or, for one in memory, its generated history.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import type { MarketOptions } from '../config.ts';
import { alignDown, TOP_LEVEL, type Bar } from './bars.ts';
import { generateHistory, levelWindows } from './history.ts';
import { HISTORY_BARS, historyParams, syncHistory } from './history-sync.ts';
import { loadInstruments, type MarketInstrument } from './instrument-catalogue.ts';
import { barsSince } from './kline-repository.ts';
import { KlineStore, SPARK_LEVEL } from './kline-store.ts';
import { DAY_S, tradingDayStart } from './market-hours.ts';
import type { InitialQuote } from './sim-state.ts';

const HOUR_LEVEL = 4;
/** How far back to look for the closed 30min bars of the mini charts (covers a weekend). */
const SPARK_LOOKBACK_S = 5 * DAY_S;

export interface MarketStart {
  /** The stored instruments, then those added in memory. */
  all: MarketInstrument[];
  /** The live klines, each instrument's chunks and mini-chart closes loaded. */
  store: KlineStore;
  /** Each instrument's starting price and trading-day figures (none: it starts at its base price). */
  initial: Map<number, InitialQuote>;
}

/** Loads everything the market needs to start at `now` (ms). */
export async function loadMarketStart(
  deps: { db: Db; log?: FastifyBaseLogger | null | undefined },
  opts: MarketOptions,
  seed: number,
  now: number,
): Promise<MarketStart> {
  const { db } = deps;
  const nowSec = Math.floor(now / 1000);
  const startMinute = alignDown(nowSec, 0);
  const stored = await loadInstruments(db);
  const added = (opts.catalogue?.instruments ?? []).map((i) => ({ ...i, inMemory: true }));
  const all = [...stored, ...added];

  // A follower reads the history as the writer would bring it up to date, and rolls that back: one writer only.
  const sync = opts.follow
    ? await readOnly(db, (q) => syncHistory(q, stored, now, seed))
    : await db.tx((q) => syncHistory(q, stored, now, seed));
  deps.log?.info(
    { fresh: sync.fresh.length, filled: sync.filled.length, chunks: sync.chunks },
    'market history in sync',
  );

  const store = new KlineStore(all, db, seed, startMinute, deps.log ?? null);
  const initial = new Map<number, InitialQuote>();
  const ids = stored.map((i) => i.id);
  const precisions = new Map(stored.map((i) => [i.id, i.pricePrecision]));
  const precisionOf = (id: number): number => precisions.get(id) ?? 0;
  const dayStarts = new Map(stored.map((i) => [i.id, tradingDayStart(i.cls, nowSec)]));
  const minDay = Math.min(...dayStarts.values(), nowSec);
  const hours = await barsSince(db, ids, HOUR_LEVEL, minDay, precisionOf);
  const halfHours = await barsSince(db, ids, SPARK_LEVEL, nowSec - SPARK_LOOKBACK_S, precisionOf);
  const sparkCutoff = alignDown(nowSec, SPARK_LEVEL);

  for (const inst of stored) {
    const chunks = sync.last.get(inst.id) ?? [];
    const c0 = chunks[0];
    const l0 = c0?.bars[c0.bars.length - 1];
    const spark = (halfHours.get(inst.id) ?? []).filter((b) => b.t < sparkCutoff).map((b) => b.c);
    store.init(inst.id, chunks, nowSec, spark);
    if (!l0) continue;
    const day = dayStarts.get(inst.id) ?? nowSec;
    initial.set(
      inst.id,
      initialQuote(
        l0,
        (hours.get(inst.id) ?? []).filter((b) => b.t >= day),
        day,
        now,
      ),
    );
  }
  for (const inst of added) {
    const { quote, spark } = generatedStart(inst, seed, startMinute, nowSec);
    store.init(inst.id, null, nowSec, spark);
    initial.set(inst.id, { ...quote, time: now });
  }
  return { all, store, initial };
}

class Rollback extends Error {}

/** Runs `fn` in a transaction that is always rolled back: what it would write is returned, nothing is kept. */
async function readOnly<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  let out: { v: T } | undefined;
  await db
    .tx(async (q) => {
      out = { v: await fn(q) };
      throw new Rollback('read-only');
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  if (!out) throw new Error('read-only transaction returned nothing');
  return out.v;
}

/** Trading-day figures from the hour bars since the day started (the last 1min close is the price). */
function initialQuote(last1m: Bar, dayHours: readonly Bar[], dayStart: number, now: number): InitialQuote {
  const price = last1m.c;
  const first = dayHours[0];
  let high = price;
  let low = price;
  for (const b of dayHours) {
    if (b.h > high) high = b.h;
    if (b.l < low) low = b.l;
  }
  return {
    ticks: price,
    time: Math.min(now, (last1m.t + 60) * 1000 - 1),
    dayStart,
    open: first ? first.o : price,
    high,
    low,
  };
}

/**
 * An in-memory instrument's start: its generated 30min closes and trading-day figures. Only the coarse levels are
 * generated here, so the closes match its full history exactly while the day's extremes are approximate.
 */
function generatedStart(
  inst: MarketInstrument,
  seed: number,
  startMinute: number,
  nowSec: number,
): { quote: Omit<InitialQuote, 'time'>; spark: number[] } {
  const windows = levelWindows(inst.cls, startMinute, HISTORY_BARS);
  const from = Math.max(alignDown(startMinute - 4 * DAY_S, TOP_LEVEL), windows[TOP_LEVEL] ?? 0);
  const day = tradingDayStart(inst.cls, nowSec);
  const halfHours: Bar[] = [];
  const hours: Bar[] = [];
  const { endPrice } = generateHistory(
    historyParams(inst, seed),
    { from, to: startMinute, windows },
    { side: 'end', price: Number(inst.basePrice) },
    (level, bar) => {
      if (level === SPARK_LEVEL) halfHours.push(bar);
      else if (level === HOUR_LEVEL && bar.t >= day) hours.push(bar);
    },
    { minLevel: SPARK_LEVEL },
  );
  const last = halfHours[halfHours.length - 1];
  const price = last ? last.c : Math.round(endPrice * 10 ** inst.pricePrecision);
  const cutoff = alignDown(nowSec, SPARK_LEVEL);
  const spark = halfHours.filter((b) => b.t < cutoff).map((b) => b.c);
  const first = hours[0];
  return {
    quote: {
      ticks: price,
      dayStart: day,
      open: first ? first.o : price,
      high: Math.max(price, ...hours.map((b) => b.h)),
      low: Math.min(price, ...hours.map((b) => b.l)),
    },
    spark,
  };
}
