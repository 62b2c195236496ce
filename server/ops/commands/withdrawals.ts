// Operator actions on withdrawals: list requests, mark one paid (the frozen amount leaves the account; a value-0
// record tells the trader), or reject it with a reason (the frozen amount returns to the balance). A request is
// reviewed once: paying twice, or rejecting a paid one, is refused and changes nothing.
import { WithdrawStatus } from '../../../src/domain/wallet-types.ts';
import { trimZeros } from '../../../src/domain/decimal-text.ts';
import type { Queryable } from '../../db/db.ts';
import { announceAccountChange } from '../account-change.ts';
import { ApiError } from '../../http/envelope.ts';
import { wireTime } from '../../../src/domain/wire-time.ts';
import { move } from '../../ledger/ledger.ts';
import { exactMoneyText } from '../../../src/domain/money-text.ts';
import { RecordType } from '../../ledger/record-types.ts';
import { idArg, textArg } from '../args.ts';
import type { OpsCommand } from '../command.ts';
import { findUser } from './users.ts';

const LIST_LIMIT = 100;
/** `--status` as a number or as the words of `npm run ops -- list withdrawals --status pending|approved|rejected`. */
const STATUS_WORDS: Readonly<Record<string, number>> = {
  '0': WithdrawStatus.PENDING, pending: WithdrawStatus.PENDING,
  '1': WithdrawStatus.PAID, paid: WithdrawStatus.PAID, approved: WithdrawStatus.PAID,
  '2': WithdrawStatus.REJECTED, rejected: WithdrawStatus.REJECTED,
};

interface PendingWithdrawal {
  id: string;
  user_id: number;
  number: string;
  code: string;
}

async function pendingWithdrawal(q: Queryable, id: number): Promise<PendingWithdrawal> {
  const rows = await q.query<PendingWithdrawal & { status: number }>(
    `SELECT w.id, w.user_id, w.number, w.status, c.code FROM withdrawals w JOIN withdraw_currencies c ON c.id = w.currency_id
      WHERE w.id = $1 FOR UPDATE OF w`,
    [id],
  );
  const w = rows[0];
  if (!w) throw new ApiError('withdraw_not_found');
  if (w.status !== WithdrawStatus.PENDING) throw new ApiError('withdraw_not_pending');
  return w;
}

export const withdrawList: OpsCommand = {
  name: 'withdraw-list',
  summary: 'Withdrawal requests by status (default: pending), newest first',
  params: [
    { name: 'status', help: '0 pending, 1 paid, 2 rejected (or pending, paid/approved, rejected)', optional: true },
    { name: 'user', help: 'only this user (uid, e-mail, mobile or #id)', optional: true },
  ],
  async run(ctx, args) {
    const status = STATUS_WORDS[(args.status ?? '0').trim().toLowerCase()];
    if (status === undefined) throw new ApiError('field_invalid', undefined, { field: 'status' });
    const userId = args.user ? (await findUser(ctx.db, args.user)).id : null;
    const rows = await ctx.db.query<{
      id: string; uid: string; account: string; type: number; number: string; fee: string; real_number: string; code: string; protocol: string;
      address: string; payee_account: string; payee_name: string; bank_name: string; memo: string; status: number; created_at: string;
    }>(
      `SELECT w.id, u.uid, coalesce(u.email, u.mobile, '') AS account, w.type, w.number, w.fee, w.real_number, c.code, c.protocol, w.address, w.payee_account, w.payee_name,
              w.bank_name, w.memo, w.status, w.created_at
         FROM withdrawals w JOIN users u ON u.id = w.user_id JOIN withdraw_currencies c ON c.id = w.currency_id
        WHERE w.status = $1 AND ($2::int IS NULL OR w.user_id = $2::int)
        ORDER BY w.id DESC LIMIT ${LIST_LIMIT}`,
      [status, userId],
    );
    return rows.map((r) => ({
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
    }));
  },
};

export const withdrawPaid: OpsCommand = {
  name: 'withdraw-paid',
  summary: 'Mark a pending withdrawal paid out: its frozen amount leaves the account',
  params: [{ name: 'id', help: 'the withdrawal id' }],
  async run(ctx, args) {
    const id = idArg(args.id);
    const now = ctx.clock.now();
    const { userId, result } = await ctx.db.tx(async (q) => {
      const w = await pendingWithdrawal(q, id);
      await q.query('UPDATE withdrawals SET status = $2, reviewed_at = $3 WHERE id = $1', [id, WithdrawStatus.PAID, now]);
      const after = await move(q, w.user_id, {
        lock: `-${w.number}`,
        type: RecordType.WITHDRAW_PAID,
        memo: `#${id} ${w.code} ${exactMoneyText(w.number)} USD`,
        at: now,
        alwaysRecord: true,
      });
      return { userId: w.user_id, result: { id, status: WithdrawStatus.PAID, lock_balance: exactMoneyText(after.lock_balance) } };
    });
    announceAccountChange(ctx, userId, 'withdrawal');
    return result;
  },
};

export const withdrawReject: OpsCommand = {
  name: 'withdraw-reject',
  summary: 'Reject a pending withdrawal with the reason: its frozen amount returns to the balance',
  params: [
    { name: 'id', help: 'the withdrawal id' },
    { name: 'reason', help: 'shown to the trader in the withdrawal record' },
  ],
  async run(ctx, args) {
    const id = idArg(args.id);
    const reason = textArg(args.reason, 'reason', true);
    const now = ctx.clock.now();
    const { userId, result } = await ctx.db.tx(async (q) => {
      const w = await pendingWithdrawal(q, id);
      await q.query('UPDATE withdrawals SET status = $2, remark = $3, reviewed_at = $4 WHERE id = $1', [id, WithdrawStatus.REJECTED, reason, now]);
      const after = await move(q, w.user_id, {
        balance: w.number,
        lock: `-${w.number}`,
        type: RecordType.WITHDRAW_RELEASED,
        memo: `#${id} ${w.code}`,
        at: now,
      });
      const result = { id, status: WithdrawStatus.REJECTED, balance: exactMoneyText(after.balance), lock_balance: exactMoneyText(after.lock_balance) };
      return { userId: w.user_id, result };
    });
    announceAccountChange(ctx, userId, 'withdrawal');
    return result;
  },
};

export const WITHDRAW_COMMANDS: readonly OpsCommand[] = [withdrawList, withdrawPaid, withdrawReject];
