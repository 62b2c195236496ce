// The seam between a price source (the simulator, an LP over FIX 4.4, an exchange stream, a CSV replay) and the market
// writer. A source knows only its own symbols and speaks raw ticks; the writer maps symbols to instruments, makes the
// one price (bid/ask/mid/last), applies offsets and guards the prices (stale, spike, fail-over) — docs/market-data.md.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timers } from '../../../domain/time.ts';

/** The simulator's name in PRICE_SOURCES (built by the market itself, not by a factory). */
export const SIMULATOR_SOURCE = 'simulator';

/** What a source factory is handed: injected time, the logger, and the settings (process.env in production). */
export interface SourceDeps {
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger | null;
  env: Readonly<Record<string, string | undefined>>;
}

/** One raw quote as the source sent it: decimal text exactly as received, the source's own time. */
export interface RawTick {
  /** The source's own symbol (e.g. "EUR/USD" on an LP, "BTCUSDT" on an exchange). */
  symbol: string;
  bid?: string;
  ask?: string;
  last?: string;
  /** Volume traded with this tick, when the source says (decimal text). */
  volume?: string;
  /** Epoch ms as the source stamped it (FIX SendingTime/MDEntryTime, an exchange's event time). */
  sourceTime: number;
}

/** How a source reports to the writer. Every call is synchronous and cheap; the writer never throws back. */
export interface SourceSink {
  /** A quote for one symbol. */
  tick(tick: RawTick): void;
  /** The source refused to quote a symbol (FIX 35=Y, an exchange error): shown to the operator. */
  rejected(symbol: string, reason: string): void;
  /** A message the source could not use (bad checksum, malformed, unknown field): counted, never traded on. */
  malformed(reason: string): void;
  /** The connection went up or down (logon / logout / disconnect), with a human-readable detail for the operator. */
  connection(up: boolean, detail: string): void;
}

/**
 * A running source. The writer does not wait for `start` (connect and log on in the background; report with
 * `connection`), calls `subscribe` once before `start` (the mapped symbols at start-up) and again
 * whenever the operator's mapping changes. Sources are built by name from PRICE_SOURCES through
 * sources/source-registry.ts (SOURCE_FACTORIES: one line per source, its settings read from SourceDeps.env).
 */
export interface PriceSource {
  /** The name `PRICE_SOURCES` uses for it (e.g. "simulator", "fix", "exchange", "replay"). */
  readonly name: string;
  start(sink: SourceSink): Promise<void>;
  /** The full set of source symbols the writer wants now (replaces the previous set). */
  subscribe(symbols: readonly string[]): void;
  stop(): Promise<void>;
}
