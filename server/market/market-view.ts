// The live market as every other server module sees it; a gateway's copy is fed by the bus.
import type { QuoteTuple } from '../../domain/ws-protocol.ts';

/** Price is a decimal string at the instrument's PricePrecision. */
export interface Tick {
  instrumentId: number;
  code: string;
  price: string;
  /** docs/market-data.md "Spread": `price` is then the bid; absent: one price. */
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
  /** docs/market-data.md; absent = live. */
  deskFlag?: 'stale' | 'halted';
  /** Two-sided only; absent: one price, buys and sells at close. */
  bid?: string;
  ask?: string;
}

export type TradeBlock = { key: 'price_stale' } | { key: 'instrument_halted'; reason: string };

export interface MarketView {
  latest(code: string): LiveQuote | undefined;
  all(): LiveQuote[];
  quoteTuple(code: string): QuoteTuple | undefined;
  /** Triggers and stop-out act only while open, priced and not halted. */
  isOpen(code: string): boolean;
  tradeBlock?(code: string): TradeBlock | null;
  /** Called synchronously after the tick has been applied to `latest`. */
  onTick(listener: (tick: Tick) => void): () => void;
}
