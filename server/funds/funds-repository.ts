// The fixed-term funds' SQL; money moves stay in the flow's transaction through the ledger.
import type { Fund } from '../../domain/fund-types.ts';
import { queryOne, type Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';
import { FUND_TEXT_COLUMNS, fundTextJoin } from './fund-texts.ts';

export interface FundRow extends Omit<Fund, 'lang' | 'desc'> {
  name: string; // the internal name (funds.title): the ledger memo
  lang: string; // may be a fallback (docs/content.md "Content languages")
  description: string;
}

export type SubscriptionRow = FundRow & {
  sid: string;
  status: number;
  share_amount: string;
  sub_time: string;
  day_profit: string;
  sum: string | null;
  days: string;
};

export interface LockedSubscription extends Pick<ReviewSubscriptionRow, 'id' | 'share_amount' | 'title'> {
  penalty_percentage: string;
  status: number;
}

const FUND_COLUMNS = `f.id, f.title AS name, ${FUND_TEXT_COLUMNS}, f.image, f.currency_code, f.lock_dividend_days, f.dividend_percentage,
  f.staring_sub_amount, f.max_sub_amount, f.liquidated_damages`;

/** Falls back to the fund's fallback language. */
export async function enabledFund(db: Queryable, lang: string, id: number): Promise<FundRow | null> {
  return queryOne<FundRow>(
    db,
    `SELECT ${FUND_COLUMNS} FROM funds f ${fundTextJoin('$2')} WHERE f.id = $1 AND f.enabled = 1`,
    [id, lang],
  );
}

export function enabledFunds(db: Queryable, lang: string, limit: number, offset: number): Promise<Page<FundRow>> {
  return pageOf<FundRow>(
    db,
    `SELECT ${FUND_COLUMNS} FROM funds f ${fundTextJoin('$1')}
      WHERE f.enabled = 1 ORDER BY f.sort, f.id LIMIT $2 OFFSET $3`,
    'SELECT count(*)::text AS n FROM funds WHERE enabled = 1',
    [lang],
    limit,
    offset,
    [],
  );
}

export async function insertSubscription(
  q: Queryable,
  s: {
    userId: number;
    fundId: number;
    amount: string;
    dayProfit: string;
    lockDays: number;
    penalty: string;
    at: number;
  },
): Promise<string> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO fund_subscriptions (user_id, fund_id, share_amount, day_profit, lock_days, penalty_percentage, sub_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [s.userId, s.fundId, s.amount, s.dayProfit, s.lockDays, s.penalty, s.at],
  );
  return rows[0]?.id ?? '';
}

export function userSubscriptions(
  db: Queryable,
  lang: string,
  userId: number,
  limit: number,
  offset: number,
): Promise<Page<SubscriptionRow>> {
  return pageOf<SubscriptionRow>(
    db,
    `SELECT s.id AS sid, s.status, s.share_amount, s.sub_time, s.day_profit,
            (SELECT sum(interest) FROM fund_incomes i WHERE i.subscription_id = s.id)::text AS sum,
            (SELECT count(*) FROM fund_incomes i WHERE i.subscription_id = s.id)::text AS days, ${FUND_COLUMNS}
       FROM fund_subscriptions s JOIN funds f ON f.id = s.fund_id ${fundTextJoin('$2')}
      WHERE s.user_id = $1 ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
    'SELECT count(*)::text AS n FROM fund_subscriptions WHERE user_id = $1',
    [userId, lang],
    limit,
    offset,
    [userId],
  );
}

export const ownsSubscription = async (db: Queryable, subId: number, userId: number): Promise<boolean> =>
  (await db.query('SELECT id FROM fund_subscriptions WHERE id = $1 AND user_id = $2', [subId, userId])).length > 0;

export function subscriptionIncomes(
  db: Queryable,
  subId: number,
  limit: number,
  offset: number,
): Promise<Page<{ id: string; interest: string; created_at: string }>> {
  return pageOf(
    db,
    'SELECT id, interest, created_at FROM fund_incomes WHERE subscription_id = $1 ORDER BY day DESC LIMIT $2 OFFSET $3',
    'SELECT count(*)::text AS n FROM fund_incomes WHERE subscription_id = $1',
    [subId],
    limit,
    offset,
  );
}

/** Locked for an early redemption inside the caller's transaction. */
export async function lockSubscription(
  q: Queryable,
  subId: number,
  userId: number,
): Promise<LockedSubscription | null> {
  return queryOne<LockedSubscription>(
    q,
    `SELECT s.id, s.share_amount, s.penalty_percentage, s.status, f.title FROM fund_subscriptions s JOIN funds f ON f.id = s.fund_id
      WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`,
    [subId, userId],
  );
}

export async function endSubscription(q: Queryable, id: string, status: number, at: number): Promise<void> {
  await q.query('UPDATE fund_subscriptions SET status = $2, ended_at = $3 WHERE id = $1', [id, status, at]);
}

export interface ReviewSubscriptionRow {
  id: string;
  uid: string;
  title: string;
  share_amount: string;
  day_profit: string;
  lock_days: number;
  paid: string;
  sub_time: string;
}

/** With the fund days paid so far. */
export function subscriptionsByStatus(
  db: Queryable,
  status: number,
  userId: number | null,
  limit: number,
): Promise<ReviewSubscriptionRow[]> {
  return db.query<ReviewSubscriptionRow>(
    `SELECT s.id, u.uid, f.title, s.share_amount, s.day_profit, s.lock_days, s.sub_time,
            (SELECT count(*) FROM fund_incomes i WHERE i.subscription_id = s.id)::text AS paid
       FROM fund_subscriptions s JOIN users u ON u.id = s.user_id JOIN funds f ON f.id = s.fund_id
      WHERE s.status = $1 AND ($2::int IS NULL OR s.user_id = $2::int) ORDER BY s.id DESC LIMIT $3`,
    [status, userId, limit],
  );
}
