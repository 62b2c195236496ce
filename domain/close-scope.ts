// Which positions a close-all takes: one rule for the server (engine.closeAll) and the app's confirm sheet
// (its count and estimated P&L), so the sheet counts exactly the positions the server will try to close.
import type { Side } from './trade-maths.ts';
import type { Order } from './types.ts';

/** All (no filter), one side, one instrument, or both filters. */
export interface CloseScope {
  side?: Side;
  forexId?: number;
}

/** One position's outcome in a close-all: the closed order (the wire's, or the app's once translated), or the
 * errors.* key of its refusal. */
export interface CloseAllItem<O = Order> {
  Id: number;
  ok: boolean;
  order: O | null;
  error: string;
}

export function inCloseScope(position: { side: Side; forexId: number }, scope: CloseScope): boolean {
  if (scope.side && position.side !== scope.side) return false;
  return scope.forexId === undefined || position.forexId === scope.forexId;
}
