// The test servers' guard against the outer db used inside its own transaction (DB_TX_GUARD=1, on in every server and
// browser test): on PGlite the outer db waits for the transaction's end, so a `db.tx` callback that awaits a call
// through it hangs the database for good; on PostgreSQL it takes a second connection that can wait on the first's
// locks. The guard makes that an immediate error instead: AsyncLocalStorage follows the callback's async work. It also
// reports a transaction still open after STUCK_TX_MS with the stack that opened it, the clue to any other hang.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Timers } from '../../domain/time.ts';
import type { Db } from './db.ts';

/** A transaction open this long is reported (the slowest legitimate one, a test's batch of hundreds, takes ~1 s). */
export const STUCK_TX_MS = 15_000;

/** Thrown when the outer db is called while one of its transactions is open in the same async context. */
export class OuterDbInTx extends Error {
  constructor(what: string) {
    super(`db.${what} was called inside a db.tx callback: use the callback's q (server/db/db.ts)`);
    this.name = 'OuterDbInTx';
  }
}

export interface TxGuardReports {
  /** Each refusal (a caller may catch and log the error it gets). */
  refused(err: OuterDbInTx): void;
  /** A transaction still open after STUCK_TX_MS; the error's stack is where it was opened. */
  stuck(err: Error): void;
  /** The watch on open transactions: real time (systemTimers), whatever clock the server's jobs run on. */
  timers: Timers;
  /** After how long an open transaction is stuck (STUCK_TX_MS). */
  stuckMs?: number;
}

/** `db` refusing its own query, exec and tx from inside one of its transactions; after the transaction ended, work it
 * left behind (a timer, an unawaited promise) may use the db again. */
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
