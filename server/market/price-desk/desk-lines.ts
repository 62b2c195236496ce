// The desk's state per source and per instrument, and its health rules (docs/market-data.md "Price health").
import type { MarketInstrument } from '../instrument-catalogue.ts';
import { type PriceSource, SIMULATOR_SOURCE } from '../sources/price-source.ts';
import type { PriceRule, SpreadMode } from './desk-config.ts';
import type { SourceCounts } from './desk-status.ts';
import type { SideQuote } from './tick-rules.ts';

/** A source or slot that never ticked, or whose last tick was good. */
export const NEVER = -Infinity;

/** Priority 1 = first in PRICE_SOURCES. */
export class Src implements SourceCounts {
  readonly name: string;
  readonly priority: number;
  readonly real: boolean;
  readonly source: PriceSource;
  up = true;
  detail = '';
  suspended: string | null = null;
  bySymbol = new Map<string, Slot>();
  /** Sorted and joined: a desk change that keeps them re-subscribes nothing. */
  subscribed: string | null = null;
  lastAt = NEVER;
  ticks = 0;
  rateTicks = 0;
  rateAt: number;
  rate = 0;
  spikes = 0;
  failovers = 0;
  rejected = 0;
  rejects: SourceCounts['rejects'] = {};
  refusals: SourceCounts['refusals'] = [];

  constructor(source: PriceSource, i: number, now: number) {
    this.name = source.name;
    this.priority = i + 1;
    this.real = source.name !== SIMULATOR_SOURCE;
    this.source = source;
    this.rateAt = now;
  }
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

export class Line {
  readonly inst: MarketInstrument;
  readonly index: number;
  rule: PriceRule = 'mid';
  staleMs = 0;
  spikePct = '0';
  spikeRatio = 0;
  halt: string | null = null;
  spreadMode: SpreadMode | null = null;
  spreadPoints = 0;
  slots: Slot[] = [];
  active: Slot | null = null;
  lastGood = -1;
  held = -1;
  heldRun = 0;
  stale = false;
  spikes = 0;
  failovers = 0;

  constructor(inst: MarketInstrument, index: number) {
    this.inst = inst;
    this.index = index;
  }
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
