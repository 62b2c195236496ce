// Lets the ops runner see, and refuse by throwing, every ledger movement made inside its work, however deep.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DecInput } from '../../domain/decimal.ts';
import type { RecordTypeValue } from './record-types.ts';

export interface WatchedMovement {
  balance?: DecInput;
  lock?: DecInput;
  type: RecordTypeValue;
}

export type LedgerObserver = (userId: number, movements: readonly WatchedMovement[]) => void;

const current = new AsyncLocalStorage<LedgerObserver>();

export const watchLedger = <T>(observer: LedgerObserver, work: () => Promise<T>): Promise<T> =>
  current.run(observer, work);

/** Outside any watch the ledger moves unobserved (trading, the fund job's timer). */
export function observeMovements(userId: number, movements: readonly WatchedMovement[]): void {
  current.getStore()?.(userId, movements);
}
