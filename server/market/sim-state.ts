// One simulated instrument's state (simulator.ts): what its quote shows (InstrumentState, read by the kline store and
// the socket hub) and what its random walk needs (SimState), and where each starts. The simulator moves it.
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import { sigmaPerSqrtSecond } from './history.ts';
import type { MarketInstrument } from './instrument-catalogue.ts';
import { isOpenAt, tradingDayStart, DAY_S } from './market-hours.ts';
import type { LiveQuote } from './market-view.ts';
import { priceToTicks, tickScale } from './price-ticks.ts';
import { hashInts, hashString, SeqRng } from './rng.ts';

/** Where an instrument starts: its last price and trading-day figures, all in ticks. */
export interface InitialQuote {
  ticks: number;
  time: number; // ms of the last known price
  dayStart: number; // epoch seconds
  open: number;
  high: number;
  low: number;
}

/** The state behind one instrument's quote; `version` grows with every change (tick or status flip). */
export interface InstrumentState {
  readonly inst: MarketInstrument;
  readonly index: number;
  /** The price (the bid when the dealer set a spread: docs/market-data.md "Spread"), in ticks. */
  ticks: number;
  /** The ask in ticks: equal to `ticks` for one price. */
  ask: number;
  time: number;
  status: 0 | 1;
  dayStart: number;
  dayOpen: number;
  dayHigh: number;
  dayLow: number;
  version: number;
}

export interface SimState extends InstrumentState {
  rng: SeqRng;
  sigma: number;
  meanGapMs: number;
  logPrice: number;
  scale: number;
  lastMoveMs: number;
  nextTickMs: number;
  nextDayMs: number;
  quote: LiveQuote | null;
  tuple: QuoteTuple | null;
  /** The market writer's price desk flags (docs/market-data.md): no healthy source, or trading halted with a reason. */
  stale: boolean;
  halt: string | null;
  /** Not walked: as a price source, nothing is subscribed to it (setQuoted); it jumps once when walked again. */
  muted: boolean;
}

/** Poisson arrivals: exponential gaps, whole milliseconds (tick times are integer ms epochs). */
export function nextGap(st: SimState): number {
  return Math.max(1, Math.round(st.rng.exponential(st.meanGapMs)));
}

/** An instrument's state at the simulator's start: from its last known quote, else its base price. */
export function newSimState(
  inst: MarketInstrument,
  index: number,
  init: InitialQuote | undefined,
  opts: { seed: number },
  now: number,
): SimState {
  const scale = tickScale(inst.pricePrecision);
  const base = priceToTicks(Number(inst.basePrice), inst.pricePrecision);
  const ticks = init?.ticks ?? base;
  const rng = new SeqRng(hashInts(opts.seed, hashString(inst.code), 0x5eed));
  const hz = inst.tickHz;
  const dayStart = init?.dayStart ?? tradingDayStart(inst.cls, Math.floor(now / 1000));
  return {
    inst,
    index,
    ticks,
    ask: ticks,
    time: Math.min(init?.time ?? now, now),
    status: isOpenAt(inst.cls, now / 1000) ? 1 : 0,
    dayStart,
    dayOpen: init?.open ?? ticks,
    dayHigh: init?.high ?? ticks,
    dayLow: init?.low ?? ticks,
    version: 1,
    rng,
    sigma: sigmaPerSqrtSecond(inst.annualVol, inst.cls),
    meanGapMs: hz > 0 ? 1000 / hz : Infinity,
    logPrice: Math.log(ticks / scale),
    scale,
    lastMoveMs: now,
    nextTickMs: now + (hz > 0 ? Math.max(1, Math.round(rng.exponential(1000 / hz))) : Infinity),
    nextDayMs: (dayStart + DAY_S) * 1000,
    quote: null,
    tuple: null,
    stale: false,
    halt: null,
    muted: false,
  };
}
