// One market service per process (compose.ts), the same whatever the price sources behind the price desk.
import type { Services } from '../core/services.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveQuote, MarketView, Tick, TradeBlock } from './market-view.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { MarketOptions } from '../config.ts';
import type { KlineBar } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import { toWireBar, type Bar, alignDown, TOP_LEVEL } from './bars.ts';
import { DEFAULT_MARKET_SEED, pruneHistory, HISTORY_BARS, historyParams, syncHistory } from './history-sync.ts';
import { type AddedCatalogue, type MarketInstrument, loadInstruments } from './instrument-catalogue.ts';
import { SPARK_POINTS, KlineStore, SPARK_LEVEL } from './kline-store.ts';
import { Simulator, type InstrumentState, type SimulatorOptions, type InitialQuote } from './simulator.ts';
import { MarketSources } from './price-desk/market-sources.ts';
import { loadDeskConfig } from './price-desk/desk-config.ts';
import { generateHistory, levelWindows } from './history.ts';
import { seedCategories, storeInstruments } from './market-seeder.ts';
import { barsSince } from './kline-repository.ts';
import { DAY_S, tradingDayStart } from './market-hours.ts';

export interface MarketDeps extends Pick<Services, 'db' | 'clock' | 'timers'> {
  log?: FastifyBaseLogger | null;
}

/** The writer stores filled kline chunks within seconds, so a gateway's copy need not keep them long. */
const FOLLOWER_FORGET_MS = 60_000;

export class MarketService implements MarketView {
  private readonly handles: unknown[] = [];
  private closed = false;
  private readonly deps: MarketDeps;
  readonly list: readonly MarketInstrument[];
  readonly byId: ReadonlyMap<number, MarketInstrument>;
  readonly sim: Simulator;
  readonly store: KlineStore;
  /** null on a gateway's copy (a follower). */
  readonly deskSources: MarketSources | null;

  // The quote state's and the kline store's answers, as the routes, the engine and the hub ask them.
  readonly latest = (code: string): LiveQuote | undefined => this.sim.latest(code);
  readonly all = (): LiveQuote[] => this.sim.all();
  readonly quoteTuple = (code: string): QuoteTuple | undefined => this.sim.quoteTuple(code);
  readonly isOpen = (code: string): boolean => this.sim.isOpen(code);
  readonly onTick = (listener: (tick: Tick) => void): (() => void) => this.sim.onTick(listener);
  readonly tradeBlock = (code: string): TradeBlock | null => this.sim.tradeBlock(code);
  readonly onChange = (listener: (state: InstrumentState) => void): (() => void) => this.sim.onChange(listener);
  readonly indexOfCode = (code: string): number | undefined => this.sim.stateOf(code)?.index;
  readonly tupleAt = (index: number): QuoteTuple | undefined => this.sim.tupleAt(index);

  private constructor(
    deps: MarketDeps,
    list: readonly MarketInstrument[],
    sim: Simulator,
    store: KlineStore,
    deskSources: MarketSources | null,
  ) {
    this.deps = deps;
    this.list = list;
    this.sim = sim;
    this.store = store;
    this.deskSources = deskSources;
    this.byId = new Map(list.map((i) => [i.id, i]));
  }

  static async start(deps: MarketDeps, opts: MarketOptions = {}): Promise<MarketService> {
    const { db, clock, timers } = deps;
    const seed = opts.seed ?? DEFAULT_MARKET_SEED;
    const now = clock.now();

    const { all, store, initial } = await loadMarketStart(deps, opts, seed, now);

    const simOpts: SimulatorOptions = {
      seed,
      manual: opts.manual ?? false,
      intervalMs: opts.tickIntervalMs ?? 50,
      maxCatchUpMs: 5000,
      // One failing tick listener (engine triggers, hub) must not stop the others or end the process.
      onListenerError: (err) => deps.log?.error({ err }, 'tick listener failed'),
    };
    // The quote state walks no price itself: the simulator's walk is a source like any other (sources/).
    const sim = new Simulator(all, initial, clock, timers, { ...simOpts, follow: true }, store.onTick);
    const deskSources = opts.follow
      ? null
      : await MarketSources.start(
          { db, clock, timers, log: deps.log ?? null },
          all,
          sim,
          () => new Simulator(all, initial, clock, timers, simOpts),
          opts,
        );
    const market = new MarketService(deps, all, sim, store, deskSources);
    sim.start();
    if (opts.follow) {
      // The writer flushes every 5 s; a minute later a filled chunk is read from PostgreSQL like any other.
      market.handles.push(timers.setInterval(() => market.store.forgetFilled(), FOLLOWER_FORGET_MS));
      return market;
    }
    market.handles.push(timers.setInterval(() => void market.store.flush(), opts.flushMs ?? 5000));
    const pruneMs = opts.pruneMs ?? 3_600_000;
    market.handles.push(timers.setTimeout(() => void market.prune(), Math.min(60_000, pruneMs)));
    market.handles.push(timers.setInterval(() => void market.prune(), pruneMs));
    return market;
  }

  sparkline(id: number): number[] {
    const st = this.sim.stateOf(this.byId.get(id)?.code ?? '');
    const closes = [...this.store.sparkCloses(id)];
    if (st) closes.push(st.ticks);
    return closes.slice(-SPARK_POINTS);
  }

  get size(): number {
    return this.list.length;
  }

  klineAt(index: number, which: 'live' | 'closed'): (KlineBar & { Code: string }) | null {
    const inst = this.list[index];
    if (!inst) return null;
    const bar = which === 'live' ? this.store.liveBar(inst.id, 0) : this.store.lastClosed(inst.id, 0);
    return bar ? { ...toWireBar(bar, inst.pricePrecision), Code: inst.code } : null;
  }

  /** On a simulator-quoted instrument it goes through the source and price desk, so the walk goes on from there. */
  setPrice(code: string, price: string): Tick {
    const simulator = this.deskSources?.simulator;
    if (!simulator?.quotes(code)) return this.sim.setPrice(code, price);
    simulator.walk.setPrice(code, price);
    const st = this.sim.stateOf(code);
    const q = this.sim.latest(code);
    if (!st || !q) throw new Error(`unknown instrument ${code}`);
    return { instrumentId: st.inst.id, code, price: q.close, time: st.time, volume: 1 };
  }

  advanceTo(ms: number): void {
    this.deskSources?.simulator?.walk.advanceTo(ms);
    this.sim.advanceTo(ms);
    this.deskSources?.desk.check();
  }

  async prune(): Promise<number> {
    if (this.closed || !this.deskSources) return 0;
    try {
      return await pruneHistory(this.deps.db, this.list, this.deps.clock.now());
    } catch (err) {
      this.deps.log?.error({ err }, 'kline prune failed');
      return 0;
    }
  }

  /** Call before closing the database: it writes the live bars. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.deskSources?.desk.stop();
    this.sim.stop();
    for (const h of this.handles) {
      this.deps.timers.clearInterval(h);
      this.deps.timers.clearTimeout(h);
    }
    if (this.deskSources) await this.store.flush();
  }
}

const HOUR_LEVEL = 4;
/** Covers a weekend. */
const SPARK_LOOKBACK_S = 5 * DAY_S;

async function storeCatalogue(q: Queryable, catalogue: AddedCatalogue): Promise<void> {
  await seedCategories(q, [catalogue.category]);
  await storeInstruments(q, catalogue.instruments);
}

async function loadMarketStart(
  deps: { db: Db; log?: FastifyBaseLogger | null | undefined },
  opts: MarketOptions,
  seed: number,
  now: number,
): Promise<{ all: MarketInstrument[]; store: KlineStore; initial: Map<number, InitialQuote> }> {
  const { db } = deps;
  const nowSec = Math.floor(now / 1000);
  const startMinute = alignDown(nowSec, 0);
  const added = (opts.catalogue?.instruments ?? []).map((i) => ({ ...i, inMemory: true }));
  // Their rows make them tradable (orders reference instruments); their bars stay in memory.
  if (opts.catalogue && !opts.follow) await db.tx((q) => storeCatalogue(q, opts.catalogue as AddedCatalogue));
  const addedIds = new Set(added.map((i) => i.id));
  const stored = (await loadInstruments(db)).filter((i) => !addedIds.has(i.id));
  const all = [...stored, ...added];

  // One writer only: a follower reads the history as the writer would bring it up to date, and rolls that back.
  const sync = opts.follow
    ? await readOnly(db, (q) => syncHistory(q, stored, now, seed))
    : await db.tx((q) => syncHistory(q, stored, now, seed));
  deps.log?.info(
    { fresh: sync.fresh.length, filled: sync.filled.length, chunks: sync.chunks },
    'market history in sync',
  );

  const store = new KlineStore(all, db, seed, startMinute, deps.log ?? null);
  const initial = new Map<number, InitialQuote>(); // none: it starts at its base price
  const ids = stored.map((i) => i.id);
  const precisions = new Map(stored.map((i) => [i.id, i.pricePrecision]));
  const precisionOf = (id: number): number => precisions.get(id) ?? 0;
  const dayStarts = new Map(stored.map((i) => [i.id, tradingDayStart(i.cls, nowSec)]));
  const minDay = Math.min(...dayStarts.values(), nowSec);
  const hours = await barsSince(db, ids, HOUR_LEVEL, minDay, precisionOf);
  const halfHours = await barsSince(db, ids, SPARK_LEVEL, nowSec - SPARK_LOOKBACK_S, precisionOf);
  const sparkCutoff = alignDown(nowSec, SPARK_LEVEL);
  // The stored close is the bid (docs/market-data.md "Spread"): its ask is the mark-up above it.
  const markUps = new Map(
    (await loadDeskConfig(db)).rules.filter((r) => r.spreadMode).map((r) => [r.instrumentId, r.spreadPoints ?? 0]),
  );

  for (const inst of stored) {
    const chunks = sync.last.get(inst.id) ?? [];
    const c0 = chunks[0];
    const l0 = c0?.bars[c0.bars.length - 1];
    const spark = (halfHours.get(inst.id) ?? []).filter((b) => b.t < sparkCutoff).map((b) => b.c);
    store.init(inst.id, chunks, nowSec, spark);
    if (!l0) continue;
    const day = dayStarts.get(inst.id) ?? nowSec;
    const dayHours = (hours.get(inst.id) ?? []).filter((b) => b.t >= day);
    const time = Math.min(now, (l0.t + 60) * 1000 - 1);
    initial.set(inst.id, { ...dayQuote(l0.c, dayHours, day), time, ask: l0.c + (markUps.get(inst.id) ?? 0) });
  }
  for (const inst of added) {
    const { quote, spark } = generatedStart(inst, seed, startMinute, nowSec);
    store.init(inst.id, null, nowSec, spark);
    initial.set(inst.id, { ...quote, time: now });
  }
  return { all, store, initial };
}

class Rollback extends Error {}

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

/** The day's open and extremes from its hour bars, with `price` the latest. */
function dayQuote(price: number, dayHours: readonly Bar[], dayStart: number): Omit<InitialQuote, 'time'> {
  return {
    ticks: price,
    dayStart,
    open: dayHours[0]?.o ?? price,
    high: Math.max(price, ...dayHours.map((b) => b.h)),
    low: Math.min(price, ...dayHours.map((b) => b.l)),
  };
}

/** Only the coarse levels are generated: closes match its full history, the day's extremes are approximate. */
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
  return { quote: dayQuote(price, hours, day), spark };
}
