// The operator's review of deposits, as money movements: approving a charge credits its USD value with its ledger
// record in one transaction (a charge is reviewed once, so approving twice credits once); rejecting or invalidating
// one moves nothing; a direct credit (a correction, a transfer that came without a charge) is one ledger move.
// The ops commands (server/ops/commands/deposits.ts) parse the operator's input and call these.
import { chargeCredit } from '../../domain/charge-credit.ts';
import { dec, fixed, type DecInput } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import { ChargeStatus } from '../../domain/wallet-types.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { move, type AccountBalance } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { lockCharge, markChargeReviewed, type ReviewCharge } from './deposits-repository.ts';

/** The charge, locked for this transaction, when it still waits for review. */
async function pendingCharge(q: Queryable, id: number): Promise<ReviewCharge> {
  const charge = await lockCharge(q, id);
  if (!charge) throw new ApiError('charge_not_found');
  if (charge.status !== ChargeStatus.UNCHECKED) throw new ApiError('charge_not_pending');
  return charge;
}

/** A waiting charge, locked, and what approving it would credit: `given` USD, or its number ÷ rate. */
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

/** Approves a waiting charge: credits `given` USD, or its number ÷ rate, and records the deposit. */
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

/** Closes a waiting charge without a credit (rejected or invalid), with the remark the trader reads; answers whose. */
export function closeCharge(db: Db, id: number, status: number, remark: string, now: number): Promise<number> {
  return db.tx(async (q) => {
    const charge = await pendingCharge(q, id);
    await markChargeReviewed(q, id, { status, remark }, now);
    return charge.user_id;
  });
}

/** Credits a real account directly ("credit by customer service"), with its ledger record. */
export function creditAccount(
  db: Db,
  userId: number,
  amount: DecInput,
  memo: string,
  now: number,
): Promise<AccountBalance> {
  return db.tx((q) => move(q, userId, { balance: fixed(amount, 2), type: RecordType.OPERATOR_CREDIT, memo, at: now }));
}
