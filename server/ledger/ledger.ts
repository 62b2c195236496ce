// The one place money moves: a conditional UPDATE of the account that refuses to go below zero, plus a
// financial record for every change to the available balance — inside the caller's transaction.
// Invariant: sum(financial_records.value) = accounts.balance for every user.
import { dec, exactText, type Dec, type DecInput } from '../../domain/decimal.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { RecordTypeValue } from './record-types.ts';
import { observeMovements } from './ledger-watch.ts';

export interface Movement {
  /** Change of the available balance (negative = take). */
  balance?: DecInput;
  /** Change of the locked balance (positive = freeze). */
  lock?: DecInput;
  type: RecordTypeValue;
  memo: string;
  /** ms epoch from the injected clock. */
  at: number;
  /** Write the record even when the available balance does not change (a paid withdrawal: value 0, memo only). */
  alwaysRecord?: boolean;
}

export interface AccountBalance {
  balance: string;
  lock_balance: string;
}

/** NUMERIC(24,8): 16 integer digits, 8 decimals. A delta that does not fit is a bug, not user input. */
function toSqlDecimal(v: DecInput | undefined): string {
  const d = dec(v ?? 0);
  if (!d.isFinite() || d.decimalPlaces() > 8 || d.abs().gte('1e16')) {
    throw new RangeError(`ledger amount out of range: ${d.toString()}`);
  }
  return exactText(d);
}

/** Creates the user's USD account (balance 0) if it does not exist yet. */
export async function openAccount(q: Queryable, userId: number, at: number): Promise<void> {
  await q.query(
    'INSERT INTO accounts (user_id, balance, lock_balance, updated_at) VALUES ($1, 0, 0, $2) ON CONFLICT (user_id) DO NOTHING',
    [userId, at],
  );
}

/** The balances of several users at once (the engine's periodic refresh of its cached balances). */
export function accountsOf(
  q: Queryable,
  userIds: readonly number[],
): Promise<Array<AccountBalance & { user_id: number }>> {
  return q.query('SELECT user_id, balance, lock_balance FROM accounts WHERE user_id = ANY($1)', [userIds]);
}

export async function getAccount(q: Queryable, userId: number): Promise<AccountBalance | undefined> {
  const rows = await q.query<AccountBalance>('SELECT balance, lock_balance FROM accounts WHERE user_id = $1', [userId]);
  return rows[0];
}

/**
 * Applies a movement atomically. Throws ApiError 'insufficient_balance' (and changes nothing) when the
 * available balance or the locked balance would go below zero. Returns the balances after the move.
 * One conditional statement checks and applies (moveAll), so two concurrent moves cannot both spend the same money.
 */
export function move(q: Queryable, userId: number, m: Movement): Promise<AccountBalance> {
  return moveAll(q, userId, [m]);
}

/**
 * Several movements of one account as one step: one conditional UPDATE by their sum that checks every intermediate
 * balance (so it refuses exactly when applying them one by one would), then one INSERT of their records, each with
 * the balance it left, in order. Two statements instead of two per movement: an order's margin and fee were four of
 * the submit's twelve (bench/README.md "Sections", `fanout`; the figures in its journal). Same rule as move(): nothing changes on a refusal.
 */
export async function moveAll(q: Queryable, userId: number, ms: readonly Movement[]): Promise<AccountBalance> {
  const last = ms[ms.length - 1];
  if (!last) throw new Error('moveAll needs at least one movement');
  observeMovements(userId, ms); // an ops command's declared money effect (server/ops/money-watch.ts)
  const deltas = ms.map((m) => ({ balance: toSqlDecimal(m.balance), lock: toSqlDecimal(m.lock) }));
  // Running sums after each movement: the account must stay at or above zero after every one of them, which is
  // the same as staying there after the lowest of them. The check is on the row's own columns only, like a single
  // move's: PostgreSQL re-evaluates it on the committed row when the UPDATE waited for a concurrent one (a subquery
  // over the movements there let two concurrent debits both pass: tests/server/db/db.test.ts, on PostgreSQL).
  let b = dec(0);
  let l = dec(0);
  let lowestB: Dec | null = null;
  let lowestL: Dec | null = null;
  const prefixB: string[] = [];
  for (const d of deltas) {
    b = b.plus(d.balance);
    l = l.plus(d.lock);
    if (lowestB === null || b.lt(lowestB)) lowestB = b;
    if (lowestL === null || l.lt(lowestL)) lowestL = l;
    prefixB.push(exactText(b));
  }
  const rows = await q.query<AccountBalance>(
    `UPDATE accounts
        SET balance = balance + $2::numeric, lock_balance = lock_balance + $3::numeric, updated_at = $4
      WHERE user_id = $1 AND balance + $5::numeric >= 0 AND lock_balance + $6::numeric >= 0
      RETURNING balance, lock_balance`,
    [userId, exactText(b), exactText(l), last.at, exactText(lowestB ?? b), exactText(lowestL ?? l)],
  );
  const after = rows[0];
  if (!after) {
    if (!(await getAccount(q, userId))) throw new Error(`no account for user ${userId}`);
    throw new ApiError('insufficient_balance');
  }
  const start = dec(after.balance).minus(b);
  const rec = {
    value: [] as string[],
    type: [] as number[],
    memo: [] as string[],
    after: [] as string[],
    at: [] as number[],
  };
  ms.forEach((m, i) => {
    const value = deltas[i]?.balance ?? '0';
    if (dec(value).isZero() && !m.alwaysRecord) return;
    rec.value.push(value);
    rec.type.push(m.type);
    rec.memo.push(m.memo);
    rec.after.push(exactText(start.plus(prefixB[i] ?? '0')));
    rec.at.push(m.at);
  });
  if (rec.value.length > 0) {
    await q.query(
      `INSERT INTO financial_records (user_id, value, type, memo, balance_after, created_at)
       SELECT $1, r.v, r.t, r.m, r.b, r.at
         FROM unnest($2::numeric[], $3::smallint[], $4::text[], $5::numeric[], $6::bigint[]) WITH ORDINALITY
           AS r(v, t, m, b, at, n)
        ORDER BY r.n`,
      [userId, rec.value, rec.type, rec.memo, rec.after, rec.at],
    );
  }
  return after;
}
