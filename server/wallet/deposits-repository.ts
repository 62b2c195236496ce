// The deposits' SQL; the routes hold none.
import { queryOne, type Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';
import type { BankCoin, CoinNetwork, DepositBank } from '../../domain/wallet-types.ts';

export interface ChargeRow {
  id: string;
  number: string;
  type: number;
  currency_code: string;
  status: number;
  credited: string | null;
  remark: string;
  created_at: string;
}

export interface NetworkRow extends Omit<CoinNetwork, 'protocol_code'> {
  usd_price: string;
}

export interface BankRow {
  id: number;
  name: string;
  usd_price: string;
}

export function enabledNetworks(db: Queryable): Promise<CoinNetwork[]> {
  return db.query<CoinNetwork>(
    'SELECT id, currency_code, protocol_code, address FROM deposit_networks WHERE enabled = 1 ORDER BY sort, id',
  );
}

export function enabledBankCoins(db: Queryable): Promise<BankCoin[]> {
  return db.query<BankCoin>('SELECT id, name, usd_price FROM deposit_bank_coins WHERE enabled = 1 ORDER BY sort, id');
}

/** Null when the currency is not, or no longer, offered. */
export async function banksOfCoin(db: Queryable, coinId: number): Promise<DepositBank[] | null> {
  const coin = await db.query('SELECT id FROM deposit_bank_coins WHERE id = $1 AND enabled = 1', [coinId]);
  if (coin.length === 0) return null;
  return db.query<DepositBank>(
    `SELECT id, bank_name, bank_address, bank_swift, payee_name, payee_account, bank_remark
       FROM deposit_banks WHERE bank_coin_id = $1 AND enabled = 1 ORDER BY id`,
    [coinId],
  );
}

export async function enabledNetwork(db: Queryable, id: number): Promise<NetworkRow | null> {
  return queryOne<NetworkRow>(
    db,
    'SELECT id, currency_code, address, usd_price FROM deposit_networks WHERE id = $1 AND enabled = 1',
    [id],
  );
}

export async function enabledBank(db: Queryable, id: number): Promise<BankRow | null> {
  return queryOne<BankRow>(
    db,
    `SELECT b.id, c.name, c.usd_price FROM deposit_banks b JOIN deposit_bank_coins c ON c.id = b.bank_coin_id
      WHERE b.id = $1 AND b.enabled = 1 AND c.enabled = 1`,
    [id],
  );
}

export async function insertCoinCharge(
  db: Queryable,
  c: { userId: number; number: string; network: NetworkRow; proof: string; at: number },
): Promise<void> {
  await db.query(
    `INSERT INTO charges (user_id, type, number, currency_code, usd_price, network_id, address, proof_upload, created_at)
     VALUES ($1, 0, $2, $3, $4, $5, $6, $7, $8)`,
    [c.userId, c.number, c.network.currency_code, c.network.usd_price, c.network.id, c.network.address, c.proof, c.at],
  );
}

export async function insertBankCharge(
  db: Queryable,
  c: { userId: number; number: string; bank: BankRow; proof: string; at: number },
): Promise<void> {
  await db.query(
    `INSERT INTO charges (user_id, type, number, currency_code, usd_price, bank_id, proof_upload, created_at)
     VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
    [c.userId, c.number, c.bank.name, c.bank.usd_price, c.bank.id, c.proof, c.at],
  );
}

export function userCharges(
  db: Queryable,
  userId: number,
  type: number,
  limit: number,
  offset: number,
): Promise<Page<ChargeRow>> {
  return pageOf<ChargeRow>(
    db,
    `SELECT id, number, type, currency_code, status, credited, remark, created_at FROM charges
      WHERE user_id = $1 AND type = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
    'SELECT count(*)::text AS n FROM charges WHERE user_id = $1 AND type = $2',
    [userId, type],
    limit,
    offset,
  );
}

export interface ReviewCharge extends Pick<ChargeListRow, 'id' | 'number' | 'currency_code' | 'usd_price' | 'status'> {
  user_id: number;
}

export async function lockCharge(q: Queryable, id: number): Promise<ReviewCharge | null> {
  return queryOne<ReviewCharge>(
    q,
    'SELECT id, user_id, number, currency_code, usd_price, status FROM charges WHERE id = $1 FOR UPDATE',
    [id],
  );
}

/** The operator's list: the trader's own fields with whose it is, the rate and the proof. */
export interface ChargeListRow extends ChargeRow {
  uid: string;
  usd_price: string;
  proof_upload: string;
}

export function chargesByStatus(
  db: Queryable,
  status: number,
  userId: number | null,
  limit: number,
): Promise<ChargeListRow[]> {
  return db.query<ChargeListRow>(
    `SELECT c.id, u.uid, c.type, c.number, c.currency_code, c.usd_price, c.credited, c.status, c.remark, c.created_at, c.proof_upload
       FROM charges c JOIN users u ON u.id = c.user_id
      WHERE c.status = $1 AND ($2::int IS NULL OR c.user_id = $2::int)
      ORDER BY c.id DESC LIMIT $3`,
    [status, userId, limit],
  );
}

export async function markChargeReviewed(
  q: Queryable,
  id: number,
  change: { status: number; credited?: string; remark?: string },
  at: number,
): Promise<void> {
  await q.query(
    'UPDATE charges SET status = $2, credited = coalesce($3, credited), remark = coalesce($4, remark), reviewed_at = $5 WHERE id = $1',
    [id, change.status, change.credited ?? null, change.remark ?? null, at],
  );
}
