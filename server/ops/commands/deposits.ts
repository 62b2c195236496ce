// Operator actions on deposits: list charges, approve one, reject or invalidate one, and credit an account
// directly. The money side (one transaction with its ledger record; a charge is reviewed once) is the wallet's
// (server/wallet/deposit-review.ts); this file parses the operator's input and shapes the answer.
import { chargeCredit } from '../../../domain/charge-credit.ts';
import { trimZeros } from '../../../domain/decimal-text.ts';
import { ApiError } from '../../http/envelope.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { exactMoneyText } from '../../../domain/format/money-text.ts';
import { ChargeStatus } from '../../../domain/wallet-types.ts';
import { uploadUrl } from '../../uploads/store.ts';
import { chargesByStatus, lockCharge } from '../../wallet/deposits-repository.ts';
import { approveCharge, closeCharge, creditAccount } from '../../wallet/deposit-review.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { announceAccountChange } from '../account-change.ts';
import { idArg, textArg, usdArg } from '../args.ts';
import { byId, decisionCommand } from './decision-command.ts';
import type { OpsCommand } from '../command.ts';
import { listCommand, statusDigits } from './list-command.ts';
import { findUser } from './users.ts';
import { insertApproval } from '../../staff/approvals-repository.ts';
import { needsSecondApproval } from '../../staff/four-eyes.ts';

const CHARGE_ID = { name: 'id', help: 'the charge id' };

export const chargeList = listCommand({
  name: 'charge-list',
  right: 'deposits',
  summary: 'Deposits by status (default: waiting for review), newest first',
  statusHelp: '0 unchecked, 1 finished, 2 rejected, 3 invalid',
  statuses: statusDigits(0, 3),
  fallback: '0',
  rows: chargesByStatus,
  show: (r) => ({
    id: Number(r.id),
    uid: r.uid,
    type: r.type === 0 ? 'coin' : 'bank',
    number: `${trimZeros(r.number, 0)} ${r.currency_code}`,
    usd: r.credited === null ? chargeCredit(r.number, r.usd_price) : exactMoneyText(r.credited),
    status: r.status,
    remark: r.remark,
    created_at: wireTime(r.created_at),
    proof: uploadUrl(r.proof_upload),
  }),
});

export const chargeApprove: OpsCommand = {
  name: 'charge-approve',
  right: 'deposits',
  summary: 'Approve a waiting deposit: credits its USD value (or the given amount) to the balance',
  params: [
    CHARGE_ID,
    { name: 'amount', help: 'USD to credit instead of number ÷ rate (e.g. a wire arrived short)', optional: true },
  ],
  before: async (q, args) => lockCharge(q, idArg(args.id)),
  async run(ctx, args) {
    const id = idArg(args.id);
    const given = args.amount === undefined ? null : usdArg(args.amount, 'amount');
    const { userId, credited, after } = await approveCharge(ctx.db, id, given, ctx.clock.now());
    announceAccountChange(ctx, userId, 'deposit');
    await notifyAccount(ctx, userId, 'deposit_credited', { amount: exactMoneyText(credited), currency: 'USD' });
    return {
      id,
      status: ChargeStatus.FINISHED,
      credited: exactMoneyText(credited),
      balance: exactMoneyText(after.balance),
    };
  },
};

function closeChargeCommand(name: string, status: number, summary: string, reasonRequired: boolean): OpsCommand {
  return decisionCommand({
    name,
    right: 'deposits',
    summary,
    item: CHARGE_ID,
    find: byId,
    reason: { name: 'reason', help: 'shown to the trader in the charge history', optional: !reasonRequired },
    change: 'deposit',
    decide: async (ctx, id, reason) => ({
      userId: await closeCharge(ctx.db, id, status, reason, ctx.clock.now()),
      answer: { id, status, remark: reason },
    }),
  });
}

export const chargeReject = closeChargeCommand(
  'charge-reject',
  ChargeStatus.REJECTED,
  'Reject a waiting deposit, with the reason',
  true,
);
export const chargeInvalid = closeChargeCommand(
  'charge-invalid',
  ChargeStatus.INVALID,
  'Mark a waiting deposit invalid (a duplicate, a test)',
  false,
);

export const userCredit: OpsCommand = {
  name: 'user-credit',
  right: 'credits',
  summary: 'Credit a real account with USD (ledger record "credit by customer service")',
  params: [
    { name: 'user', help: 'uid, e-mail, mobile number or #id' },
    { name: 'amount', help: 'USD, up to 2 decimals' },
    { name: 'memo', help: 'why (shown in the trader’s history)', optional: true },
  ],
  before: async (q, args) => findUser(q, args.user),
  async run(ctx, args, actor) {
    const user = await findUser(ctx.db, args.user);
    if (user.is_demo !== 0) throw new ApiError('real_account_required');
    const amount = usdArg(args.amount, 'amount');
    const memo = textArg(args.memo, 'memo', false);
    const text = exactMoneyText(amount);
    if (await needsSecondApproval(ctx.db, { currency: 'USD', value: text, usd: text })) {
      const approval = await insertApproval(ctx.db, {
        kind: 'user-credit',
        subjectId: user.id,
        params: { amount: text, memo },
        summary: `credit ${user.uid}: ${text} USD${memo ? ` (${memo})` : ''}`,
        firstStaffId: actor.staffId,
        now: ctx.clock.now(),
      });
      return { user: user.uid, credited: '0.00', waiting_for_second_approval: approval };
    }
    const after = await creditAccount(ctx.db, user.id, amount, memo, ctx.clock.now());
    announceAccountChange(ctx, user.id, 'balance');
    return { user: user.uid, credited: exactMoneyText(amount), balance: exactMoneyText(after.balance) };
  },
};

export const DEPOSIT_COMMANDS: readonly OpsCommand[] = [
  chargeList,
  chargeApprove,
  chargeReject,
  chargeInvalid,
  userCredit,
];
