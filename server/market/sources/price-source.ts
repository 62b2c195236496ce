// A source knows only its own symbols and speaks raw ticks; the writer does the rest (docs/market-data.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../core/services.ts';

/** The market builds it itself, not a factory. */
export const SIMULATOR_SOURCE = 'simulator';

/** process.env in production. */
export interface SourceDeps extends Pick<Services, 'clock' | 'timers'> {
  log: FastifyBaseLogger | null;
  env: Readonly<Record<string, string | undefined>>;
}

/** Decimal text exactly as received, the source's own time. */
export interface RawTick {
  symbol: string;
  bid?: string;
  ask?: string;
  last?: string;
  volume?: string;
  /** FIX SendingTime/MDEntryTime, an exchange's event time. */
  sourceTime: number;
}

/** Every call is synchronous and cheap; the writer never throws back. */
export interface SourceSink {
  tick(tick: RawTick): void;
  /** FIX 35=Y, an exchange error: shown to the operator. */
  rejected(symbol: string, reason: string): void;
  /** Counted, never traded on. */
  malformed(reason: string): void;
  connection(up: boolean, detail: string): void;
}

/** The writer does not wait for `start`; `subscribe` comes once before it and again on every mapping change. */
export interface PriceSource {
  readonly name: string;
  start(sink: SourceSink): Promise<void>;
  /** Replaces the previous set. */
  subscribe(symbols: readonly string[]): void;
  stop(): Promise<void>;
}
