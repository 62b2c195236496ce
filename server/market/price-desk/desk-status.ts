// The writer publishes it on the bus every second, so every gateway can answer the operator.
import type { PriceRule } from './desk-config.ts';
import type { RejectReason } from './tick-rules.ts';

export interface SourceCounts {
  failovers: number;
  rejected: number;
  rejects: Partial<Record<RejectReason, number>>;
  /** FIX 35=Y, an exchange error; newest first. */
  refusals: Array<{ symbol: string; reason: string; at: number }>;
}

export interface SourceStatus extends SourceCounts {
  name: string;
  priority: number;
  state: 'up' | 'down' | 'suspended';
  /** Or the suspension's reason. */
  detail: string;
  symbols: number;
  driving: number;
  /** null = none yet. */
  lastTickAgeMs: number | null;
  ticksPerSec: number;
  ticks: number;
  spikesHeld: number;
}

export type InstrumentDeskState = 'live' | 'stale' | 'halted' | 'closed' | 'waiting';

export interface InstrumentStatus {
  code: string;
  state: InstrumentDeskState;
  /** null: none healthy. */
  source: string | null;
  symbol: string | null;
  /** Priority order, as source:symbol. */
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
  /** Newest first, bounded. */
  events: DeskEvent[];
  /** Newest first, bounded. */
  rejects: RejectSample[];
}

/** As gateways apply it to their copy of the market. */
export interface DeskFlags {
  code: string;
  stale: boolean;
  halt: string | null;
}
