// The withdrawals' SQL; money moves in the flow's transaction through the ledger.
import { queryOne, type Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';
import type { CurrencyTerms } from './currencies.ts';

export interface WithdrawalRow {
  id: string;
  type: number;
  number: string;
  fee: string;
  real_number: string;
  code: string;
  protocol: string;
  address: string;
  payee_account: string;
  memo: string;
  status: number;
  remark: string;
  created_at: string;
  /** A first finance approval is given and the second awaited (docs/back-office.md "Four eyes"). */
  under_review: boolean;
}

export interface PayoutTarget {
  /** ms epoch from which the method may be used (docs/security.md "Payout holds"). */
  usable_from: string;
  dc_address: string;
  payee_account: string;
  payee_name: string;
  bank_name: string;
}

/** Type 1 coin, 2 bank. */
export function enabledCurrencies(db: Queryable, type: number): Promise<Omit<CurrencyTerms, 'type'>[]> {
  return db.query<Omit<CurrencyTerms, 'type'>>(
    `SELECT id, code, protocol, draw_rate, fee_type, usd_price FROM withdraw_currencies
      WHERE type = $1 AND enabled = 1 ORDER BY sort, id`,
    [type],
  );
}

/** Another user's, or another currency's, is not found. */
export async function payoutTarget(
  db: Queryable,
  methodId: number,
  userId: number,
  currencyId: number,
): Promise<PayoutTarget | null> {
  return queryOne<PayoutTarget>(
    db,
    `SELECT usable_from, dc_address, payee_account, payee_name, bank_name FROM payout_methods
      WHERE id = $1 AND user_id = $2 AND currency_id = $3`,
    [methodId, userId, currencyId],
  );
}

export async function insertWithdrawal(
  q: Queryable,
  w: {
    userId: number;
    currency: CurrencyTerms;
    amount: string;
    fee: string;
    receive: string;
    target: PayoutTarget;
    memo: string;
    at: number;
  },
): Promise<string> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO withdrawals (user_id, type, currency_id, number, fee, real_number, address, payee_account, payee_name,
                              bank_name, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      w.userId,
      w.currency.type,
      w.currency.id,
      w.amount,
      w.fee,
      w.receive,
      w.target.dc_address,
      w.target.payee_account,
      w.target.payee_name,
      w.target.bank_name,
      w.memo,
      w.at,
    ],
  );
  return rows[0]?.id ?? '';
}

export function userWithdrawals(
  db: Queryable,
  userId: number,
  type: number,
  limit: number,
  offset: number,
): Promise<Page<WithdrawalRow>> {
  return pageOf<WithdrawalRow>(
    db,
    `SELECT w.id, w.type, w.number, w.fee, w.real_number, c.code, c.protocol, w.address, w.payee_account, w.memo,
            w.status, w.remark, w.created_at,
            EXISTS (SELECT 1 FROM second_approvals a WHERE a.kind = 'withdraw-paid' AND a.subject_id = w.id
                     AND a.status = 'waiting') AS under_review
       FROM withdrawals w JOIN withdraw_currencies c ON c.id = w.currency_id
      WHERE w.user_id = $1 AND w.type = $2 ORDER BY w.id DESC LIMIT $3 OFFSET $4`,
    'SELECT count(*)::text AS n FROM withdrawals WHERE user_id = $1 AND type = $2',
    [userId, type],
    limit,
    offset,
  );
}

export interface ReviewWithdrawal extends Pick<WithdrawalRow, 'id' | 'number' | 'status' | 'code' | 'real_number'> {
  user_id: number;
}

export async function lockWithdrawal(q: Queryable, id: number): Promise<ReviewWithdrawal | null> {
  return queryOne<ReviewWithdrawal>(
    q,
    `SELECT w.id, w.user_id, w.number, w.status, c.code, w.real_number FROM withdrawals w JOIN withdraw_currencies c ON c.id = w.currency_id
      WHERE w.id = $1 FOR UPDATE OF w`,
    [id],
  );
}

/** The operator's list: the trader's own fields less the review state, with who and where to pay. */
export interface WithdrawalListRow extends Omit<WithdrawalRow, 'remark' | 'under_review'> {
  uid: string;
  account: string;
  payee_name: string;
  bank_name: string;
}

export function withdrawalsByStatus(
  db: Queryable,
  status: number,
  userId: number | null,
  limit: number,
): Promise<WithdrawalListRow[]> {
  return db.query<WithdrawalListRow>(
    `SELECT w.id, u.uid, coalesce(u.email, u.mobile, '') AS account, w.type, w.number, w.fee, w.real_number, c.code, c.protocol, w.address,
            w.payee_account, w.payee_name, w.bank_name, w.memo, w.status, w.created_at
       FROM withdrawals w JOIN users u ON u.id = w.user_id JOIN withdraw_currencies c ON c.id = w.currency_id
      WHERE w.status = $1 AND ($2::int IS NULL OR w.user_id = $2::int)
      ORDER BY w.id DESC LIMIT $3`,
    [status, userId, limit],
  );
}

/** A rejection's remark is what the trader reads. */
export async function markWithdrawalReviewed(
  q: Queryable,
  id: number,
  status: number,
  remark: string | null,
  at: number,
): Promise<void> {
  await q.query('UPDATE withdrawals SET status = $2, remark = coalesce($3, remark), reviewed_at = $4 WHERE id = $1', [
    id,
    status,
    remark,
    at,
  ]);
}
