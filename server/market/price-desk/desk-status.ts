// What the operator sees of the price desk (`npm run ops -- feeds`, /ops.html): each source and each instrument, as the
// market writer has them now. The writer publishes it on the bus every second, so every gateway can answer.
import type { PriceRule } from './desk-config.ts';
import type { RejectReason } from './tick-rules.ts';

/** What the desk counts of a source from its start: the fail-overs away from it and what it sent that was refused. */
export interface SourceCounts {
  /** Times an instrument failed over away from this source. */
  failovers: number;
  rejected: number;
  rejects: Partial<Record<RejectReason, number>>;
  /** Symbols the source itself refused to quote (FIX 35=Y, an exchange error), newest first. */
  refusals: Array<{ symbol: string; reason: string; at: number }>;
}

export interface SourceStatus extends SourceCounts {
  name: string;
  /** 1 = first in PRICE_SOURCES. */
  priority: number;
  state: 'up' | 'down' | 'suspended';
  /** The source's last connection detail, or the suspension's reason. */
  detail: string;
  /** Symbols subscribed (mapped to an instrument). */
  symbols: number;
  /** Instruments this source drives now. */
  driving: number;
  /** ms since its last good tick; null = none yet. */
  lastTickAgeMs: number | null;
  ticksPerSec: number;
  ticks: number;
  spikesHeld: number;
}

export type InstrumentDeskState = 'live' | 'stale' | 'halted' | 'closed' | 'waiting';

export interface InstrumentStatus {
  code: string;
  state: InstrumentDeskState;
  /** The source driving it now (null: none healthy). */
  source: string | null;
  symbol: string | null;
  /** Its sources in priority order (source:symbol). */
  sources: string;
  rule: PriceRule;
  staleMs: number;
  spikePct: string;
  lastTickAgeMs: number | null;
  spikesHeld: number;
  failovers: number;
  haltReason: string | null;
  /** The dealer's mark-up: "none" (one price), "fixed 15" (points around the price), "widen 4" (on the source's). */
  spread: string;
}

export interface DeskEvent {
  at: number;
  kind: string;
  detail: string;
}

export interface RejectSample {
  at: number;
  source: string;
  symbol: string;
  reason: RejectReason;
}

export interface DeskStatus {
  at: number;
  sources: SourceStatus[];
  instruments: InstrumentStatus[];
  /** Every change of state, newest first (bounded). */
  events: DeskEvent[];
  /** The latest refused ticks, newest first (bounded). */
  rejects: RejectSample[];
}

/** A flag change of one instrument, as gateways apply it to their copy of the market. */
export interface DeskFlags {
  code: string;
  stale: boolean;
  halt: string | null;
}
