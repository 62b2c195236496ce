// A demo user's reset (docs/contract.md §7 account routes): its trading state cleared and its starting balance back,
// in one transaction; the answer is the balance as the wallet shows it.
import type { AppContext } from '../core/app-context.ts';
import type { UserRow } from '../auth/users.ts';
import { getAccount } from '../ledger/ledger.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { resetDemo } from './demo.ts';

export interface DemoBalance {
  balance: string;
  lock_balance: string;
}

/** 'demo_only' for a real account (resetDemo checks it inside the transaction). */
export async function resetDemoAccount(
  ctx: Pick<AppContext, 'db' | 'clock' | 'demoResetHooks'>,
  user: UserRow,
): Promise<DemoBalance> {
  const now = ctx.clock.now();
  await ctx.db.tx((q) => resetDemo(q, user, now, ctx.demoResetHooks));
  const acc = await getAccount(ctx.db, user.id);
  return { balance: exactMoneyText(acc?.balance ?? '0'), lock_balance: exactMoneyText(acc?.lock_balance ?? '0') };
}
