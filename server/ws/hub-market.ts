// What the hub needs of the market (server/market/market-service.ts provides it): quotes by index, change
// notifications and the live 1min bar. The streams read it; nothing in server/ws writes it.
import type { KlineBar } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';

export type WireKline = KlineBar & { Code: string };

export interface HubMarket {
  readonly size: number;
  indexOfCode(code: string): number | undefined;
  tupleAt(index: number): QuoteTuple | undefined;
  onChange(listener: (state: { index: number }) => void): () => void;
  /** The live 1min bar (which: 'live') or the 1min bar that closed last ('closed'). */
  klineAt(index: number, which: 'live' | 'closed'): WireKline | null;
}
