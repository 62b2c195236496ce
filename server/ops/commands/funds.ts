// Operator actions on funds: run the income job once now (it also runs on its own every few minutes), and list
// subscriptions.
import { ApiError } from '../../http/envelope.ts';
import { wireTime } from '../../../src/domain/wire-time.ts';
import { runFundIncome } from '../../funds/income-job.ts';
import { subscriptionsByStatus } from '../../funds/funds-repository.ts';
import { exactMoneyText } from '../../../src/domain/money-text.ts';
import type { OpsCommand } from '../command.ts';
import { findUser } from './users.ts';

export const fundRun: OpsCommand = {
  name: 'fund-run',
  summary: 'Pay every fund day that is due now (and return matured principals); safe to run any time',
  params: [],
  run: (ctx) => runFundIncome(ctx, ctx.fundDayMs),
};

export const fundSubscriptions: OpsCommand = {
  name: 'fund-subscriptions',
  summary: 'Fund subscriptions by status (default: 1 doing), newest first',
  params: [
    { name: 'status', help: '1 doing, 2 refunding, 3 refunded, 4 finished', optional: true },
    { name: 'user', help: 'only this user (uid, e-mail, mobile or #id)', optional: true },
  ],
  async run(ctx, args) {
    const status = args.status ?? '1';
    if (!/^[1-4]$/.test(status)) throw new ApiError('field_invalid', undefined, { field: 'status' });
    const userId = args.user ? (await findUser(ctx.db, args.user)).id : null;
    const rows = await subscriptionsByStatus(ctx.db, Number(status), userId, 100);
    return rows.map((r) => ({
      id: Number(r.id), uid: r.uid, fund: r.title, amount: exactMoneyText(r.share_amount), day_profit: r.day_profit,
      days: `${r.paid}/${r.lock_days}`, since: wireTime(r.sub_time),
    }));
  },
};

export const FUND_COMMANDS: readonly OpsCommand[] = [fundRun, fundSubscriptions];
