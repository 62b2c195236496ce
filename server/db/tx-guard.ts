// Test servers (DB_TX_GUARD=1) turn a call through the outer db inside its own transaction, a hang, into an error.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Timers } from '../../domain/time.ts';
import type { Db } from './db.ts';

/** The slowest legitimate one, a test's batch of hundreds, takes ~1 s. */
export const STUCK_TX_MS = 15_000;

export class OuterDbInTx extends Error {
  constructor(what: string) {
    super(`db.${what} was called inside a db.tx callback: use the callback's q (server/db/db.ts)`);
    this.name = 'OuterDbInTx';
  }
}

export interface TxGuardReports {
  /** A caller may catch and log the error it gets. */
  refused(err: OuterDbInTx): void;
  /** The error's stack is where it was opened: the clue to any other hang. */
  stuck(err: Error): void;
  /** Real time (systemTimers), whatever clock the server's jobs run on. */
  timers: Timers;
  stuckMs?: number;
}

/** Work a transaction left behind (a timer, an unawaited promise) may use the db again after it ended. */
export function guardTx<D extends Db>(db: D, reports: TxGuardReports): D {
  const open = new AsyncLocalStorage<{ open: boolean }>();
  const refused = (what: string): OuterDbInTx | null => {
    if (!open.getStore()?.open) return null;
    const err = new OuterDbInTx(what);
    reports.refused(err);
    return err;
  };
  const guarded = Object.create(db) as D;
  guarded.query = (sql, params) => {
    const err = refused('query');
    return err ? Promise.reject(err) : db.query(sql, params);
  };
  guarded.exec = (sql) => {
    const err = refused('exec');
    return err ? Promise.reject(err) : db.exec(sql);
  };
  guarded.tx = (fn) => {
    const err = refused('tx');
    if (err) return Promise.reject(err);
    const stuckMs = reports.stuckMs ?? STUCK_TX_MS;
    const opened = new Error(`a transaction has been open for ${stuckMs} ms`);
    return db.tx((q) => {
      const state = { open: true };
      const watch = reports.timers.setTimeout(() => reports.stuck(opened), stuckMs);
      return open
        .run(state, () => fn(q))
        .finally(() => {
          state.open = false;
          reports.timers.clearTimeout(watch);
        });
    });
  };
  return guarded;
}
