// The ledger invariant every money test checks: for every user, the sum of the financial records equals the
// available balance, and neither balance is negative.
import type { AppContext } from '../../../server/core/app-context.ts';

export async function ledgerHolds(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  const broken = await ctx.db.query<{ user_id: number }>(
    `SELECT a.user_id FROM accounts a
       LEFT JOIN (SELECT user_id, sum(value) AS total FROM financial_records GROUP BY user_id) r ON r.user_id = a.user_id
      WHERE coalesce(r.total, 0) <> a.balance OR a.balance < 0 OR a.lock_balance < 0`,
  );
  return broken.length === 0;
}
