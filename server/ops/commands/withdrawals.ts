// The money side is the wallet's (server/wallet/withdrawal-review.ts); this parses the operator's input.
import { WithdrawStatus } from '../../../domain/wallet-types.ts';
import { trimZeros } from '../../../domain/decimal-text.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { exactMoneyText } from '../../../domain/format/money-text.ts';
import { payWithdrawal, pendingWithdrawal, rejectWithdrawal } from '../../wallet/withdrawal-review.ts';
import { announceAccountChange, type MovingCommand, type OpsCommand } from '../command.ts';
import { lockWithdrawal, withdrawalsByStatus } from '../../wallet/withdrawals-repository.ts';
import { dropWaitingApproval } from './approvals.ts';
import { idArg, textArg } from '../args.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { listCommand } from './list-command.ts';

const WITHDRAWAL_ID = { name: 'id', help: 'the withdrawal id' };

export const withdrawPaid: MovingCommand = {
  name: 'withdraw-paid',
  right: 'withdrawals',
  money: 'moves',
  summary:
    'Mark a pending withdrawal paid out: its frozen amount leaves the account (at the four-eyes threshold, the ' +
    'first call asks for a second approval: the same command or approval-give by another finance member pays it)',
  params: [WITHDRAWAL_ID],
  before: async (q, args) => lockWithdrawal(q, idArg(args.id)),
  async movement(ctx, args) {
    const id = idArg(args.id);
    const w = await pendingWithdrawal(ctx.db, id);
    return {
      userId: w.user_id,
      usd: w.number,
      currency: w.code,
      value: w.real_number,
      item: id,
      summary: `withdrawal #${id}: ${exactMoneyText(w.number)} USD (${trimZeros(w.real_number, 2)} ${w.code})`,
      waiting: 'withdrawal',
    };
  },
  async run(ctx, args) {
    const id = idArg(args.id);
    const { userId, after, amount } = await payWithdrawal(ctx.db, id, ctx.clock.now());
    await notifyAccount(ctx, userId, 'withdrawal_paid', { amount, currency: 'USD' });
    announceAccountChange(ctx, userId, 'withdrawal');
    return { id, status: WithdrawStatus.PAID, lock_balance: exactMoneyText(after.lock_balance) };
  },
};

export const withdrawReject: OpsCommand = {
  name: 'withdraw-reject',
  right: 'withdrawals',
  money: 'returns',
  summary: 'Reject a pending withdrawal with the reason: its frozen amount returns to the balance',
  params: [WITHDRAWAL_ID, { name: 'reason', help: 'shown to the trader in the withdrawal record' }],
  async run(ctx, args) {
    const id = idArg(args.id);
    const reason = textArg(args.reason, 'reason', true);
    const { userId, after, amount } = await rejectWithdrawal(ctx.db, id, reason, ctx.clock.now());
    await notifyAccount(ctx, userId, 'withdrawal_rejected', { amount, currency: 'USD', reason });
    await dropWaitingApproval(ctx, 'withdraw-paid', id);
    announceAccountChange(ctx, userId, 'withdrawal');
    return {
      id,
      status: WithdrawStatus.REJECTED,
      balance: exactMoneyText(after.balance),
      lock_balance: exactMoneyText(after.lock_balance),
    };
  },
};

export const WITHDRAW_COMMANDS: readonly OpsCommand[] = [
  listCommand({
    name: 'withdraw-list',
    right: 'withdrawals',
    summary: 'Withdrawal requests by status (default: pending), newest first',
    statusHelp: '0 pending, 1 paid, 2 rejected (or pending, paid/approved, rejected)',
    statuses: {
      '0': WithdrawStatus.PENDING,
      pending: WithdrawStatus.PENDING,
      '1': WithdrawStatus.PAID,
      paid: WithdrawStatus.PAID,
      approved: WithdrawStatus.PAID,
      '2': WithdrawStatus.REJECTED,
      rejected: WithdrawStatus.REJECTED,
    },
    fallback: '0',
    rows: withdrawalsByStatus,
    show: (r) => ({
      id: Number(r.id),
      uid: r.uid,
      account: r.account,
      number: exactMoneyText(r.number), // USD taken from the balance
      fee: exactMoneyText(r.fee),
      pay: `${trimZeros(r.real_number, 2)} ${r.code}${r.protocol ? ` (${r.protocol})` : ''}`,
      to: r.type === 1 ? r.address : `${r.bank_name} ${r.payee_name} ${r.payee_account}`,
      memo: r.memo,
      status: r.status,
      created_at: wireTime(r.created_at),
    }),
  }),
  withdrawPaid,
  withdrawReject,
];
