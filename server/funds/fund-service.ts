// Subscribe and redeem: each one transaction with its ledger records, real users only, ownership checked.
import { dec } from '../../src/domain/decimal.ts';
import { FUND_AMOUNT_PLACES, fundDayProfit, fundPenalty, SubStatus } from '../../src/domain/fund-maths.ts';
import type { Clock, Services } from '../context.ts';
import type { UserRow } from '../auth/users.ts';
import { ApiError } from '../http/envelope.ts';
import { getAccount, move, moneyText } from '../ledger/ledger.ts';
import { FundRecord } from '../ledger/record-types.ts';
import { accrue, lockSubscription } from './accrual.ts';
import { findFund } from './fund-repo.ts';

type Deps = Pick<Services, 'db'> & { clock: Clock };

export function requireRealUser(user: UserRow): void {
  if (user.is_demo === 1) throw new ApiError('real_account_required');
}

/** The amount as exact text: required, a plain positive decimal, at most FUND_AMOUNT_PLACES places. */
export function parseFundAmount(raw: string | undefined): string {
  const text = (raw ?? '').trim();
  if (text === '') throw new ApiError('lock_amount_required');
  if (!/^\d{1,12}(\.\d+)?$/.test(text)) throw new ApiError('fund_amount_invalid');
  const places = text.split('.')[1]?.length ?? 0;
  if (places > FUND_AMOUNT_PLACES) throw new ApiError('fund_amount_places', undefined, { places: FUND_AMOUNT_PLACES });
  if (dec(text).lte(0)) throw new ApiError('fund_amount_invalid');
  return dec(text).toFixed();
}

export interface BuyResult {
  sub_id: number;
  share_amount: string;
  day_profit: string;
  balance: string;
}

export async function buyFund(deps: Deps, user: UserRow, fundId: number, rawAmount: string | undefined, dayMs: number): Promise<BuyResult> {
  requireRealUser(user);
  const fund = await findFund(deps.db, fundId);
  if (!fund) throw new ApiError('fund_not_found');
  const amount = parseFundAmount(rawAmount);
  if (dec(amount).lt(fund.staring_sub_amount)) {
    throw new ApiError('fund_amount_below_min', undefined, { min: moneyText(fund.staring_sub_amount) });
  }
  if (dec(amount).gt(fund.max_sub_amount)) {
    throw new ApiError('fund_amount_above_max', undefined, { max: moneyText(fund.max_sub_amount) });
  }
  if (!(await getAccount(deps.db, user.id))) throw new ApiError('insufficient_balance');
  const now = deps.clock.now();
  const dayProfit = fundDayProfit(amount, fund.dividend_percentage).toFixed();
  return deps.db.tx(async (q) => {
    const rows = await q.query<{ id: number }>(
      `INSERT INTO fund_subscriptions (user_id, fund_id, status, share_amount, day_profit, lock_days, liquidated_damages,
         day_ms, sub_time, next_due_at)
       VALUES ($1, $2, ${SubStatus.DOING}, $3::numeric, $4::numeric, $5, $6::numeric, $7, $8, $9) RETURNING id`,
      [user.id, fund.id, amount, dayProfit, fund.lock_dividend_days, fund.liquidated_damages, dayMs, now, now + dayMs],
    );
    const subId = rows[0]?.id;
    if (subId === undefined) throw new Error('subscription insert returned no id');
    // Throws insufficient_balance when the available balance is short: the insert above is rolled back with it.
    const after = await move(q, user.id, { balance: dec(amount).neg(), type: FundRecord.SUBSCRIBE, memo: `#${subId} ${fund.title}`, at: now });
    return { sub_id: subId, share_amount: moneyText(amount), day_profit: moneyText(dayProfit), balance: moneyText(after.balance) };
  });
}

export interface RefundResult {
  sub_id: number;
  status: number;
  refund: string; // amount − penalty, credited
  penalty: string;
}

/**
 * Early redemption, immediate (docs/funds.md): in one transaction the days already due are paid first (a subscription
 * that has just matured is finished, not redeemed), then 1 → 2 refunding → 3 refunded with the amount back and the
 * penalty charged as two ledger records. Income already paid is kept.
 */
export async function applyRefund(deps: Deps, user: UserRow, subId: number): Promise<RefundResult> {
  requireRealUser(user);
  const now = deps.clock.now();
  return deps.db.tx(async (q) => {
    const sub = await lockSubscription(q, subId, user.id);
    if (!sub) throw new ApiError('subscription_not_found');
    const accrued = await accrue(q, sub, now);
    if (Number(sub.status) !== SubStatus.DOING || accrued.finished) {
      // A finished term still commits the days just paid: return normally with the outcome instead of throwing.
      if (accrued.paidDays > 0 || accrued.finished) return { sub_id: sub.id, status: SubStatus.FINISHED, refund: '0.00', penalty: '0.00' };
      throw new ApiError('subscription_not_active');
    }
    await q.query(`UPDATE fund_subscriptions SET status = ${SubStatus.REFUNDING} WHERE id = $1`, [sub.id]);
    const penalty = fundPenalty(sub.share_amount, sub.liquidated_damages);
    await move(q, user.id, { balance: sub.share_amount, type: FundRecord.REDEEM_REFUND, memo: `#${sub.id}`, at: now });
    if (penalty.gt(0)) {
      await move(q, user.id, { balance: penalty.neg(), type: FundRecord.REDEEM_PENALTY, memo: `#${sub.id}`, at: now });
    }
    await q.query(
      `UPDATE fund_subscriptions SET status = ${SubStatus.REFUNDED}, penalty = $2::numeric, ended_at = $3 WHERE id = $1`,
      [sub.id, penalty.toFixed(), now],
    );
    return {
      sub_id: sub.id, status: SubStatus.REFUNDED, refund: moneyText(dec(sub.share_amount).minus(penalty)), penalty: moneyText(penalty),
    };
  });
}
