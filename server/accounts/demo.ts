// A demo reset is one transaction: orders gone, starting balance back, nothing locked.
import type { Db, Queryable } from '../db/db.ts';
import type { AppContext } from '../core/app-context.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { ApiError } from '../http/envelope.ts';
import { getAccount, move, type AccountBalance } from '../ledger/ledger.ts';
import { DEMO_BALANCE, RecordType } from '../ledger/record-types.ts';
import { dec } from '../../domain/decimal.ts';
import { findUser, type UserRow } from '../auth/users.ts';
import { createUser } from './create-user.ts';

export const DEMO_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** Safe against two first calls racing; `beforeCreate` runs only inside the creating transaction. */
export async function demoUser(
  db: Db,
  demoId: string,
  now: number,
  beforeCreate?: (q: Queryable) => Promise<void>,
): Promise<UserRow> {
  const find = (q: Queryable): Promise<UserRow | undefined> => findUser(q, 'demo_id', demoId);
  const existing = await find(db);
  if (existing) return existing;
  try {
    return await db.tx(async (q) => {
      if (beforeCreate) await beforeCreate(q);
      const id = await createUser(q, { passwordHash: '', isDemo: true, demoId }, now);
      await move(q, id, { balance: DEMO_BALANCE, type: RecordType.DEMO_FUNDS, memo: 'Demo account funds', at: now });
      const row = await find(q);
      if (!row) throw new Error(`demo user ${id} vanished`);
      return row;
    });
  } catch (err) {
    // Lost a race with a concurrent first call for the same demo_id: theirs is the account.
    const raced = await find(db);
    if (raced) return raced;
    throw err;
  }
}

export async function resetDemoAccount(ctx: Pick<AppContext, 'db' | 'clock'>, user: UserRow): Promise<AccountBalance> {
  if (user.is_demo !== 1) throw new ApiError('demo_only');
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    // An engine drops deleted orders when it next meets them: a trigger finding no row, or the periodic reconcile.
    await q.query('DELETE FROM orders WHERE user_id = $1', [user.id]);
    const acc = await getAccount(q, user.id);
    if (!acc) throw new Error(`no account for demo user ${user.id}`);
    await move(q, user.id, {
      balance: dec(DEMO_BALANCE).minus(acc.balance),
      lock: dec(acc.lock_balance).neg(),
      type: RecordType.DEMO_RESET,
      memo: 'Demo account reset',
      at: now,
    });
  });
  const acc = await getAccount(ctx.db, user.id);
  return { balance: exactMoneyText(acc?.balance ?? '0'), lock_balance: exactMoneyText(acc?.lock_balance ?? '0') };
}
