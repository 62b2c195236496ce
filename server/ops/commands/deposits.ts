// The money side is the wallet's (server/wallet/deposit-review.ts); this parses the operator's input.
import { chargeCredit } from '../../../domain/charge-credit.ts';
import { trimZeros } from '../../../domain/decimal-text.ts';
import type { DecInput } from '../../../domain/decimal.ts';
import { ApiError } from '../../http/envelope.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { exactMoneyText } from '../../../domain/format/money-text.ts';
import { ChargeStatus } from '../../../domain/wallet-types.ts';
import { uploadUrl } from '../../uploads/store.ts';
import { chargesByStatus, lockCharge } from '../../wallet/deposits-repository.ts';
import { approveCharge, chargeToCredit, closeCharge, creditAccount } from '../../wallet/deposit-review.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { idArg, textArg, usdArg } from '../args.ts';
import type { Queryable } from '../../db/db.ts';
import { announceAccountChange, type MovingCommand, type OpsArgs, type OpsCommand } from '../command.ts';
import { listCommand, statusDigits } from './list-command.ts';
import { findUser } from './users.ts';
import { dropWaitingApproval } from './approvals.ts';

const CHARGE_ID = { name: 'id', help: 'the charge id' };

const givenAmount = (args: OpsArgs): DecInput | null =>
  args.amount === undefined ? null : usdArg(args.amount, 'amount');

function closeChargeCommand(name: string, status: number, summary: string, reasonRequired: boolean): OpsCommand {
  return {
    name,
    right: 'deposits',
    summary,
    params: [
      CHARGE_ID,
      { name: 'reason', help: 'shown to the trader in the charge history', optional: !reasonRequired },
    ],
    async run(ctx, args) {
      const id = idArg(args.id);
      const reason = textArg(args.reason, 'reason', reasonRequired);
      const userId = await closeCharge(ctx.db, id, status, reason, ctx.clock.now());
      await dropWaitingApproval(ctx, 'charge-approve', id);
      announceAccountChange(ctx, userId, 'deposit');
      return { id, status, remark: reason };
    },
  };
}

/** Real accounts only. */
async function creditArgs(q: Queryable, args: OpsArgs) {
  const user = await findUser(q, args.user);
  if (user.is_demo !== 0) throw new ApiError('real_account_required');
  return { user, amount: exactMoneyText(usdArg(args.amount, 'amount')), memo: textArg(args.memo, 'memo', false) };
}

export const userCredit: MovingCommand = {
  name: 'user-credit',
  right: 'credits',
  money: 'moves',
  summary: 'Credit a real account with USD (ledger record "credit by customer service")',
  params: [
    { name: 'user', help: 'uid, e-mail, mobile number or #id' },
    { name: 'amount', help: 'USD, up to 2 decimals' },
    { name: 'memo', help: 'why (shown in the trader’s history)', optional: true },
  ],
  before: async (q, args) => findUser(q, args.user),
  async movement(ctx, args) {
    const { user, amount, memo } = await creditArgs(ctx.db, args);
    return {
      userId: user.id,
      usd: amount,
      currency: 'USD',
      value: amount,
      summary: `credit ${user.uid}: ${amount} USD${memo ? ` (${memo})` : ''}`,
      waiting: 'balance',
    };
  },
  async run(ctx, args) {
    const { user, amount, memo } = await creditArgs(ctx.db, args);
    const after = await creditAccount(ctx.db, user.id, amount, memo, ctx.clock.now());
    announceAccountChange(ctx, user.id, 'balance');
    return { user: user.uid, credited: exactMoneyText(amount), balance: exactMoneyText(after.balance) };
  },
};

export const DEPOSIT_COMMANDS: readonly OpsCommand[] = [
  listCommand({
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
  }),
  {
    name: 'charge-approve',
    right: 'deposits',
    money: 'moves',
    summary: 'Approve a waiting deposit: credits its USD value (or the given amount) to the balance',
    params: [
      CHARGE_ID,
      { name: 'amount', help: 'USD to credit instead of number ÷ rate (e.g. a wire arrived short)', optional: true },
    ],
    before: async (q, args) => lockCharge(q, idArg(args.id)),
    async movement(ctx, args) {
      const id = idArg(args.id);
      const { charge, credited } = await chargeToCredit(ctx.db, id, givenAmount(args));
      const amount = exactMoneyText(credited);
      return {
        userId: charge.user_id,
        usd: credited,
        currency: 'USD',
        value: credited,
        item: id,
        summary: `deposit #${id} (${trimZeros(charge.number, 0)} ${charge.currency_code}): credit ${amount} USD`,
        waiting: 'deposit',
      };
    },
    async run(ctx, args) {
      const id = idArg(args.id);
      const { userId, credited, after } = await approveCharge(ctx.db, id, givenAmount(args), ctx.clock.now());
      announceAccountChange(ctx, userId, 'deposit');
      await notifyAccount(ctx, userId, 'deposit_credited', { amount: exactMoneyText(credited), currency: 'USD' });
      return {
        id,
        status: ChargeStatus.FINISHED,
        credited: exactMoneyText(credited),
        balance: exactMoneyText(after.balance),
      };
    },
  },
  closeChargeCommand('charge-reject', ChargeStatus.REJECTED, 'Reject a waiting deposit, with the reason', true),
  closeChargeCommand(
    'charge-invalid',
    ChargeStatus.INVALID,
    'Mark a waiting deposit invalid (a duplicate, a test)',
    false,
  ),
  userCredit,
];
