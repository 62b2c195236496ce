// Who may move money right now: a caller (the ops runner, server/ops/money-watch.ts) runs a piece of work under an
// observer, and every ledger movement made inside it, however deep, is shown to the observer before it is applied;
// the observer throws to refuse it. Outside any watch the ledger moves unobserved (trading, the fund job's timer).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DecInput } from '../../domain/decimal.ts';
import type { RecordTypeValue } from './record-types.ts';

/** What the observer sees of a movement (server/ledger/ledger.ts's Movement). */
export interface WatchedMovement {
  balance?: DecInput;
  lock?: DecInput;
  type: RecordTypeValue;
}

export type LedgerObserver = (userId: number, movements: readonly WatchedMovement[]) => void;

const current = new AsyncLocalStorage<LedgerObserver>();

/** Runs `work` with every ledger movement inside it shown to `observer` first. */
export const watchLedger = <T>(observer: LedgerObserver, work: () => Promise<T>): Promise<T> =>
  current.run(observer, work);

/** Shows `movements` to the observer of the work in progress, if any (server/ledger/ledger.ts, before it moves). */
export function observeMovements(userId: number, movements: readonly WatchedMovement[]): void {
  current.getStore()?.(userId, movements);
}
