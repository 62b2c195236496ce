// The one place money moves, in the caller's transaction; invariant: sum(financial_records.value) = accounts.balance.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dec, exactText, type Dec, type DecInput } from '../../domain/decimal.ts';
import { queryOne, type Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { RecordTypeValue } from './record-types.ts';

export interface Movement {
  /** Negative takes. */
  balance?: DecInput;
  /** Positive freezes. */
  lock?: DecInput;
  type: RecordTypeValue;
  memo: string;
  at: number;
  /** Write the record even when the available balance does not change (a paid withdrawal: value 0, memo only). */
  alwaysRecord?: boolean;
}

export interface AccountBalance {
  balance: string;
  lock_balance: string;
}

/** NUMERIC(24,8) holds 16 integer digits: a delta that does not fit is a bug, not user input. */
const LEDGER_LIMIT = dec('1e16');

function checkedAmount(v: DecInput | undefined): Dec {
  const d = dec(v ?? 0);
  if (!d.isFinite() || d.decimalPlaces() > 8 || d.abs().gte(LEDGER_LIMIT)) {
    throw new RangeError(`ledger amount out of range: ${d.toString()}`);
  }
  return d;
}

export async function openAccount(q: Queryable, userId: number, at: number): Promise<void> {
  await q.query(
    'INSERT INTO accounts (user_id, balance, lock_balance, updated_at) VALUES ($1, 0, 0, $2) ON CONFLICT (user_id) DO NOTHING',
    [userId, at],
  );
}

export function accountsOf(
  q: Queryable,
  userIds: readonly number[],
): Promise<Array<AccountBalance & { user_id: number }>> {
  return q.query('SELECT user_id, balance, lock_balance FROM accounts WHERE user_id = ANY($1)', [userIds]);
}

export const getAccount = (q: Queryable, userId: number): Promise<AccountBalance | null> =>
  queryOne(q, 'SELECT balance, lock_balance FROM accounts WHERE user_id = $1', [userId]);

/** Throws 'insufficient_balance', changing nothing, if a balance would go below zero; one statement checks it all. */
export function move(q: Queryable, userId: number, m: Movement): Promise<AccountBalance> {
  return moveAll(q, userId, [m]);
}

/** Refuses exactly when applying the movements one by one would, in two statements instead of two per movement. */
export async function moveAll(q: Queryable, userId: number, ms: readonly Movement[]): Promise<AccountBalance> {
  const after = (await moveMany(q, [{ userId, ms }])).get(userId);
  if (!after) {
    if (!(await getAccount(q, userId))) throw new Error(`no account for user ${userId}`);
    throw new ApiError('insufficient_balance');
  }
  return after;
}

/** A refusal tests the lowest running sum. */
interface Summed {
  userId: number;
  ms: readonly Movement[];
  deltas: Dec[];
  prefixB: Dec[];
  b: string;
  l: string;
  lowestB: string;
  lowestL: string;
  at: number;
}

function summed(userId: number, ms: readonly Movement[]): Summed {
  const last = ms[ms.length - 1];
  if (!last) throw new Error('moveAll needs at least one movement');
  // An ops command's declared money effect (server/ops/money-watch.ts); outside any watch the ledger moves unobserved.
  current.getStore()?.(userId, ms);
  const deltas = ms.map((m) => ({ balance: checkedAmount(m.balance), lock: checkedAmount(m.lock) }));
  // The check stays on the row's own columns so PostgreSQL re-evaluates it after waiting on a concurrent UPDATE.
  let b = dec(0);
  let l = dec(0);
  let lowestB: Dec | null = null;
  let lowestL: Dec | null = null;
  const prefixB: Dec[] = [];
  for (const d of deltas) {
    b = b.plus(d.balance);
    l = l.plus(d.lock);
    if (lowestB === null || b.lt(lowestB)) lowestB = b;
    if (lowestL === null || l.lt(lowestL)) lowestL = l;
    prefixB.push(b);
  }
  return {
    userId,
    ms,
    deltas: deltas.map((d) => d.balance),
    b: exactText(b),
    l: exactText(l),
    lowestB: exactText(lowestB ?? b),
    lowestL: exactText(lowestL ?? l),
    prefixB,
    at: last.at,
  };
}

interface Records {
  user: number[];
  value: string[];
  type: number[];
  memo: string[];
  after: string[];
  at: number[];
}

const noRecords = (): Records => ({ user: [], value: [], type: [], memo: [], after: [], at: [] });

function recordsOf(s: Summed, after: AccountBalance, into: Records = noRecords()): Records {
  const start = dec(after.balance).minus(s.b);
  s.ms.forEach((m, i) => {
    const value = s.deltas[i] ?? dec(0);
    if (value.isZero() && !m.alwaysRecord) return;
    into.user.push(s.userId);
    into.value.push(exactText(value));
    into.type.push(m.type);
    into.memo.push(m.memo);
    into.after.push(exactText(start.plus(s.prefixB[i] ?? 0)));
    into.at.push(m.at);
  });
  return into;
}

async function insertRecords(q: Queryable, r: Records): Promise<void> {
  if (r.value.length === 0) return;
  await q.query(
    `INSERT INTO financial_records (user_id, value, type, memo, balance_after, created_at)
     SELECT r.u, r.v, r.t, r.m, r.b, r.at
       FROM unnest($1::int[], $2::numeric[], $3::smallint[], $4::text[], $5::numeric[], $6::bigint[]) WITH ORDINALITY
         AS r(u, v, t, m, b, at, n)
      ORDER BY r.n`,
    [r.user, r.value, r.type, r.memo, r.after, r.at],
  );
}

/** Refused or absent accounts are left out unchanged: the caller, holding their locks, decides on a rollback. */
export async function moveMany(
  q: Queryable,
  moves: ReadonlyArray<{ userId: number; ms: readonly Movement[] }>,
): Promise<Map<number, AccountBalance>> {
  const all = moves.map((m) => summed(m.userId, m.ms));
  const done = new Map<number, AccountBalance>();
  if (all.length === 0) return done;
  // The ANY lets the planner reach the accounts by key instead of hashing the whole table (no statistics on PGlite).
  const rows = await q.query<AccountBalance & { user_id: number }>(
    `UPDATE accounts a
        SET balance = a.balance + d.b, lock_balance = a.lock_balance + d.l, updated_at = d.at
       FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[], $6::bigint[])
         AS d(u, b, l, lb, ll, at)
      WHERE a.user_id = d.u AND a.user_id = ANY($1::int[]) AND a.balance + d.lb >= 0 AND a.lock_balance + d.ll >= 0
      RETURNING a.user_id, a.balance, a.lock_balance`,
    [
      all.map((s) => s.userId),
      all.map((s) => s.b),
      all.map((s) => s.l),
      all.map((s) => s.lowestB),
      all.map((s) => s.lowestL),
      all.map((s) => s.at),
    ],
  );
  for (const r of rows) done.set(Number(r.user_id), { balance: r.balance, lock_balance: r.lock_balance });
  const records = noRecords();
  for (const s of all) {
    const after = done.get(s.userId);
    if (after) recordsOf(s, after, records);
  }
  await insertRecords(q, records);
  return done;
}

// Lets the ops runner see, and refuse by throwing, every ledger movement made inside its work, however deep.
export interface WatchedMovement {
  balance?: DecInput;
  lock?: DecInput;
  type: RecordTypeValue;
}

export type LedgerObserver = (userId: number, movements: readonly WatchedMovement[]) => void;

const current = new AsyncLocalStorage<LedgerObserver>();

export const watchLedger = <T>(observer: LedgerObserver, work: () => Promise<T>): Promise<T> =>
  current.run(observer, work);
