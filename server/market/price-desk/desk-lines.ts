// Plain data and pure functions; the desk owns the state (docs/market-data.md "Price health").
import type { MarketInstrument } from '../instrument-catalogue.ts';
import { type PriceSource, SIMULATOR_SOURCE } from '../sources/price-source.ts';
import type { PriceRule, SpreadMode } from './desk-config.ts';
import type { SourceCounts } from './desk-status.ts';
import type { SideQuote } from './tick-rules.ts';

/** A source or slot that never ticked, or whose last tick was good. */
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
  /** Sorted and joined: a desk change that keeps them re-subscribes nothing. */
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
  /** NEVER: its last tick was good; refused past the stale limit, the slot is not healthy. */
  refusedSince: number;
}

export interface Line {
  inst: MarketInstrument;
  index: number;
  rule: PriceRule;
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

/** Priority 1 = first in PRICE_SOURCES. */
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

export function newLine(inst: MarketInstrument, index: number): Line {
  return {
    inst,
    index,
    rule: 'mid',
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

/** docs/market-data.md "Price health"; the simulator's instruments have no stale limit: their history is their own. */
export function healthy(slot: Slot, line: Line, now: number, defaultStaleMs: number): boolean {
  if (slot.src.suspended !== null || !slot.src.up) return false;
  // Refused ticks go stale by the default limit too on the simulator's instruments: a frozen price must not trade.
  const refuseLimit = line.staleMs > 0 ? line.staleMs : defaultStaleMs;
  if (slot.refusedSince !== NEVER && now - slot.refusedSince >= refuseLimit) return false;
  if (slot.lastAt === NEVER) return line.staleMs === 0 && !slot.src.real;
  return line.staleMs === 0 || now - slot.lastAt <= line.staleMs;
}

/** Slots are sorted by priority. */
export function firstHealthy(line: Line, now: number, defaultStaleMs: number): Slot | null {
  for (const s of line.slots) if (healthy(s, line, now, defaultStaleMs)) return s;
  return null;
}
