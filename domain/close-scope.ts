// Which positions a close-all takes, shared so the confirm sheet counts exactly what the server will try to close.
import type { Side } from './trade-maths.ts';
import type { Order } from './types.ts';

export interface CloseScope {
  side?: Side;
  instrumentId?: number;
}

/** The closed order (the wire's, or the app's once translated), or the errors.* key of its refusal. */
export interface CloseAllItem<O = Order> {
  Id: number;
  ok: boolean;
  order: O | null;
  error: string;
}

export function inCloseScope(position: { side: Side; instrumentId: number }, scope: CloseScope): boolean {
  if (scope.side && position.side !== scope.side) return false;
  return scope.instrumentId === undefined || position.instrumentId === scope.instrumentId;
}
