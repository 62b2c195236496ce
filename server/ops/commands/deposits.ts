// Operator actions on deposits: list charges, approve one (credits the balance with its ledger record in the same
// transaction; a charge is reviewed once, so approving twice credits once), reject or invalidate one, and credit
// an account directly (a correction or a transfer that arrived without a charge).
import { chargeCredit } from '../../../src/domain/charge-credit.ts';
import { dec, fixed } from '../../../src/domain/decimal.ts';
import { trimZeros } from '../../../src/domain/decimal-text.ts';
import { ChargeStatus } from '../../../src/domain/wallet-types.ts';
import type { Queryable } from '../../db/db.ts';
import { announceAccountChange } from '../account-change.ts';
import { ApiError } from '../../http/envelope.ts';
import { wireTime } from '../../../src/domain/wire-time.ts';
import { move } from '../../ledger/ledger.ts';
import { exactMoneyText } from '../../../src/domain/money-text.ts';
import { RecordType } from '../../ledger/record-types.ts';
import { uploadUrl } from '../../uploads/store.ts';
import { idArg, textArg, usdArg } from '../args.ts';
import type { OpsCommand } from '../command.ts';
import { findUser } from './users.ts';

const LIST_LIMIT = 100;

interface PendingCharge {
  id: string;
  user_id: number;
  number: string;
  currency_code: string;
  usd_price: string;
  status: number;
}

/** The charge, locked for this transaction, when it still waits for review. */
async function pendingCharge(q: Queryable, id: number): Promise<PendingCharge> {
  const rows = await q.query<PendingCharge>(
    'SELECT id, user_id, number, currency_code, usd_price, status FROM charges WHERE id = $1 FOR UPDATE',
    [id],
  );
  const charge = rows[0];
  if (!charge) throw new ApiError('charge_not_found');
  if (charge.status !== ChargeStatus.UNCHECKED) throw new ApiError('charge_not_pending');
  return charge;
}

export const chargeList: OpsCommand = {
  name: 'charge-list',
  summary: 'Deposits by status (default: waiting for review), newest first',
  params: [
    { name: 'status', help: '0 unchecked, 1 finished, 2 rejected, 3 invalid', optional: true },
    { name: 'user', help: 'only this user (uid, e-mail, mobile or #id)', optional: true },
  ],
  async run(ctx, args) {
    const status = args.status ?? '0';
    if (!/^[0-3]$/.test(status)) throw new ApiError('field_invalid', undefined, { field: 'status' });
    const userId = args.user ? (await findUser(ctx.db, args.user)).id : null;
    const rows = await ctx.db.query<{
      id: string; uid: string; type: number; number: string; currency_code: string; usd_price: string; credited: string | null;
      status: number; remark: string; created_at: string; proof_upload: string;
    }>(
      `SELECT c.id, u.uid, c.type, c.number, c.currency_code, c.usd_price, c.credited, c.status, c.remark, c.created_at, c.proof_upload
         FROM charges c JOIN users u ON u.id = c.user_id
        WHERE c.status = $1 AND ($2::int IS NULL OR c.user_id = $2::int)
        ORDER BY c.id DESC LIMIT ${LIST_LIMIT}`,
      [Number(status), userId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      uid: r.uid,
      type: r.type === 0 ? 'coin' : 'bank',
      number: `${trimZeros(r.number, 0)} ${r.currency_code}`,
      usd: r.credited === null ? chargeCredit(r.number, r.usd_price) : exactMoneyText(r.credited),
      status: r.status,
      remark: r.remark,
      created_at: wireTime(r.created_at),
      proof: uploadUrl(r.proof_upload),
    }));
  },
};

export const chargeApprove: OpsCommand = {
  name: 'charge-approve',
  summary: 'Approve a waiting deposit: credits its USD value (or the given amount) to the balance',
  params: [
    { name: 'id', help: 'the charge id' },
    { name: 'amount', help: 'USD to credit instead of number ÷ rate (e.g. a wire arrived short)', optional: true },
  ],
  async run(ctx, args) {
    const id = idArg(args.id);
    const given = args.amount === undefined ? null : usdArg(args.amount, 'amount');
    const now = ctx.clock.now();
    const { userId, result } = await ctx.db.tx(async (q) => {
      const charge = await pendingCharge(q, id);
      const credit = given ? fixed(given, 2) : chargeCredit(charge.number, charge.usd_price);
      if (dec(credit).lte(0)) throw new ApiError('amount_invalid');
      await q.query('UPDATE charges SET status = $2, credited = $3, reviewed_at = $4 WHERE id = $1', [id, ChargeStatus.FINISHED, credit, now]);
      const after = await move(q, charge.user_id, {
        balance: credit,
        type: RecordType.DEPOSIT,
        memo: `#${id} ${trimZeros(charge.number, 0)} ${charge.currency_code}`,
        at: now,
      });
      const result = { id, status: ChargeStatus.FINISHED, credited: exactMoneyText(credit), balance: exactMoneyText(after.balance) };
      return { userId: charge.user_id, result };
    });
    announceAccountChange(ctx, userId, 'deposit');
    return result;
  },
};

function closeCharge(name: string, status: number, summary: string, reasonRequired: boolean): OpsCommand {
  return {
    name,
    summary,
    params: [
      { name: 'id', help: 'the charge id' },
      { name: 'reason', help: 'shown to the trader in the charge history', optional: !reasonRequired },
    ],
    async run(ctx, args) {
      const id = idArg(args.id);
      const reason = textArg(args.reason, 'reason', reasonRequired);
      const userId = await ctx.db.tx(async (q) => {
        const charge = await pendingCharge(q, id);
        await q.query('UPDATE charges SET status = $2, remark = $3, reviewed_at = $4 WHERE id = $1', [id, status, reason, ctx.clock.now()]);
        return charge.user_id;
      });
      announceAccountChange(ctx, userId, 'deposit');
      return { id, status, remark: reason };
    },
  };
}

export const chargeReject = closeCharge('charge-reject', ChargeStatus.REJECTED, 'Reject a waiting deposit, with the reason', true);
export const chargeInvalid = closeCharge('charge-invalid', ChargeStatus.INVALID, 'Mark a waiting deposit invalid (a duplicate, a test)', false);

export const userCredit: OpsCommand = {
  name: 'user-credit',
  summary: 'Credit a real account with USD (ledger record "credit by customer service")',
  params: [
    { name: 'user', help: 'uid, e-mail, mobile number or #id' },
    { name: 'amount', help: 'USD, up to 2 decimals' },
    { name: 'memo', help: 'why (shown in the trader’s history)', optional: true },
  ],
  async run(ctx, args) {
    const user = await findUser(ctx.db, args.user);
    if (user.is_demo !== 0) throw new ApiError('real_account_required');
    const amount = usdArg(args.amount, 'amount');
    const memo = textArg(args.memo, 'memo', false);
    const after = await ctx.db.tx((q) =>
      move(q, user.id, { balance: fixed(amount, 2), type: RecordType.OPERATOR_CREDIT, memo, at: ctx.clock.now() }),
    );
    announceAccountChange(ctx, user.id, 'balance');
    return { user: user.uid, credited: exactMoneyText(amount), balance: exactMoneyText(after.balance) };
  },
};

export const DEPOSIT_COMMANDS: readonly OpsCommand[] = [chargeList, chargeApprove, chargeReject, chargeInvalid, userCredit];
