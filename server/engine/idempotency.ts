// Submit idempotency: the first request with a key claims it inside its transaction; a retry (even a concurrent one,
// which waits on the key's row) gets the first answer back. A rejected submit rolls back its claim, so it can be retried.
import type { Queryable } from '../db/db.ts';
import type { Order } from '../../domain/types.ts';
import { ApiError } from '../http/envelope.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[A-Za-z0-9_-]{1,100}$/;

/** The header's key, null when absent; ApiError when present but malformed. */
export function idempotencyKeyOf(header: unknown): string | null {
  const raw = Array.isArray(header) ? (header[0] as unknown) : header;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !KEY_RE.test(raw)) throw new ApiError('idempotency_key_invalid');
  return raw;
}

/** The stored first answer for this key, if any (outside or inside a transaction). */
export async function storedAnswer(q: Queryable, userId: number, key: string): Promise<Order | null> {
  const rows = await q.query<{ response: string }>(
    'SELECT response FROM order_idempotency WHERE user_id = $1 AND idem_key = $2',
    [userId, key],
  );
  const text = rows[0]?.response;
  return text ? (JSON.parse(text) as Order) : null;
}

/** Claims the key in the caller's transaction; false when another request already holds it (committed). */
export async function claimKey(q: Queryable, userId: number, key: string, now: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO order_idempotency (user_id, idem_key, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, idem_key) DO NOTHING RETURNING user_id`,
    [userId, key, now],
  );
  return rows.length === 1;
}

export async function saveAnswer(q: Queryable, userId: number, key: string, order: Order): Promise<void> {
  await q.query('UPDATE order_idempotency SET order_id = $3, response = $4 WHERE user_id = $1 AND idem_key = $2', [
    userId,
    key,
    order.Id,
    JSON.stringify(order),
  ]);
}
