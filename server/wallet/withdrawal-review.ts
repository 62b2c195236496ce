// The operator's review of withdrawals; a request is reviewed once, so paying twice is refused and changes nothing.
import { WithdrawStatus } from '../../domain/wallet-types.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { move, type AccountBalance } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { lockWithdrawal, markWithdrawalReviewed, type ReviewWithdrawal } from './withdrawals-repository.ts';

/** Locked for this transaction. */
export async function pendingWithdrawal(q: Queryable, id: number): Promise<ReviewWithdrawal> {
  const w = await lockWithdrawal(q, id);
  if (!w) throw new ApiError('withdraw_not_found');
  if (w.status !== WithdrawStatus.PENDING) throw new ApiError('withdraw_not_pending');
  return w;
}

/** The owner's notice names the USD amount. */
export interface Reviewed {
  userId: number;
  after: AccountBalance;
  amount: string;
}

/** A value-0 record tells the trader. */
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
