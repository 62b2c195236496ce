// The live market as every other server module sees it: one tick, one instrument's live quote, and the MarketView
// interface (the simulator implements it in the market process; a gateway's copy is fed by the bus).
import type { QuoteTuple } from '../../domain/ws-protocol.ts';

/** One price change of one instrument. Price is a decimal string at the instrument's PricePrecision. */
export interface Tick {
  instrumentId: number;
  code: string;
  price: string;
  /** The ask when the dealer set a spread (docs/market-data.md "Spread"): `price` is then the bid. Absent: one price. */
  ask?: string;
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
  status: 0 | 1; // MarketStatus (0 while trading is halted)
  /** The price desk's flag (docs/market-data.md): no healthy source (stale) or trading halted; absent = live. */
  deskFlag?: 'stale' | 'halted';
  /** Two-sided only (a spread is set): bid (= close) and ask. Absent: one price, buys and sells at close. */
  bid?: string;
  ask?: string;
}

/** Why the price desk refuses trading on an instrument now: its price is stale, or the desk halted it (with a reason). */
export type TradeBlock = { key: 'price_stale' } | { key: 'instrument_halted'; reason: string };

/** The live market as the rest of the server sees it (simulated here; a market fed by real sources could implement it). */
export interface MarketView {
  latest(code: string): LiveQuote | undefined;
  all(): LiveQuote[];
  quoteTuple(code: string): QuoteTuple | undefined;
  /** Open by its hours, with a live price and not halted (triggers and stop-out act only then). */
  isOpen(code: string): boolean;
  /** Why orders on the instrument are refused by the price desk now (stale, halted), or null. */
  tradeBlock?(code: string): TradeBlock | null;
  /** Called synchronously after every tick has been applied to `latest`. Returns an unsubscribe function. */
  onTick(listener: (tick: Tick) => void): () => void;
}
