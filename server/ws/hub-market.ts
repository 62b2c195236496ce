// Read-only for server/ws: only the market writes it.
import type { KlineBar } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import type { FrameSink } from './connection.ts';

export type WireKline = KlineBar & { Code: string };

export interface HubMarket {
  readonly size: number;
  indexOfCode(code: string): number | undefined;
  tupleAt(index: number): QuoteTuple | undefined;
  onChange(listener: (state: { index: number }) => void): () => void;
  klineAt(index: number, which: 'live' | 'closed'): WireKline | null;
}

/** Each stream keeps a version per instrument, as the market numbers them, and sends through the one sink. */
export abstract class MarketStream {
  protected readonly version: number[];
  protected readonly market: HubMarket;
  protected readonly sink: FrameSink;

  constructor(market: HubMarket, sink: FrameSink) {
    this.market = market;
    this.sink = sink;
    this.version = new Array<number>(market.size).fill(0);
  }
}
