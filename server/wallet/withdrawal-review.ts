// The operator's review of withdrawals, as money movements: paying one lets its frozen amount leave the account (a
// value-0 record tells the trader); rejecting one returns the frozen amount to the balance. A request is reviewed
// once: paying twice, or rejecting a paid one, is refused and changes nothing. Each is one transaction with its
// ledger record. The ops commands (server/ops/commands/withdrawals.ts) parse the operator's input and call these.
import { WithdrawStatus } from '../../domain/wallet-types.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { move, type AccountBalance } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { lockWithdrawal, markWithdrawalReviewed, type ReviewWithdrawal } from './withdrawals-repository.ts';

async function pendingWithdrawal(q: Queryable, id: number): Promise<ReviewWithdrawal> {
  const w = await lockWithdrawal(q, id);
  if (!w) throw new ApiError('withdraw_not_found');
  if (w.status !== WithdrawStatus.PENDING) throw new ApiError('withdraw_not_pending');
  return w;
}

/** A reviewed request's owner, their balances after it, and its USD amount (the owner's notice names it). */
export interface Reviewed {
  userId: number;
  after: AccountBalance;
  amount: string;
}

/** Marks a pending withdrawal paid out: its frozen amount leaves the account. Returns the owner and balances. */
export function payWithdrawal(db: Db, id: number, now: number): Promise<Reviewed> {
  return db.tx(async (q) => {
    const w = await pendingWithdrawal(q, id);
    await markWithdrawalReviewed(q, id, WithdrawStatus.PAID, null, now);
    const after = await move(q, w.user_id, {
      lock: `-${w.number}`,
      type: RecordType.WITHDRAW_PAID,
      memo: `#${id} ${w.code} ${exactMoneyText(w.number)} USD`,
      at: now,
      alwaysRecord: true,
    });
    return { userId: w.user_id, after, amount: exactMoneyText(w.number) };
  });
}

/** Rejects a pending withdrawal with the reason: its frozen amount returns to the balance. */
export function rejectWithdrawal(db: Db, id: number, reason: string, now: number): Promise<Reviewed> {
  return db.tx(async (q) => {
    const w = await pendingWithdrawal(q, id);
    await markWithdrawalReviewed(q, id, WithdrawStatus.REJECTED, reason, now);
    const after = await move(q, w.user_id, {
      balance: w.number,
      lock: `-${w.number}`,
      type: RecordType.WITHDRAW_RELEASED,
      memo: `#${id} ${w.code}`,
      at: now,
    });
    return { userId: w.user_id, after, amount: exactMoneyText(w.number) };
  });
}
