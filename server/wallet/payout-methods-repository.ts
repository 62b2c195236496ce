// The payout methods' SQL; the routes hold none.
import { BANK_FIELDS, type BankField, type WithdrawMethod } from '../../domain/wallet-types.ts';
import type { Queryable } from '../db/db.ts';

export interface MethodRow extends Omit<WithdrawMethod, 'draw_currency' | 'type' | 'usable_from'> {
  type: number;
  usable_from: string;
  currency_id: number;
  code: string;
  protocol: string;
}

export type MethodFields = Partial<Record<'dc_address' | BankField, string>>;

const METHOD_COLUMNS = ['dc_address', ...BANK_FIELDS] as const;
const FIELD_COLUMNS = METHOD_COLUMNS.join(', ');

/** Type 1 crypto, 2 bank; oldest first. */
export function userMethods(
  db: Queryable,
  userId: number,
  type: number,
  currencyId: number | null,
): Promise<MethodRow[]> {
  return db.query<MethodRow>(
    `SELECT m.id, m.type, m.dc_address, m.bank_name, m.bank_address, m.bank_swift, m.branch_name, m.payee_name,
            m.payee_account, m.remark, m.usable_from, m.currency_id, c.code, c.protocol
       FROM payout_methods m JOIN withdraw_currencies c ON c.id = m.currency_id
      WHERE m.user_id = $1 AND m.type = $2 AND ($3::int IS NULL OR m.currency_id = $3::int)
      ORDER BY m.id`,
    [userId, type, currencyId],
  );
}

/** To refuse a repeat and count them. */
export function methodKeys(
  q: Queryable,
  userId: number,
): Promise<{ dc_address: string; payee_account: string; currency_id: number }[]> {
  return q.query('SELECT dc_address, payee_account, currency_id FROM payout_methods WHERE user_id = $1', [userId]);
}

export async function insertMethod(
  q: Queryable,
  m: { userId: number; type: number; currencyId: number; fields: MethodFields; at: number; usableFrom: number },
): Promise<void> {
  await q.query(
    `INSERT INTO payout_methods (user_id, type, currency_id, ${FIELD_COLUMNS}, created_at, usable_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [m.userId, m.type, m.currencyId, ...METHOD_COLUMNS.map((k) => m.fields[k] ?? ''), m.at, m.usableFrom],
  );
}

/** False when there is none with that id, someone else's included. */
export async function deleteMethod(db: Queryable, id: number, userId: number): Promise<boolean> {
  const gone = await db.query('DELETE FROM payout_methods WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return gone.length > 0;
}
