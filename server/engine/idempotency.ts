// Submit idempotency (docs/trading.md "Idempotency", as Stripe has it): the first request with a key claims it inside
// its transaction, with the parameters it carried; a retry (even a concurrent one, which waits on the key's row) with
// the same parameters gets the order as it is now, one with other parameters is refused (idempotency_key_reused). A
// rejected submit rolls back its claim, so it can be retried.
import type { Queryable } from '../db/db.ts';
import type { Order } from '../../domain/types.ts';
import { ApiError } from '../http/envelope.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency.ts';

export { IDEMPOTENCY_HEADER };
const KEY_RE = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The header's key, null when absent; ApiError when present but malformed. */
export function idempotencyKeyOf(header: unknown): string | null {
  const raw = Array.isArray(header) ? (header[0] as unknown) : header;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !KEY_RE.test(raw)) throw new ApiError('idempotency_key_invalid');
  return raw;
}

/** One text for a submit's parameters (after defaults), the same for the same request however it was written. */
export function paramsFingerprint(instrumentId: number, input: Record<string, string | number | undefined>): string {
  const keys = Object.keys(input).sort();
  return JSON.stringify([instrumentId, ...keys.map((k) => [k, input[k] === undefined ? null : String(input[k])])]);
}

/** What a key was first used for: its order id (null until answered), the answer then, and its parameters. */
export interface StoredKey {
  orderId: number | null;
  first: Order;
  params: string;
}

/** The stored first answer for this key, if any (outside or inside a transaction). */
export async function storedAnswer(q: Queryable, userId: number, key: string): Promise<StoredKey | null> {
  const rows = await q.query<{ response: string; order_id: number | null; params: string }>(
    'SELECT response, order_id, params FROM order_idempotency WHERE user_id = $1 AND idem_key = $2',
    [userId, key],
  );
  const row = rows[0];
  if (!row?.response) return null;
  return { orderId: row.order_id, first: JSON.parse(row.response) as Order, params: row.params };
}

/** The key's use for these parameters: refused when they differ (a key claimed before parameters were kept matches). */
export function checkSameParams(stored: StoredKey, params: string): void {
  if (stored.params !== '' && stored.params !== params) throw new ApiError('idempotency_key_reused');
}

/** Claims the key in the caller's transaction; false when another request already holds it (committed). */
export async function claimKey(
  q: Queryable,
  userId: number,
  key: string,
  params: string,
  now: number,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO order_idempotency (user_id, idem_key, created_at, params) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, idem_key) DO NOTHING RETURNING user_id`,
    [userId, key, now, params],
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
