// The second approvals (docs/back-office.md "Four eyes"): finance lists what waits, gives the second approval (never
// the member who gave the first), or drops a request. Giving it makes the payment or the credit, in the same
// transaction as the approval's audit row.
import { wireTime } from '../../../domain/wire-time.ts';
import { exactMoneyText } from '../../../domain/format/money-text.ts';
import { WithdrawStatus } from '../../../domain/wallet-types.ts';
import { ApiError } from '../../http/envelope.ts';
import { closeApproval, lockApproval, waitingApprovals } from '../../staff/approvals-repository.ts';
import { assertSecondPerson } from '../../staff/four-eyes.ts';
import { creditAccount } from '../../wallet/deposit-review.ts';
import { payWithdrawal } from '../../wallet/withdrawal-review.ts';
import { notifyAccount } from '../../notify/account-notices.ts';
import { announceAccountChange } from '../account-change.ts';
import { idArg } from '../args.ts';
import type { OpsCommand, OpsParam } from '../command.ts';

const APPROVAL_ID: OpsParam = { name: 'id', help: 'the approval id (approval-list)' };

export const approvalList: OpsCommand = {
  name: 'approval-list',
  right: 'withdrawals',
  summary: 'Payments and credits waiting for a second finance approval, oldest first',
  params: [],
  async run(ctx) {
    return (await waitingApprovals(ctx.db, 100)).map((a) => ({
      id: a.id,
      kind: a.kind,
      what: a.summary,
      first_by: a.first_by ?? '',
      first_at: wireTime(a.first_at),
    }));
  },
};

async function waiting(ctx: Parameters<OpsCommand['run']>[0], raw: string | undefined) {
  const a = await lockApproval(ctx.db, idArg(raw));
  if (!a) throw new ApiError('not_found');
  if (a.status !== 'waiting') throw new ApiError('staff.approval_done');
  return a;
}

export const approvalGive: OpsCommand = {
  name: 'approval-give',
  right: 'withdrawals',
  summary: 'Give the second approval (you cannot approve what you asked for): the payment or credit is made now',
  params: [APPROVAL_ID],
  async run(ctx, args, actor) {
    const a = await waiting(ctx, args.id);
    assertSecondPerson(a, actor);
    const now = ctx.clock.now();
    await closeApproval(ctx.db, a.id, 'approved', actor.staffId, now);
    const subject = Number(a.subject_id);
    if (a.kind === 'withdraw-paid') {
      const { userId, after, amount } = await payWithdrawal(ctx.db, subject, now);
      await notifyAccount(ctx, userId, 'withdrawal_paid', { amount, currency: 'USD' });
      announceAccountChange(ctx, userId, 'withdrawal');
      return {
        approval: a.id,
        first_by: a.first_by,
        withdrawal: subject,
        status: WithdrawStatus.PAID,
        lock_balance: exactMoneyText(after.lock_balance),
      };
    }
    const p = JSON.parse(a.params) as { amount: string; memo: string };
    const after = await creditAccount(ctx.db, subject, p.amount, p.memo, now);
    announceAccountChange(ctx, subject, 'balance');
    return { approval: a.id, first_by: a.first_by, credited: p.amount, balance: exactMoneyText(after.balance) };
  },
};

export const approvalDrop: OpsCommand = {
  name: 'approval-drop',
  right: 'withdrawals',
  summary: 'Drop a waiting approval: nothing is paid or credited (a withdrawal stays pending)',
  params: [APPROVAL_ID],
  async run(ctx, args) {
    const a = await waiting(ctx, args.id);
    await closeApproval(ctx.db, a.id, 'dropped', null, ctx.clock.now());
    return { approval: a.id, status: 'dropped' };
  },
};

export const APPROVAL_COMMANDS: readonly OpsCommand[] = [approvalList, approvalGive, approvalDrop];
