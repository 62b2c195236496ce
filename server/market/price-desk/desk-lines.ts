// The price desk's records (price-desk.ts): one per price source, one per instrument ("line"), and one per mapping of
// a source's symbol to an instrument ("slot"), and the health rule that decides which slot may drive an instrument
// (docs/market-data.md "Price health"). Plain data and pure functions: the desk owns the state.
import type { MarketInstrument } from '../instrument-catalogue.ts';
import type { PriceSource } from '../sources/price-source.ts';
import { SIMULATOR_SOURCE } from '../sources/price-source.ts';
import type { PriceRule, SpreadMode } from './desk-config.ts';
import type { SourceCounts } from './desk-status.ts';
import type { SideQuote } from './tick-rules.ts';

/** No time yet (a source or slot that never ticked, a slot whose last tick was good). */
export const NEVER = -Infinity;

export interface Src extends SourceCounts {
  name: string;
  priority: number;
  real: boolean;
  source: PriceSource;
  up: boolean;
  detail: string;
  suspended: string | null;
  bySymbol: Map<string, Slot>;
  /** The symbols last given to subscribe (sorted, joined): a desk change that keeps them re-subscribes nothing. */
  subscribed: string | null;
  lastAt: number;
  ticks: number;
  rateTicks: number;
  rateAt: number;
  rate: number;
  spikes: number;
}

export interface Slot {
  src: Src;
  line: Line;
  symbol: string;
  offset: number;
  sides: SideQuote;
  lastAt: number;
  /** When this source's ticks for the instrument began to be refused (NEVER: its last tick was good). A slot refused
   * for the stale limit is not healthy (docs/market-data.md "Price health"), whatever else it says. */
  refusedSince: number;
}

export interface Line {
  inst: MarketInstrument;
  index: number;
  rule: PriceRule;
  ruleStaleMs: number | null;
  ruleSpikePct: string | null;
  staleMs: number;
  spikePct: string;
  spikeRatio: number;
  halt: string | null;
  spreadMode: SpreadMode | null;
  spreadPoints: number;
  slots: Slot[];
  active: Slot | null;
  lastGood: number;
  held: number;
  heldRun: number;
  stale: boolean;
  spikes: number;
  failovers: number;
}

/** A source's record at the desk's start; `i` is its place in PRICE_SOURCES (priority 1 = first). */
export function newSrc(source: PriceSource, i: number, now: number): Src {
  return {
    name: source.name,
    priority: i + 1,
    real: source.name !== SIMULATOR_SOURCE,
    source,
    up: true,
    detail: '',
    suspended: null,
    bySymbol: new Map(),
    subscribed: null,
    lastAt: NEVER,
    ticks: 0,
    rateTicks: 0,
    rateAt: now,
    rate: 0,
    spikes: 0,
    failovers: 0,
    rejected: 0,
    rejects: {},
    refusals: [],
  };
}

/** An instrument's record before the first configuration: mid rule, no limits, no source. */
export function newLine(inst: MarketInstrument, index: number): Line {
  return {
    inst,
    index,
    rule: 'mid',
    ruleStaleMs: null,
    ruleSpikePct: null,
    staleMs: 0,
    spikePct: '0',
    spikeRatio: 0,
    halt: null,
    spreadMode: null,
    spreadPoints: 0,
    slots: [],
    active: null,
    lastGood: -1,
    held: -1,
    heldRun: 0,
    stale: false,
    spikes: 0,
    failovers: 0,
  };
}

/** How long a slot's ticks may all be refused before it is not healthy: the stale limit, or the default one when
 * the instrument has none (the simulator's instruments: their frozen price must not trade either). */
function refuseLimit(line: Line, defaultStaleMs: number): number {
  return line.staleMs > 0 ? line.staleMs : defaultStaleMs;
}

/** docs/market-data.md "Price health": a suspended or down source is not healthy, nor one whose every tick for the
 * instrument has been refused for the stale limit, nor (with a stale limit) one silent for longer. The simulator's
 * instruments have no stale limit: their starting price is their own history, healthy until something above says
 * otherwise. */
export function healthy(slot: Slot, line: Line, now: number, defaultStaleMs: number): boolean {
  if (slot.src.suspended !== null || !slot.src.up) return false;
  if (slot.refusedSince !== NEVER && now - slot.refusedSince >= refuseLimit(line, defaultStaleMs)) return false;
  if (slot.lastAt === NEVER) return line.staleMs === 0 && !slot.src.real;
  return line.staleMs === 0 || now - slot.lastAt <= line.staleMs;
}

/** The first healthy slot in priority order (slots are sorted): the one that should drive; null: none. */
export function firstHealthy(line: Line, now: number, defaultStaleMs: number): Slot | null {
  for (const s of line.slots) if (healthy(s, line, now, defaultStaleMs)) return s;
  return null;
}
