// The tests' guard against the outer db inside its own transaction (server/db/tx-guard.ts), on the active backend
// (TEST_DB): such a call is refused at once and told, instead of hanging PGlite's one connection; the transaction's
// own q, work after the transaction and other requests' transactions are untouched; a transaction left open is
// reported with the place that opened it.
import { slow } from '../../fixtures/slowness.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db.ts';
import { systemTimers } from '../../../server/core/system-time.ts';
import { guardTx, OuterDbInTx } from '../../../server/db/tx-guard.ts';
import { sharedDatabases } from '../support/shared-db.ts';

const dbs = sharedDatabases();
let db: Db;
const told: OuterDbInTx[] = [];
const stuck: Error[] = [];
const STUCK_MS = 1_000;

beforeAll(async () => {
  db = guardTx(await dbs.open(), {
    refused: (err) => told.push(err),
    stuck: (err) => stuck.push(err),
    stuckMs: STUCK_MS,
    timers: systemTimers,
  });
});
afterAll(async () => {
  await dbs.close();
});

it('refuses the outer query, exec and tx inside a transaction, and tells each refusal', async () => {
  told.length = 0;
  const seen = await db.tx(async (q) => {
    const refusals = await Promise.all([
      db.query('SELECT 1').catch((e: unknown) => e),
      db.exec('SELECT 1').catch((e: unknown) => e),
      db.tx((inner) => inner.query('SELECT 1')).catch((e: unknown) => e),
    ]);
    // A helper a few awaits deep is still inside the transaction's async context.
    const nested = await (async () => {
      await q.query('SELECT 1');
      return db.query('SELECT 2').catch((e: unknown) => e);
    })();
    const own = await q.query<{ n: number }>('SELECT 3 AS n');
    return { refusals: [...refusals, nested], own };
  });
  for (const r of seen.refusals) expect(r).toBeInstanceOf(OuterDbInTx);
  expect(told.map((e) => e.message)).toEqual([
    expect.stringContaining('db.query'),
    expect.stringContaining('db.exec'),
    expect.stringContaining('db.tx'),
    expect.stringContaining('db.query'),
  ]);
  expect(seen.own).toEqual([{ n: 3 }]);
});

/** A promise the test resolves. */
function opened(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { promise, open };
}

it('lets work left behind by a transaction use the db once it ended, and other callers meanwhile', async () => {
  told.length = 0;
  let later: Promise<unknown> = Promise.resolve();
  const gate = opened();
  const ended = opened();
  const held = db.tx(async (q) => {
    await q.query('SELECT 1');
    later = ended.promise.then(() => db.query<{ n: number }>('SELECT 4 AS n')); // started here, run after the commit
    await gate.promise;
  });
  // Outside the transaction's async context: waits for it (PGlite) or runs beside it (PostgreSQL), never refused.
  const other = db.query<{ n: number }>('SELECT 5 AS n');
  gate.open();
  await held;
  ended.open();
  expect(await other).toEqual([{ n: 5 }]);
  expect(await later).toEqual([{ n: 4 }]);
  expect(told).toEqual([]);
});

it('reports a transaction still open after the limit, with the stack that opened it, and not a quick one', async () => {
  stuck.length = 0;
  await db.tx((q) => q.query('SELECT 1'));
  const gate = opened();
  const held = db.tx(() => gate.promise); // opened on this line: the report's stack names this file
  await expect.poll(() => stuck.length, { timeout: slow(10_000) }).toBe(1);
  gate.open();
  await held;
  expect(stuck[0]?.message).toBe(`a transaction has been open for ${STUCK_MS} ms`);
  expect(stuck[0]?.stack).toContain('tx-guard.test.ts');
});
