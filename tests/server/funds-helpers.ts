// Shared set-up of the fund tests: a server on a manual clock whose timers never fire (the tests run the income job
// by hand), real users credited through the ledger, and the ledger invariant for one user.
import type { Timers } from '../../server/context.ts';
import { move } from '../../server/ledger/ledger.ts';
import { RecordType } from '../../server/ledger/record-types.ts';
import { dec } from '../../src/domain/decimal.ts';
import type { FundPage, Subscription } from '../../src/domain/fund-types.ts';
import { expect } from 'vitest';
import { registerAndLogin, type ManualClock, type RegisteredUser, type TestServer } from './harness.ts';

export const idleTimers: Timers = {
  setInterval: () => 0, clearInterval: () => undefined, setTimeout: () => 0, clearTimeout: () => undefined,
};

export const DAY = 86_400_000;

/** Seeded funds by title (server/db/seeds/funds.ts). */
export async function fundId(server: TestServer, title: string): Promise<number> {
  const rows = await server.ctx.db.query<{ id: number }>('SELECT id FROM funds WHERE title = $1', [title]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no seeded fund ${title}`);
  return id;
}

/** A registered real user holding `amount` USD (a ledger move in a transaction, as an operator credit would). */
export async function creditedUser(server: TestServer, clock: ManualClock, amount: string): Promise<RegisteredUser> {
  const user = await registerAndLogin(server, { clock });
  await server.ctx.db.tx((q) => move(q, user.user.id, { balance: amount, type: RecordType.MEMO, memo: 'test credit', at: clock.now() }));
  return user;
}

export async function balanceOf(server: TestServer, userId: number): Promise<string> {
  const rows = await server.ctx.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE user_id = $1', [userId]);
  return dec(rows[0]?.balance ?? '0').toFixed();
}

/** sum(financial_records.value) = accounts.balance, and every running principal is out of the balance exactly once. */
export async function expectLedgerHolds(server: TestServer, userId: number): Promise<void> {
  const [rec] = await server.ctx.db.query<{ s: string }>(
    'SELECT COALESCE(sum(value), 0) AS s FROM financial_records WHERE user_id = $1', [userId],
  );
  expect(dec(rec?.s ?? '0').toFixed()).toBe(await balanceOf(server, userId));
  // Income items and their ledger records agree one to one.
  const [inc] = await server.ctx.db.query<{ n: string; s: string }>(
    `SELECT count(*) AS n, COALESCE(sum(i.interest), 0) AS s FROM fund_income i JOIN fund_subscriptions s ON s.id = i.sub_id
      WHERE s.user_id = $1`, [userId],
  );
  const [led] = await server.ctx.db.query<{ n: string; s: string }>(
    'SELECT count(*) AS n, COALESCE(sum(value), 0) AS s FROM financial_records WHERE user_id = $1 AND type = 42', [userId],
  );
  expect({ n: Number(led?.n), s: dec(led?.s ?? '0').toFixed() }).toEqual({ n: Number(inc?.n), s: dec(inc?.s ?? '0').toFixed() });
}

export async function subscriptions(user: RegisteredUser): Promise<Subscription[]> {
  const r = await user.client.get<FundPage<Subscription>>('/api/fund/subList', { page: 1 });
  expect(r.code).toBe(1);
  return r.data.data;
}
