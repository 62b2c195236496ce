// Operator actions on withdrawals: list requests, mark one paid, or reject it with a reason. The money side (one
// transaction with its ledger record; a request is reviewed once) is the wallet's (server/wallet/withdrawal-review.ts);
// this file parses the operator's input and shapes the answer.
import { WithdrawStatus } from '../../../domain/wallet-types.ts';
import { trimZeros } from '../../../domain/decimal-text.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { exactMoneyText } from '../../../domain/format/money.ts';
import { withdrawalsByStatus } from '../../wallet/withdrawals-repository.ts';
import { payWithdrawal, rejectWithdrawal } from '../../wallet/withdrawal-review.ts';
import type { OpsCommand } from '../command.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { byId, decisionCommand } from './decision-command.ts';
import { listCommand, type StatusWords } from './list-command.ts';

/** `--status` as a number or as the words of `npm run ops -- list withdrawals --status pending|approved|rejected`. */
const STATUS_WORDS: StatusWords = {
  '0': WithdrawStatus.PENDING,
  pending: WithdrawStatus.PENDING,
  '1': WithdrawStatus.PAID,
  paid: WithdrawStatus.PAID,
  approved: WithdrawStatus.PAID,
  '2': WithdrawStatus.REJECTED,
  rejected: WithdrawStatus.REJECTED,
};

export const withdrawList = listCommand({
  name: 'withdraw-list',
  summary: 'Withdrawal requests by status (default: pending), newest first',
  statusHelp: '0 pending, 1 paid, 2 rejected (or pending, paid/approved, rejected)',
  statuses: STATUS_WORDS,
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
});

const WITHDRAWAL_ID = { name: 'id', help: 'the withdrawal id' };

export const withdrawPaid = decisionCommand({
  name: 'withdraw-paid',
  summary: 'Mark a pending withdrawal paid out: its frozen amount leaves the account',
  item: WITHDRAWAL_ID,
  find: byId,
  change: 'withdrawal',
  async decide(ctx, id) {
    const { userId, after, amount } = await payWithdrawal(ctx.db, id, ctx.clock.now());
    await notifyAccount(ctx, userId, 'withdrawal_paid', { amount, currency: 'USD' });
    return { userId, answer: { id, status: WithdrawStatus.PAID, lock_balance: exactMoneyText(after.lock_balance) } };
  },
});

export const withdrawReject = decisionCommand({
  name: 'withdraw-reject',
  summary: 'Reject a pending withdrawal with the reason: its frozen amount returns to the balance',
  item: WITHDRAWAL_ID,
  find: byId,
  reason: { name: 'reason', help: 'shown to the trader in the withdrawal record' },
  change: 'withdrawal',
  async decide(ctx, id, reason) {
    const { userId, after, amount } = await rejectWithdrawal(ctx.db, id, reason, ctx.clock.now());
    await notifyAccount(ctx, userId, 'withdrawal_rejected', { amount, currency: 'USD', reason });
    const answer = {
      id,
      status: WithdrawStatus.REJECTED,
      balance: exactMoneyText(after.balance),
      lock_balance: exactMoneyText(after.lock_balance),
    };
    return { userId, answer };
  },
});

export const WITHDRAW_COMMANDS: readonly OpsCommand[] = [withdrawList, withdrawPaid, withdrawReject];
