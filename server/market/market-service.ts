// The market service, whatever the price sources (simulator, FIX, exchange, replay): loads the catalog, brings stored
// history up to now, runs the sources through the price desk, keeps the live klines, and answers the MarketView the
// rest of the server uses. compose.ts creates one per process.
// Most of it is the MarketView/HubMarket facade (one-line delegations to the simulator, kline store and catalog);
// the work itself lives in those files, and where the market starts in market-start.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timers } from '../../domain/time.ts';
import type { LiveQuote, MarketView, Tick, TradeBlock } from './market-view.ts';
import type { Db } from '../db/db.ts';
import type { MarketOptions } from '../config.ts';
import type { KlineBar, Period } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import { copyBar, toWireBar, type Bar } from './bars.ts';
import { DEFAULT_MARKET_SEED, pruneHistory } from './history-sync.ts';
import type { AddedCatalogue, MarketInstrument } from './instrument-catalogue.ts';
import type { KlineStore } from './kline-store.ts';
import { SPARK_POINTS } from './kline-store.ts';
import { loadMarketStart } from './market-start.ts';
import type { InstrumentState } from './sim-state.ts';
import { Simulator, type SimulatorOptions } from './simulator.ts';
import { MarketSources } from './price-desk/market-sources.ts';
import type { DeskFlags } from './price-desk/desk-status.ts';

/** Everything a test or benchmark may tune (server/config.ts MarketOptions); createServer passes config.market. */
export type MarketServiceOptions = MarketOptions;

export interface MarketDeps {
  db: Db;
  clock: Clock;
  timers: Timers;
  log?: FastifyBaseLogger | null;
}

/** How long a gateway's copy keeps filled kline chunks in memory (the writer stores them within seconds). */
const FOLLOWER_FORGET_MS = 60_000;

export class MarketService implements MarketView {
  private readonly byId = new Map<number, MarketInstrument>();
  private readonly byCode = new Map<string, MarketInstrument>();
  private readonly handles: unknown[] = [];
  private closed = false;

  private constructor(
    private readonly deps: MarketDeps,
    readonly list: readonly MarketInstrument[],
    readonly sim: Simulator,
    readonly store: KlineStore,
    /** The catalogue the caller added in memory, if any (its category is listed beside the stored ones). */
    readonly added: AddedCatalogue | null,
    private readonly follower = false,
    /** The writer's price sources and price desk (null on a gateway's copy). */
    readonly deskSources: MarketSources | null = null,
  ) {
    for (const i of list) {
      this.byId.set(i.id, i);
      this.byCode.set(i.code, i);
    }
  }

  static async start(deps: MarketDeps, opts: MarketServiceOptions = {}): Promise<MarketService> {
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
    // The quote state: prices come from the writer's price desk (its sources) or, on a gateway, from the writer's
    // ticks; it walks no price itself. The simulator's random walk is a source like any other (sources/).
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
    const market = new MarketService(deps, all, sim, store, opts.catalogue ?? null, opts.follow === true, deskSources);
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

  // ---- catalog ----

  instruments(): readonly MarketInstrument[] {
    return this.list;
  }

  instrumentById(id: number): MarketInstrument | undefined {
    return this.byId.get(id);
  }

  instrumentByCode(code: string): MarketInstrument | undefined {
    return this.byCode.get(code);
  }

  // ---- klines ----

  /** Bars of a period with from ≤ Time ≤ to (epoch seconds), the newest `limit`, oldest first, live bar included. */
  klines(id: number, period: Period, from: number, to: number, limit: number): Promise<Bar[]> {
    return this.store.queryPeriod(id, period, from, to, limit);
  }

  /** Mini-chart closes in ticks, oldest first: the closed 30min bars then the current price. */
  sparkline(id: number): number[] {
    const st = this.sim.stateOf(this.byId.get(id)?.code ?? '');
    const closes = [...this.store.sparkCloses(id)];
    if (st) closes.push(st.ticks);
    return closes.slice(-SPARK_POINTS);
  }

  liveBar(id: number, level = 0): Bar | null {
    const b = this.store.liveBar(id, level);
    return b ? copyBar(b) : null;
  }

  lastClosedBar(id: number, level = 0): Bar | null {
    return this.store.lastClosed(id, level);
  }

  // ---- for the socket hub (HubMarket) ----

  get size(): number {
    return this.list.length;
  }

  indexOfCode(code: string): number | undefined {
    return this.sim.stateOf(code)?.index;
  }

  tupleAt(index: number): QuoteTuple | undefined {
    return this.sim.tupleAt(index);
  }

  /** The live 1min bar, or the 1min bar that closed last, on the wire (KLINE messages). */
  klineAt(index: number, which: 'live' | 'closed'): (KlineBar & { Code: string }) | null {
    const inst = this.list[index];
    if (!inst) return null;
    const bar = which === 'live' ? this.store.liveBar(inst.id, 0) : this.store.lastClosed(inst.id, 0);
    return bar ? { ...toWireBar(bar, inst.pricePrecision), Code: inst.code } : null;
  }

  // ---- deterministic control (tests, benchmarks) ----

  /**
   * Sets a price exactly and emits it now. On an instrument the simulator quotes, through the simulator source and
   * the price desk like any of its ticks (so the walk goes on from there); otherwise straight into the quote state.
   */
  setPrice(code: string, price: string): Tick {
    const simulator = this.deskSources?.simulator;
    if (!simulator?.quotes(code)) return this.sim.setPrice(code, price);
    simulator.walk.setPrice(code, price);
    const st = this.sim.stateOf(code);
    const q = this.sim.latest(code);
    if (!st || !q) throw new Error(`unknown instrument ${code}`);
    return { instrumentId: st.inst.id, code, price: q.close, time: st.time, volume: 1 };
  }

  step(ms: number): void {
    this.advanceTo(this.sim.now + ms);
  }

  advanceTo(ms: number): void {
    this.deskSources?.simulator?.walk.advanceTo(ms);
    this.sim.advanceTo(ms);
    this.deskSources?.desk.check();
  }

  /** Role gateway: the writer's stale and halt flags (server/bus SUBJECTS.deskFlags). */
  followFlags(f: DeskFlags): void {
    this.sim.setDeskFlags(f.code, f.stale, f.halt);
  }

  /** Every quote change (ticks and open/close flips). */
  onChange(listener: (state: InstrumentState) => void): () => void {
    return this.sim.onChange(listener);
  }

  flush(): Promise<number> {
    return this.store.flush();
  }

  /** Role gateway: a tick the market writer published (server/bus SUBJECTS.tick). */
  follow(tick: Tick): void {
    this.sim.follow(tick);
  }

  async prune(): Promise<number> {
    if (this.closed || this.follower) return 0;
    try {
      return await pruneHistory(this.deps.db, this.list, this.deps.clock.now());
    } catch (err) {
      this.deps.log?.error({ err }, 'kline prune failed');
      return 0;
    }
  }

  /** Stops ticking and writes the live bars (graceful shutdown: call before closing the database). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.deskSources?.stop();
    this.sim.stop();
    for (const h of this.handles) {
      this.deps.timers.clearInterval(h);
      this.deps.timers.clearTimeout(h);
    }
    if (!this.follower) await this.store.flush();
  }

  // ---- MarketView ----

  latest(code: string): LiveQuote | undefined {
    return this.sim.latest(code);
  }

  all(): LiveQuote[] {
    return this.sim.all();
  }

  quoteTuple(code: string): QuoteTuple | undefined {
    return this.sim.quoteTuple(code);
  }

  isOpen(code: string): boolean {
    return this.sim.isOpen(code);
  }

  tradeBlock(code: string): TradeBlock | null {
    const b = this.sim.deskBlock(code);
    if (!b) return null;
    return b.halt !== null ? { key: 'instrument_halted', reason: b.halt } : { key: 'price_stale' };
  }

  onTick(listener: (tick: Tick) => void): () => void {
    return this.sim.onTick(listener);
  }
}
