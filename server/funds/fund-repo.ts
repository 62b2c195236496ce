// Reads of the funds tables and their wire shapes (src/domain/fund-types.ts).
import type { Fund, FundPage, IncomeItem, Subscription } from '../../src/domain/fund-types.ts';
import { dec } from '../../src/domain/decimal.ts';
import { money } from '../../src/domain/money.ts';
import type { Queryable } from '../db/db.ts';
import { moneyText } from '../ledger/ledger.ts';

export const FUND_PAGE_SIZE = 10;

export interface FundRow {
  id: number;
  title: string;
  image: string;
  currency_code: string;
  lock_dividend_days: number;
  dividend_percentage: string;
  staring_sub_amount: string;
  max_sub_amount: string;
  desc: string;
  liquidated_damages: string;
}

export interface SubRow {
  id: number;
  user_id: number;
  fund_id: number;
  status: number;
  share_amount: string;
  day_profit: string;
  lock_days: number;
  liquidated_damages: string;
  day_ms: string;
  days_paid: number;
  paid_profit: string;
  penalty: string;
  sub_time: string;
  next_due_at: string;
}

const FUND_COLUMNS =
  'f.id, f.title, f.image, f.currency_code, f.lock_dividend_days, f.dividend_percentage, f.staring_sub_amount, ' +
  'f.max_sub_amount, f."desc", f.liquidated_damages';
export const SUB_COLUMNS =
  's.id, s.user_id, s.fund_id, s.status, s.share_amount, s.day_profit, s.lock_days, s.liquidated_damages, s.day_ms, ' +
  's.days_paid, s.paid_profit, s.penalty, s.sub_time, s.next_due_at';

/** "2024-05-01 09:30:00" (UTC). */
export function wireTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ');
}

/** Rates as plain decimals without trailing zeros ("0.5000" → "0.5"). */
function rateText(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

export function toWireFund(r: FundRow): Fund {
  return {
    id: r.id,
    title: r.title,
    image: r.image,
    currency_code: r.currency_code,
    lock_dividend_days: r.lock_dividend_days,
    dividend_percentage: rateText(r.dividend_percentage),
    staring_sub_amount: moneyText(r.staring_sub_amount),
    max_sub_amount: moneyText(r.max_sub_amount),
    desc: r.desc,
    liquidated_damages: rateText(r.liquidated_damages),
  };
}

function page<T>(data: T[], total: number, current: number): FundPage<T> {
  return { data, current_page: current, last_page: Math.max(1, Math.ceil(total / FUND_PAGE_SIZE)), total };
}

export async function listFunds(q: Queryable, current: number): Promise<FundPage<Fund>> {
  const [rows, count] = await Promise.all([
    q.query<FundRow>(`SELECT ${FUND_COLUMNS} FROM funds f WHERE f.enabled ORDER BY f.sort, f.id LIMIT $1 OFFSET $2`, [
      FUND_PAGE_SIZE, (current - 1) * FUND_PAGE_SIZE,
    ]),
    q.query<{ n: string }>('SELECT count(*) AS n FROM funds WHERE enabled'),
  ]);
  return page(rows.map(toWireFund), Number(count[0]?.n ?? 0), current);
}

/** An enabled fund, or undefined. */
export async function findFund(q: Queryable, id: number): Promise<FundRow | undefined> {
  const rows = await q.query<FundRow>(`SELECT ${FUND_COLUMNS} FROM funds f WHERE f.id = $1 AND f.enabled`, [id]);
  return rows[0];
}

export async function listSubscriptions(q: Queryable, userId: number, current: number): Promise<FundPage<Subscription>> {
  const [rows, count] = await Promise.all([
    q.query<SubRow & { fund: FundRow }>(
      `SELECT ${SUB_COLUMNS}, row_to_json(f) AS fund FROM fund_subscriptions s JOIN funds f ON f.id = s.fund_id
        WHERE s.user_id = $1 ORDER BY s.id DESC LIMIT $2 OFFSET $3`,
      [userId, FUND_PAGE_SIZE, (current - 1) * FUND_PAGE_SIZE],
    ),
    q.query<{ n: string }>('SELECT count(*) AS n FROM fund_subscriptions WHERE user_id = $1', [userId]),
  ]);
  const data = rows.map((r): Subscription => ({
    id: r.id,
    status: Number(r.status),
    share_amount: moneyText(r.share_amount),
    sub_time: wireTime(r.sub_time),
    day_profit: moneyText(r.day_profit),
    sum_profit: moneyText(money(dec(r.day_profit).times(r.lock_days))),
    paid_profit: moneyText(r.paid_profit),
    days_paid: r.days_paid,
    penalty: moneyText(r.penalty),
    liquidated_damages: rateText(String(r.liquidated_damages)),
    get_fund: toWireFund(fundFromJson(r.fund)),
  }));
  return page(data, Number(count[0]?.n ?? 0), current);
}

/** row_to_json gives NUMERIC as JSON numbers; read them back as exact text. */
function fundFromJson(f: FundRow): FundRow {
  return {
    ...f,
    dividend_percentage: String(f.dividend_percentage),
    staring_sub_amount: String(f.staring_sub_amount),
    max_sub_amount: String(f.max_sub_amount),
    liquidated_damages: String(f.liquidated_damages),
  };
}

/** The owner's subscription, or undefined (another user's id looks exactly like an unknown one). */
export async function findOwnSubscription(q: Queryable, userId: number, subId: number): Promise<SubRow | undefined> {
  const rows = await q.query<SubRow>(`SELECT ${SUB_COLUMNS} FROM fund_subscriptions s WHERE s.id = $1 AND s.user_id = $2`, [
    subId, userId,
  ]);
  return rows[0];
}

export async function listIncome(q: Queryable, subId: number, current: number): Promise<FundPage<IncomeItem>> {
  const [rows, count] = await Promise.all([
    q.query<{ id: number; interest: string; created_at: string }>(
      'SELECT id, interest, created_at FROM fund_income WHERE sub_id = $1 ORDER BY day DESC LIMIT $2 OFFSET $3',
      [subId, FUND_PAGE_SIZE, (current - 1) * FUND_PAGE_SIZE],
    ),
    q.query<{ n: string }>('SELECT count(*) AS n FROM fund_income WHERE sub_id = $1', [subId]),
  ]);
  const data = rows.map((r): IncomeItem => ({ id: r.id, interest: moneyText(r.interest), created_at: wireTime(r.created_at) }));
  return page(data, Number(count[0]?.n ?? 0), current);
}
