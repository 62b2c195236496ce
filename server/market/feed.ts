// The live market as every other server module sees it: one tick, one instrument's live quote, and the MarketFeed
// interface (the simulator implements it in the market process; a gateway's copy is fed by the bus).
import type { QuoteTuple } from '../../src/domain/ws-protocol.ts';

/** One price change of one instrument. Price is a decimal string at the instrument's PricePrecision. */
export interface Tick {
  instrumentId: number;
  code: string;
  price: string;
  time: number; // ms epoch
  volume: number;
}

export interface LiveQuote {
  instrumentId: number;
  code: string;
  open: string; // trading-day open
  high: string;
  low: string;
  close: string;
  change: string; // percent vs open, 2 decimals
  time: number;
  status: 0 | 1; // MarketStatus
}

/** The live market as the rest of the server sees it (simulated here; a real feed could implement it). */
export interface MarketFeed {
  latest(code: string): LiveQuote | undefined;
  all(): LiveQuote[];
  quoteTuple(code: string): QuoteTuple | undefined;
  isOpen(code: string): boolean;
  /** Called synchronously after every tick has been applied to `latest`. Returns an unsubscribe function. */
  onTick(listener: (tick: Tick) => void): () => void;
}
