// Demo accounts: bound to the client's demo_id, funded with DEMO_BALANCE through the ledger, resettable.
// The composition root hands resetDemo the steps other parts need (the engine's: clear the demo user's orders).
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getAccount, move } from '../ledger/ledger.ts';
import { DEMO_BALANCE, RecordType } from '../ledger/record-types.ts';
import { dec } from '../../domain/decimal.ts';
import { USER_COLUMNS, type UserRow } from '../auth/users.ts';
import { createUser } from './create-user.ts';

/** Runs inside the reset transaction before the balance is restored (e.g. delete the user's orders). */
export type DemoResetHook = (q: Queryable, userId: number, now: number) => Promise<void>;

export const DEMO_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The demo user bound to demoId, created (and funded) on first use. Safe against two first calls racing.
 * `beforeCreate` runs inside the creating transaction only (the caller's daily cap per address).
 */
export async function demoUser(
  db: Db,
  demoId: string,
  now: number,
  beforeCreate?: (q: Queryable) => Promise<void>,
): Promise<UserRow> {
  const find = async (q: Queryable): Promise<UserRow | undefined> =>
    (await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.demo_id = $1`, [demoId]))[0];
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

/** Clears the demo user's trading state (hooks) and restores the starting balance with nothing locked. */
export async function resetDemo(
  q: Queryable,
  user: UserRow,
  now: number,
  hooks: readonly DemoResetHook[],
): Promise<void> {
  if (user.is_demo !== 1) throw new ApiError('demo_only');
  for (const hook of hooks) await hook(q, user.id, now);
  const acc = await getAccount(q, user.id);
  if (!acc) throw new Error(`no account for demo user ${user.id}`);
  await move(q, user.id, {
    balance: dec(DEMO_BALANCE).minus(acc.balance),
    lock: dec(acc.lock_balance).neg(),
    type: RecordType.DEMO_RESET,
    memo: 'Demo account reset',
    at: now,
  });
}
