// What the engine asks of its trigger index (server/engine/tick-index.ts; the decimal scan it replaced is kept as the
// test oracle in tests/fixtures/engine-oracle.ts, behind the same interface): it sees every open order come and go,
// the cached balances, and every tick; it answers which orders a tick crossed, whose stop-out the tick may have reached, and the
// users' margin, floating P&L and stop-out state.
import type { Usd } from '../../domain/units.ts';
import type { EngineInstrument, OpenOrder } from './types.ts';

/** Where the index reads an instrument's terms and its latest price (the market's `latest`). */
export interface IndexSource {
  instrument(id: number): EngineInstrument | undefined;
  latestPrice(inst: EngineInstrument): string | null;
}

export interface TickOutcome {
  /** Ids of the orders whose trigger rule (pending fill, stop-profit, stop-loss) holds at the tick's price. */
  crossed: number[];
  /** Users whose equity the tick may have taken to or below the stop-out level: the engine checks these (a superset
   * of the users at or below it who hold the instrument; the oracle answers every holder). */
  atRisk: number[];
}

export interface EngineIndex {
  added(o: OpenOrder): void;
  removed(o: OpenOrder): void;
  /** The instrument's terms changed (catalog reload): its orders are indexed again. */
  reindex(instrumentId: number, orders: readonly OpenOrder[]): void;
  setBalance(userId: number, balance: string): void;
  /** A tick; `ask` is given only by the two-sided wrapper's callers (sided-index.ts), one-price indexes ignore it. */
  tick(instrumentId: number, price: string, ask?: string): TickOutcome;
  marginOf(userId: number): Usd;
  floatingOf(userId: number): Usd;
  /** A holding order's floating P&L at the latest price; null when it is not holding or has no price. */
  floatingOfOrder(orderId: number): Usd | null;
  /** Risk rate at or below the stop-out level, from the cached balance; false when the balance is not cached. */
  belowStopOut(userId: number): boolean;
  /** Equity (cached balance + margin + floating P&L) in 10^-8 USD, exactly, while something is held; null when the
   * integers cannot answer (nothing held, balance not cached or not whole 10^-8): then the decimal figures do. */
  equityScaled?(userId: number): bigint | null;
}
