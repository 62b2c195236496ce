// One interface for tick-index.ts and its test oracle tests/fixtures/engine-oracle.ts.
import type { Usd } from '../../domain/units.ts';
import type { EngineInstrument, OpenOrder } from './types.ts';

/** `latest` is the market's. */
export interface IndexSource {
  instrument(id: number): EngineInstrument | undefined;
  latestPrice(inst: EngineInstrument): string | null;
}

export interface TickOutcome {
  crossed: number[];
  /** A superset of the holders at or below it; the oracle answers every holder. */
  atRisk: number[];
}

export interface EngineIndex {
  added(o: OpenOrder): void;
  removed(o: OpenOrder): void;
  /** After a catalog reload. */
  reindex(instrumentId: number, orders: readonly OpenOrder[]): void;
  setBalance(userId: number, balance: string): void;
  tick(instrumentId: number, price: string): TickOutcome;
  marginOf(userId: number): Usd;
  floatingOf(userId: number): Usd;
  /** null when not holding or without a price. */
  floatingOfOrder(orderId: number): Usd | null;
  /** false when the balance is not cached. */
  belowStopOut(userId: number): boolean;
  /** null when the integers cannot answer (nothing held, balance not cached or not whole 10^-8): decimals then do. */
  equityScaled?(userId: number): bigint | null;
}
