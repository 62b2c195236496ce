// Seeded random walk per instrument with Poisson-timed ticks, plus a manual mode so tests are deterministic.
import type { Clock, Timers } from '../../domain/time.ts';
import type { LiveQuote, MarketView, Tick, TradeBlock } from './market-view.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import type { MarketInstrument } from './instrument-catalogue.ts';
import { isAlwaysOpen, isOpenAt, openSecondsIn, tradingDayStart, DAY_S } from './market-hours.ts';
import { textToTicks, ticksToText, priceToTicks, tickScale, changePercentText } from './price-ticks.ts';
import { sigmaPerSqrtSecond } from './history.ts';
import { hashInts, hashString, SeqRng } from './rng.ts';

export interface SimulatorOptions {
  seed: number;
  /** No timer: the owner calls step()/advanceTo() (deterministic tests). */
  manual: boolean;
  intervalMs: number;
  /** The other listeners still run after one throws. */
  onListenerError?: ((err: unknown) => void) | undefined;
  /** A longer gap (clock jump, sleep) is crossed in one move instead of replaying every tick. */
  maxCatchUpMs: number;
  /** A gateway's copy: prices come from the market writer through follow(), never from its own walk. */
  follow?: boolean | undefined;
}

/** Runs before the MarketView listeners, so the kline store's bars already hold the tick they are told of. */
export type TickSink = (state: InstrumentState, timeMs: number, volume: number) => void;

export class Simulator implements MarketView {
  private readonly states: SimState[];
  private readonly byCode = new Map<string, SimState>();
  private readonly tickListeners = new Set<(tick: Tick) => void>();
  private readonly changeListeners = new Set<(state: InstrumentState) => void>();
  private handle: unknown = null;
  private simNow: number;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly opts: SimulatorOptions;
  private readonly sink: TickSink | null;

  constructor(
    instruments: readonly MarketInstrument[],
    initial: ReadonlyMap<number, InitialQuote>,
    clock: Clock,
    timers: Timers,
    opts: SimulatorOptions,
    sink: TickSink | null = null,
  ) {
    this.clock = clock;
    this.timers = timers;
    this.opts = opts;
    this.sink = sink;
    const now = clock.now();
    this.simNow = now;
    this.states = instruments.map((inst, index) => {
      const st = new SimState(inst, index, initial.get(inst.id), opts.seed, now);
      this.byCode.set(inst.code, st);
      return st;
    });
  }

  start(): void {
    if (this.opts.manual || this.handle !== null) return;
    this.handle = this.timers.setInterval(() => this.advanceTo(this.clock.now()), this.opts.intervalMs);
  }

  stop(): void {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
  }

  advanceTo(until: number): void {
    if (until <= this.simNow) return;
    const sec = until / 1000;
    for (const st of this.states) {
      if (!isAlwaysOpen(st.inst.cls)) {
        const open = isOpenAt(st.inst.cls, sec) ? 1 : 0;
        if (open !== st.status) {
          st.status = open;
          this.changed(st);
        }
      }
      if (this.opts.follow || st.muted || st.nextTickMs > until) continue;
      if (until - st.nextTickMs > this.opts.maxCatchUpMs) {
        if (isOpenAt(st.inst.cls, sec)) this.randomMove(st, until);
        else st.lastMoveMs = until;
        st.nextTickMs = until + nextGap(st);
        continue;
      }
      while (st.nextTickMs <= until) {
        const t = st.nextTickMs;
        if (isOpenAt(st.inst.cls, t / 1000)) this.randomMove(st, t);
        st.nextTickMs = t + nextGap(st);
      }
    }
    this.simNow = until;
  }

  step(ms: number): void {
    this.advanceTo(this.simNow + ms);
  }

  /** Tests script price paths with it; works whatever the market hours. */
  setPrice(code: string, price: string, volume = 1): Tick {
    const st = this.byCode.get(code);
    if (!st) throw new Error(`unknown instrument ${code}`);
    const ticks = textToTicks(price, st.inst.pricePrecision);
    if (ticks === null || ticks <= 0) {
      throw new RangeError(`price ${price} is not a positive decimal at ${st.inst.pricePrecision} decimals`);
    }
    st.logPrice = Math.log(ticks / st.scale);
    return this.apply(st, Math.max(this.clock.now(), st.time), ticks, volume);
  }

  /** Unquoted codes cost nothing until subscribed again. */
  setQuoted(codes: ReadonlySet<string>): void {
    for (const st of this.states) st.muted = !codes.has(st.inst.code);
  }

  /** Whole ticks the writer's price desk accepted; bid equals ask for one price. */
  push(index: number, bid: number, ask: number, time: number, volume: number): void {
    const st = this.states[index];
    if (!st) return;
    this.apply(st, Math.max(time, st.time), bid, volume, ask);
  }

  setDeskFlags(code: string, stale: boolean, halt: string | null): void {
    const st = this.byCode.get(code);
    if (!st || (st.stale === stale && st.halt === halt)) return;
    st.stale = stale;
    st.halt = halt;
    this.changed(st);
  }

  tradeBlock(code: string): TradeBlock | null {
    const st = this.byCode.get(code);
    if (!st || (!st.stale && st.halt === null)) return null;
    return st.halt !== null ? { key: 'instrument_halted', reason: st.halt } : { key: 'price_stale' };
  }

  follow(tick: Tick): void {
    const st = this.byCode.get(tick.code);
    if (!st) return;
    const ticks = textToTicks(tick.price, st.inst.pricePrecision);
    if (ticks === null || ticks <= 0) return;
    const ask = tick.ask === undefined ? ticks : (textToTicks(tick.ask, st.inst.pricePrecision) ?? ticks);
    this.apply(st, Math.max(tick.time, st.time), ticks, tick.volume, Math.max(ask, ticks));
  }

  private randomMove(st: SimState, t: number): void {
    const fromSec = st.lastMoveMs / 1000;
    const toSec = t / 1000;
    const dt =
      isAlwaysOpen(st.inst.cls) || t - st.lastMoveMs < 60_000
        ? Math.max(0, toSec - fromSec)
        : openSecondsIn(st.inst.cls, fromSec, toSec);
    st.logPrice += st.sigma * Math.sqrt(dt) * st.rng.normal();
    const ticks = Math.max(1, Math.round(Math.exp(st.logPrice) * st.scale));
    const volume = 1 + Math.floor(st.rng.next() * 9);
    this.apply(st, t, ticks, volume);
  }

  /** Every move, walked or set, is where the walk goes on from. */
  private apply(st: SimState, t: number, ticks: number, volume: number, ask = ticks): Tick {
    st.lastMoveMs = t;
    let newDay = false;
    if (t >= st.nextDayMs) {
      // While shut (a scripted price at the weekend) the session is still the last one: no new day yet.
      const start = tradingDayStart(st.inst.cls, Math.floor(t / 1000));
      st.nextDayMs = (start + DAY_S) * 1000;
      newDay = start > st.dayStart;
      if (newDay) st.dayStart = start;
    }
    if (newDay) st.dayOpen = st.dayHigh = st.dayLow = ticks;
    else {
      if (ticks > st.dayHigh) st.dayHigh = ticks;
      if (ticks < st.dayLow) st.dayLow = ticks;
    }
    st.ticks = ticks;
    st.ask = ask;
    st.time = t;
    this.sink?.(st, t, volume);
    this.changed(st);
    const tick: Tick = {
      instrumentId: st.inst.id,
      code: st.inst.code,
      price: ticksToText(ticks, st.inst.pricePrecision),
      time: t,
      volume,
    };
    if (ask !== ticks) tick.ask = ticksToText(ask, st.inst.pricePrecision);
    for (const l of this.tickListeners) isolated(l, tick, this.opts.onListenerError);
    return tick;
  }

  private changed(st: SimState): void {
    st.version++;
    st.quote = null;
    st.tuple = null;
    for (const l of this.changeListeners) isolated(l, st, this.opts.onListenerError);
  }

  latest(code: string): LiveQuote | undefined {
    const st = this.byCode.get(code);
    return st ? quoteOf(st) : undefined;
  }

  all(): LiveQuote[] {
    return this.states.map((st) => quoteOf(st));
  }

  quoteTuple(code: string): QuoteTuple | undefined {
    const st = this.byCode.get(code);
    return st ? tupleOf(st) : undefined;
  }

  isOpen(code: string): boolean {
    const st = this.byCode.get(code);
    return st ? !st.stale && st.halt === null && isOpenAt(st.inst.cls, this.clock.now() / 1000) : false;
  }

  onTick(listener: (tick: Tick) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  onChange(listener: (state: InstrumentState) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  stateOf(code: string): InstrumentState | undefined {
    return this.byCode.get(code);
  }

  tupleAt(index: number): QuoteTuple | undefined {
    const st = this.states[index];
    return st ? tupleOf(st) : undefined;
  }
}

/** A listener's exception must not stop the tick loop or, from a timer, end the process. */
function isolated<T>(listener: (v: T) => void, v: T, onError: ((err: unknown) => void) | undefined): void {
  try {
    listener(v);
  } catch (err) {
    onError?.(err);
  }
}

export interface InitialQuote {
  ticks: number;
  /** The dealer's mark-up on the last bid, so a market shut since shows its spread before its next tick. */
  ask?: number;
  time: number; // ms of the last known price
  dayStart: number; // epoch seconds
  open: number;
  high: number;
  low: number;
}

/** What the quote state shows of an instrument to the kline store and the hub. */
export type InstrumentState = Pick<
  SimState,
  'inst' | 'index' | 'ticks' | 'ask' | 'time' | 'status' | 'dayStart' | 'dayOpen' | 'dayHigh' | 'dayLow' | 'version'
>;

class SimState {
  readonly inst: MarketInstrument;
  readonly index: number;
  /** The bid when the dealer set a spread (docs/market-data.md "Spread"), in ticks. */
  ticks: number;
  ask: number;
  time: number;
  status: 0 | 1;
  dayStart: number;
  dayOpen: number;
  dayHigh: number;
  dayLow: number;
  /** Grows with every change (tick or status flip), so derived shapes know when to rebuild. */
  version = 1;
  readonly rng: SeqRng;
  readonly sigma: number;
  readonly meanGapMs: number;
  logPrice: number;
  readonly scale: number;
  lastMoveMs: number;
  nextTickMs: number;
  nextDayMs: number;
  quote: LiveQuote | null = null;
  tuple: QuoteTuple | null = null;
  /** The market writer's price desk flags (docs/market-data.md). */
  stale = false;
  halt: string | null = null;
  /** Nothing subscribes to it as a price source; it jumps once when walked again. */
  muted = false;

  constructor(inst: MarketInstrument, index: number, init: InitialQuote | undefined, seed: number, now: number) {
    const hz = inst.tickHz;
    this.inst = inst;
    this.index = index;
    this.scale = tickScale(inst.pricePrecision);
    this.ticks = init?.ticks ?? priceToTicks(Number(inst.basePrice), inst.pricePrecision);
    this.ask = init?.ask ?? this.ticks;
    this.time = Math.min(init?.time ?? now, now);
    this.status = isOpenAt(inst.cls, now / 1000) ? 1 : 0;
    this.dayStart = init?.dayStart ?? tradingDayStart(inst.cls, Math.floor(now / 1000));
    this.dayOpen = init?.open ?? this.ticks;
    this.dayHigh = init?.high ?? this.ticks;
    this.dayLow = init?.low ?? this.ticks;
    this.rng = new SeqRng(hashInts(seed, hashString(inst.code), 0x5eed));
    this.sigma = sigmaPerSqrtSecond(inst.annualVol, inst.cls);
    this.meanGapMs = hz > 0 ? 1000 / hz : Infinity;
    this.logPrice = Math.log(this.ticks / this.scale);
    this.lastMoveMs = now;
    this.nextTickMs = now + (hz > 0 ? Math.max(1, Math.round(this.rng.exponential(1000 / hz))) : Infinity);
    this.nextDayMs = (this.dayStart + DAY_S) * 1000;
  }
}

/** Whole milliseconds because tick times are integer ms epochs. */
function nextGap(st: SimState): number {
  return Math.max(1, Math.round(st.rng.exponential(st.meanGapMs)));
}

/** Kept on the state until its next change, so every listener shares one object. */
function quoteOf(st: SimState): LiveQuote {
  if (!st.quote) {
    const p = st.inst.pricePrecision;
    st.quote = {
      instrumentId: st.inst.id,
      code: st.inst.code,
      open: ticksToText(st.dayOpen, p),
      high: ticksToText(st.dayHigh, p),
      low: ticksToText(st.dayLow, p),
      close: ticksToText(st.ticks, p),
      change: changePercentText(st.ticks, st.dayOpen),
      time: st.time,
      status: st.halt !== null ? 0 : st.status,
    };
    if (st.halt !== null) st.quote.deskFlag = 'halted';
    else if (st.stale) st.quote.deskFlag = 'stale';
    if (st.ask !== st.ticks) {
      st.quote.bid = st.quote.close;
      st.quote.ask = ticksToText(st.ask, p);
    }
  }
  return st.quote;
}

/** Kept on the state until its next change, so every listener shares one object. */
function tupleOf(st: SimState): QuoteTuple {
  if (!st.tuple) {
    const q = quoteOf(st);
    st.tuple = [q.code, q.close, q.change, q.time, q.status];
    // Only a flagged or two-sided quote is longer (docs/protocol.md); absent flags are null to keep positions fixed.
    if (st.halt !== null) st.tuple.push('halted', st.halt);
    else if (st.stale) st.tuple.push('stale');
    if (q.bid !== undefined && q.ask !== undefined) {
      while (st.tuple.length < 7) st.tuple.push(null);
      st.tuple.push(q.bid, q.ask);
    }
  }
  return st.tuple;
}
