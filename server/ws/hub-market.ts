// Read-only for server/ws: only the market writes it.
import type { KlineBar } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';

export type WireKline = KlineBar & { Code: string };

export interface HubMarket {
  readonly size: number;
  indexOfCode(code: string): number | undefined;
  tupleAt(index: number): QuoteTuple | undefined;
  onChange(listener: (state: { index: number }) => void): () => void;
  klineAt(index: number, which: 'live' | 'closed'): WireKline | null;
}
