// The fixed-term funds as a trader uses them (docs/funds.md); the daily income is income-job.ts's.
import { exactText, fixed } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { checkFundAmount, dayProfit, redemptionPenalty } from '../../domain/fund-maths.ts';
import {
  SubscriptionStatus,
  type Fund,
  type FundIncome,
  type FundSubscription,
  type LastPaged,
} from '../../domain/fund-types.ts';
import { wireTime } from '../../domain/wire-time.ts';
import type { AppContext } from '../core/app-context.ts';
import { ApiError } from '../http/envelope.ts';
import { pickLanguage } from '../http/i18n.ts';
import { readPage } from '../http/paging.ts';
import { move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import {
  endSubscription,
  enabledFund,
  enabledFunds,
  insertSubscription,
  lockSubscription,
  ownsSubscription,
  subscriptionIncomes,
  userSubscriptions,
  type FundRow,
} from './funds-repository.ts';

export const FUNDS_PAGE_SIZE = 10;

type Db = Pick<AppContext, 'db'>;

export const toFund = (r: FundRow): Fund => ({
  id: r.id,
  lang: pickLanguage(r.lang),
  title: r.title,
  image: r.image,
  currency_code: r.currency_code,
  lock_dividend_days: r.lock_dividend_days,
  dividend_percentage: trimZeros(r.dividend_percentage, 0),
  staring_sub_amount: trimZeros(r.staring_sub_amount, 0),
  max_sub_amount: trimZeros(r.max_sub_amount, 0),
  desc: r.description,
  liquidated_damages: trimZeros(r.liquidated_damages, 0),
});

const lastPage = (total: number): number => Math.max(1, Math.ceil(total / FUNDS_PAGE_SIZE));

/** Falls back to the fund's fallback language. */
async function fundById(ctx: Db, lang: string, id: number): Promise<FundRow> {
  const fund = await enabledFund(ctx.db, lang, id);
  if (!fund) throw new ApiError('fund_not_found');
  return fund;
}

export async function fundPage(ctx: Db, lang: string, page: number | undefined): Promise<LastPaged<Fund>> {
  const { rows, total } = await readPage(page, FUNDS_PAGE_SIZE, (limit, offset) =>
    enabledFunds(ctx.db, lang, limit, offset),
  );
  return { data: rows.map(toFund), last_page: lastPage(total) };
}

export async function fundInfo(ctx: Db, lang: string, id: number): Promise<Fund> {
  return toFund(await fundById(ctx, lang, id));
}

/** Repeats the screen's own amount checks (docs/contract.md §5 'input lock number'); refuses changing nothing. */
export async function buyFund(
  ctx: AppContext,
  userId: number,
  lang: string,
  fundId: number,
  amountText: string,
): Promise<void> {
  const fund = await fundById(ctx, lang, fundId);
  const checked = checkFundAmount(amountText, fund);
  if (!checked.ok) throw new ApiError(checked.error, undefined, checked.params);
  const amount = checked.value;
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    const subId = await insertSubscription(q, {
      userId,
      fundId: fund.id,
      amount: exactText(amount),
      dayProfit: exactText(dayProfit(amount, fund.dividend_percentage)),
      lockDays: fund.lock_dividend_days,
      penalty: fund.liquidated_damages,
      at: now,
    });
    // Refuses, rolling the subscription back, when the balance is short.
    await move(q, userId, {
      balance: amount.neg(),
      type: RecordType.FUND_SUBSCRIBE,
      memo: `${fund.name} #${subId}`, // the internal name: a record reads the same in every language
      at: now,
    });
  });
}

export async function subscriptionPage(
  ctx: Db,
  lang: string,
  userId: number,
  page: number | undefined,
): Promise<LastPaged<FundSubscription>> {
  const { rows, total } = await readPage(page, FUNDS_PAGE_SIZE, (limit, offset) =>
    userSubscriptions(ctx.db, lang, userId, limit, offset),
  );
  return {
    data: rows.map((r) => ({
      id: Number(r.sid),
      status: r.status as FundSubscription['status'],
      share_amount: exactMoneyText(r.share_amount),
      sub_time: wireTime(r.sub_time),
      day_profit: fixed(r.day_profit, 4),
      sum_profit: fixed(r.sum ?? 0, 4),
      paid_days: Number(r.days),
      get_fund: toFund(r),
    })),
    last_page: lastPage(total),
  };
}

/** `subscription_not_found` for anyone else's. */
export async function incomePage(
  ctx: Db,
  userId: number,
  subId: number,
  page: number | undefined,
): Promise<LastPaged<FundIncome>> {
  if (!(await ownsSubscription(ctx.db, subId, userId))) throw new ApiError('subscription_not_found');
  const { rows, total } = await readPage(page, FUNDS_PAGE_SIZE, (limit, offset) =>
    subscriptionIncomes(ctx.db, subId, limit, offset),
  );
  return {
    data: rows.map((r) => ({ id: Number(r.id), interest: fixed(r.interest, 4), created_at: wireTime(r.created_at) })),
    last_page: lastPage(total),
  };
}

/** The penalty, when there is one, is kept back. */
export async function redeemSubscription(ctx: AppContext, userId: number, subId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.tx(async (q) => {
    const s = await lockSubscription(q, subId, userId);
    if (!s) throw new ApiError('subscription_not_found');
    if (s.status !== SubscriptionStatus.DOING) throw new ApiError('subscription_not_doing');
    const penalty = redemptionPenalty(s.share_amount, s.penalty_percentage);
    await endSubscription(q, s.id, SubscriptionStatus.REFUNDED, now);
    const memo = `${s.title} #${s.id}`;
    await move(q, userId, { balance: s.share_amount, type: RecordType.FUND_REDEEM, memo, at: now });
    if (penalty.gt(0)) await move(q, userId, { balance: penalty.neg(), type: RecordType.FUND_PENALTY, memo, at: now });
  });
}
