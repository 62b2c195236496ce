import { wireTime } from '../../../domain/wire-time.ts';
import { runFundIncome } from '../../funds/income-job.ts';
import { subscriptionsByStatus } from '../../funds/funds-repository.ts';
import { exactMoneyText } from '../../../domain/format/money-text.ts';
import type { OpsCommand } from '../command.ts';
import { listCommand, statusDigits } from './list-command.ts';

export const FUND_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'fund-run',
    right: 'credits',
    money: 'due',
    summary: 'Pay every fund day that is due now (and return matured principals); safe to run any time',
    params: [],
    run: (ctx) => runFundIncome(ctx, ctx.fundDayMs),
  },
  listCommand({
    name: 'fund-subscriptions',
    right: 'credits',
    summary: 'Fund subscriptions by status (default: 1 doing), newest first',
    statusHelp: '1 doing, 2 refunding, 3 refunded, 4 finished',
    statuses: statusDigits(1, 4),
    fallback: '1',
    rows: subscriptionsByStatus,
    show: (r) => ({
      id: Number(r.id),
      uid: r.uid,
      fund: r.title,
      amount: exactMoneyText(r.share_amount),
      day_profit: r.day_profit,
      days: `${r.paid}/${r.lock_days}`,
      since: wireTime(r.sub_time),
    }),
  }),
];
