// The operator's review of deposits; a charge is reviewed once, so approving twice credits once.
import { chargeCredit } from '../../domain/charge-credit.ts';
import { dec, fixed, type DecInput } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import { ChargeStatus } from '../../domain/wallet-types.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { move, type AccountBalance } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { lockCharge, markChargeReviewed, type ReviewCharge } from './deposits-repository.ts';

/** Locked for this transaction. */
async function pendingCharge(q: Queryable, id: number): Promise<ReviewCharge> {
  const charge = await lockCharge(q, id);
  if (!charge) throw new ApiError('charge_not_found');
  if (charge.status !== ChargeStatus.UNCHECKED) throw new ApiError('charge_not_pending');
  return charge;
}

/** Locked; credits `given` USD, or its number ÷ rate. */
export async function chargeToCredit(
  q: Queryable,
  id: number,
  given: DecInput | null,
): Promise<{ charge: ReviewCharge; credited: string }> {
  const charge = await pendingCharge(q, id);
  const credited = given ? fixed(given, 2) : chargeCredit(charge.number, charge.usd_price);
  if (dec(credited).lte(0)) throw new ApiError('amount_invalid');
  return { charge, credited };
}

export function approveCharge(
  db: Db,
  id: number,
  given: DecInput | null,
  now: number,
): Promise<{ userId: number; credited: string; after: AccountBalance }> {
  return db.tx(async (q) => {
    const { charge, credited } = await chargeToCredit(q, id, given);
    await markChargeReviewed(q, id, { status: ChargeStatus.FINISHED, credited }, now);
    const after = await move(q, charge.user_id, {
      balance: credited,
      type: RecordType.DEPOSIT,
      memo: `#${id} ${trimZeros(charge.number, 0)} ${charge.currency_code}`,
      at: now,
    });
    return { userId: charge.user_id, credited, after };
  });
}

/** Rejected or invalid, with the remark the trader reads; answers whose. */
export function closeCharge(db: Db, id: number, status: number, remark: string, now: number): Promise<number> {
  return db.tx(async (q) => {
    const charge = await pendingCharge(q, id);
    await markChargeReviewed(q, id, { status, remark }, now);
    return charge.user_id;
  });
}

/** "Credit by customer service": a correction or a transfer that came without a charge. */
export function creditAccount(
  db: Db,
  userId: number,
  amount: DecInput,
  memo: string,
  now: number,
): Promise<AccountBalance> {
  return db.tx((q) => move(q, userId, { balance: fixed(amount, 2), type: RecordType.OPERATOR_CREDIT, memo, at: now }));
}
