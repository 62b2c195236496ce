// docs/copy-trading.md; the mirrored actions and links are mirror-repository.ts.
import { queryOne, type Queryable } from '../db/db.ts';
import { PackedRows } from '../db/packed-rows.ts';

export const CopyStatus = { ACTIVE: 1, PAUSED: 2, STOPPED: 3 } as const;

export interface ProviderRow {
  user_id: number;
  display_name: string;
  description: string;
  fee_percent: number;
  min_amount: string;
  is_demo: number;
  is_sample: number;
  suspended_at: string | null;
  unpublished_at: string | null;
}

export interface CopyRow {
  id: number;
  follower_id: number;
  provider_id: number;
  account_id: number;
  status: number;
  multiplier: string;
  stop_loss_percent: number;
  slippage_percent: string;
  leverage_cap: number;
  fee_percent: number;
  net_invested: string;
  high_water_mark: string;
  fees_paid: string;
  started_at: string;
  ended_at: string | null;
  end_reason: string;
  /** 1 when the follower chose "copy open positions" at the start. */
  copy_open: number;
}

/** Read on every mirrored fill, so one JSON text per row (server/db/packed-rows.ts). */
const PACKED_COPIES = new PackedRows<CopyRow>([
  'id',
  'follower_id',
  'provider_id',
  'account_id',
  'status',
  'multiplier::text',
  'stop_loss_percent',
  'slippage_percent::text',
  'leverage_cap',
  'fee_percent',
  'net_invested::text',
  'high_water_mark::text',
  'fees_paid::text',
  'started_at::text',
  'ended_at::text',
  'end_reason',
  'copy_open',
]);

const copiesWhere = (q: Queryable, where: string, params: readonly unknown[]): Promise<CopyRow[]> =>
  PACKED_COPIES.query(q, `SELECT ${PACKED_COPIES.select()} FROM copies WHERE ${where}`, params);

const oneCopy = async (q: Queryable, where: string, params: readonly unknown[]): Promise<CopyRow | null> =>
  (await copiesWhere(q, where, params))[0] ?? null;

/** True when the statement found, or wrote, a row. */
export const anyRow = async (q: Queryable, sql: string, params: readonly unknown[]): Promise<boolean> =>
  (await q.query(sql, params)).length > 0;

export interface ProviderInput {
  userId: number;
  name: string;
  description: string;
  feePercent: number;
  minAmount: string;
  isDemo: boolean;
  at: number;
}

/** A suspension stays. */
export async function upsertProvider(q: Queryable, p: ProviderInput): Promise<void> {
  await q.query(
    `INSERT INTO copy_providers (user_id, display_name, description, fee_percent, min_amount, is_demo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET display_name = $2, description = $3, fee_percent = $4, min_amount = $5,
       unpublished_at = NULL`,
    [p.userId, p.name, p.description, p.feePercent, p.minAmount, p.isDemo ? 1 : 0, p.at],
  );
}

export function providerOf(q: Queryable, userId: number): Promise<ProviderRow | null> {
  return queryOne<ProviderRow>(
    q,
    `SELECT user_id, display_name, description, fee_percent, min_amount::text AS min_amount, is_demo, is_sample,
            suspended_at, unpublished_at FROM copy_providers WHERE user_id = $1`,
    [userId],
  );
}

/** The first date is kept, so repeating it changes nothing; false when none. */
export const setUnpublished = (q: Queryable, userId: number, at: number): Promise<boolean> =>
  anyRow(
    q,
    'UPDATE copy_providers SET unpublished_at = COALESCE(unpublished_at, $2) WHERE user_id = $1 RETURNING user_id',
    [userId, at],
  );

export const setSuspended = (q: Queryable, userId: number, at: number | null): Promise<boolean> =>
  anyRow(q, 'UPDATE copy_providers SET suspended_at = $2 WHERE user_id = $1 RETURNING user_id', [userId, at]);

/** A copy account can neither copy nor be copied. */
export function userWorld(q: Queryable, userId: number): Promise<{ is_demo: number; is_copy: boolean } | null> {
  return queryOne(
    q,
    `SELECT u.is_demo, EXISTS (SELECT 1 FROM copies c WHERE c.account_id = u.id) AS is_copy FROM users u WHERE u.id = $1`,
    [userId],
  );
}

export function realNameVerified(q: Queryable, userId: number): Promise<{ ok: boolean } | null> {
  return queryOne(q, 'SELECT review_status = 2 AS ok FROM user_real WHERE user_id = $1', [userId]);
}

export interface NewCopy {
  followerId: number;
  providerId: number;
  accountId: number;
  multiplier: string;
  stopLossPercent: number;
  slippagePercent: string;
  leverageCap: number;
  feePercent: number;
  amount: string;
  mark: string;
  copyOpen: boolean;
  at: number;
}

export async function insertCopy(q: Queryable, c: NewCopy): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO copies (follower_id, provider_id, account_id, multiplier, stop_loss_percent, slippage_percent,
       leverage_cap, fee_percent, net_invested, high_water_mark, started_at, copy_open)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      c.followerId,
      c.providerId,
      c.accountId,
      c.multiplier,
      c.stopLossPercent,
      c.slippagePercent,
      c.leverageCap,
      c.feePercent,
      c.amount,
      c.mark,
      c.at,
      c.copyOpen ? 1 : 0,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('copy insert returned no id');
  return id;
}

/** null when it is not theirs or not there. */
export const lockOwnCopy = (q: Queryable, followerId: number, copyId: number): Promise<CopyRow | null> =>
  oneCopy(q, 'id = $1 AND follower_id = $2 FOR UPDATE', [copyId, followerId]);

export const lockCopy = (q: Queryable, copyId: number): Promise<CopyRow | null> =>
  oneCopy(q, 'id = $1 FOR UPDATE', [copyId]);

export const copyById = (q: Queryable, copyId: number): Promise<CopyRow | null> => oneCopy(q, 'id = $1', [copyId]);

export const copiesOfFollower = (q: Queryable, followerId: number): Promise<CopyRow[]> =>
  copiesWhere(q, 'follower_id = $1 ORDER BY id DESC', [followerId]);

export const runningCopiesOf = (q: Queryable, providerId: number): Promise<CopyRow[]> =>
  copiesWhere(q, 'provider_id = $1 AND status IN (1, 2) ORDER BY id', [providerId]);

export const allRunningCopies = (q: Queryable): Promise<CopyRow[]> =>
  copiesWhere(q, 'status IN (1, 2) ORDER BY id', []);

export async function setCopyStatus(q: Queryable, copyId: number, status: number): Promise<void> {
  await q.query('UPDATE copies SET status = $2 WHERE id = $1', [copyId, status]);
}

export async function endCopy(q: Queryable, copyId: number, reason: string, at: number): Promise<void> {
  await q.query('UPDATE copies SET status = 3, ended_at = $2, end_reason = $3 WHERE id = $1', [copyId, at, reason]);
}

/** net invested and the mark after a movement of money in (+) or out (−). */
export async function setInvested(q: Queryable, copyId: number, netInvested: string, mark: string): Promise<void> {
  await q.query('UPDATE copies SET net_invested = $2, high_water_mark = $3 WHERE id = $1', [copyId, netInvested, mark]);
}

export async function insertTransfer(
  q: Queryable,
  copyId: number,
  kind: 'start' | 'add' | 'withdraw' | 'stop' | 'fee',
  amount: string,
  at: number,
): Promise<number> {
  const rows = await q.query<{ id: string }>(
    'INSERT INTO copy_transfers (copy_id, kind, amount, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [copyId, kind, amount, at],
  );
  return Number(rows[0]?.id);
}

/** false when settled already: one settlement per copy and period. */
export const claimSettlement = (
  q: Queryable,
  s: { copyId: number; period: string; equity: string; markBefore: string; fee: string; at: number },
): Promise<boolean> =>
  anyRow(
    q,
    `INSERT INTO copy_fee_settlements (copy_id, period, equity, mark_before, fee, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (copy_id, period) DO NOTHING RETURNING copy_id`,
    [s.copyId, s.period, s.equity, s.markBefore, s.fee, s.at],
  );

export async function addFeePaid(q: Queryable, copyId: number, fee: string, mark: string): Promise<void> {
  await q.query('UPDATE copies SET fees_paid = fees_paid + $2, high_water_mark = $3 WHERE id = $1', [
    copyId,
    fee,
    mark,
  ]);
}

export async function keptShortfall(q: Queryable, followerId: number, providerId: number): Promise<string> {
  const row = await queryOne<{ shortfall: string }>(
    q,
    'SELECT shortfall::text AS shortfall FROM copy_marks WHERE follower_id = $1 AND provider_id = $2',
    [followerId, providerId],
  );
  return row?.shortfall ?? '0';
}

export async function keepShortfall(q: Queryable, followerId: number, providerId: number, v: string): Promise<void> {
  await q.query(
    `INSERT INTO copy_marks (follower_id, provider_id, shortfall) VALUES ($1, $2, $3)
     ON CONFLICT (follower_id, provider_id) DO UPDATE SET shortfall = $3`,
    [followerId, providerId, v],
  );
}

export async function providerTotals(q: Queryable, providerId: number): Promise<{ copiers: number; fees: string }> {
  const row = await queryOne<{ copiers: string; fees: string | null }>(
    q,
    `SELECT count(*) FILTER (WHERE status IN (1, 2)) AS copiers, sum(fees_paid)::text AS fees
       FROM copies WHERE provider_id = $1`,
    [providerId],
  );
  return { copiers: Number(row?.copiers ?? 0), fees: row?.fees ?? '0' };
}

export const hasRunningCopy = (q: Queryable, followerId: number, providerId: number): Promise<boolean> =>
  anyRow(q, 'SELECT 1 FROM copies WHERE follower_id = $1 AND provider_id = $2 AND status IN (1, 2)', [
    followerId,
    providerId,
  ]);

export interface ProviderListRow extends Pick<
  ProviderRow,
  'user_id' | 'display_name' | 'description' | 'fee_percent' | 'min_amount' | 'is_demo'
> {
  copiers: string;
  /** Tells the house's own traders (house-traders.ts). */
  email: string | null;
}

export function providersOfWorld(q: Queryable, isDemo: number): Promise<ProviderListRow[]> {
  return q.query<ProviderListRow>(
    `SELECT p.user_id, p.display_name, p.description, p.fee_percent, p.min_amount::text AS min_amount, p.is_demo,
            (SELECT count(*) FROM copies c WHERE c.provider_id = p.user_id AND c.status IN (1, 2)) AS copiers, u.email
       FROM copy_providers p JOIN users u ON u.id = p.user_id
      WHERE p.is_demo = $1 AND p.suspended_at IS NULL AND p.unpublished_at IS NULL AND p.is_sample = 0
      ORDER BY copiers DESC, p.user_id LIMIT 200`,
    [isDemo],
  );
}

export async function providerNames(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await q.query<{ user_id: number; display_name: string }>(
    'SELECT user_id, display_name FROM copy_providers WHERE user_id = ANY($1::int[])',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.user_id, r.display_name]));
}

export async function returnedAt(q: Queryable, copyId: number): Promise<string> {
  const row = await queryOne<{ amount: string }>(
    q,
    `SELECT amount::text AS amount FROM copy_transfers WHERE copy_id = $1 AND kind = 'stop' ORDER BY id DESC LIMIT 1`,
    [copyId],
  );
  return row?.amount ?? '0';
}

/** What "copy open positions" copies. */
export async function openOrdersOf(q: Queryable, userId: number, before: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM orders WHERE user_id = $1 AND status = 1 AND COALESCE(filled_at, created_at) < $2 ORDER BY id',
    [userId, before],
  );
  return rows.map((r) => r.id);
}

/** With the provider's entry while linked (docs/copy-trading.md "Screens"). */
export function copyPositions(
  q: Queryable,
  copyId: number,
  accountId: number,
): Promise<{ id: number; code: string; side: number; lots: string; price: string; provider_price: string | null }[]> {
  return q.query(
    `SELECT o.id, i.show_code AS code, o.order_type AS side, o.quantity::text AS lots, o.price::text AS price,
            l.provider_price::text AS provider_price
       FROM orders o JOIN instruments i ON i.id = o.instrument_id
       LEFT JOIN copy_links l ON l.follower_order_id = o.id AND l.copy_id = $1 AND l.unlinked_at IS NULL
      WHERE o.user_id = $2 AND o.status = 1 ORDER BY o.id`,
    [copyId, accountId],
  );
}

/** The track record's start. */
export async function firstRecordAt(q: Queryable, userId: number): Promise<number | null> {
  const row = await queryOne<{ at: string | null }>(
    q,
    'SELECT min(created_at)::text AS at FROM financial_records WHERE user_id = $1',
    [userId],
  );
  return row?.at ? Number(row.at) : null;
}

/** A copy account trades under its follower's retail terms (docs/retail-protection.md). */
export async function inheritRetailTerms(q: Queryable, followerId: number, accountId: number): Promise<void> {
  await q.query('UPDATE users SET client_category = (SELECT client_category FROM users WHERE id = $1) WHERE id = $2', [
    followerId,
    accountId,
  ]);
  await q.query(
    `INSERT INTO appropriateness (user_id, answers, score, passed, acknowledged_at, taken_at)
     SELECT $2, answers, score, passed, acknowledged_at, taken_at FROM appropriateness WHERE user_id = $1`,
    [followerId, accountId],
  );
}
