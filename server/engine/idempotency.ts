// docs/trading.md "Idempotency": a rejected submit rolls back its claim, so it can be retried.
import type { Queryable } from '../db/db.ts';
import type { Order } from '../../domain/types.ts';
import { ApiError } from '../http/envelope.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency.ts';

export { IDEMPOTENCY_HEADER };
const KEY_RE = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** null when absent; ApiError when present but malformed. */
export function idempotencyKeyOf(header: unknown): string | null {
  const raw = Array.isArray(header) ? (header[0] as unknown) : header;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !KEY_RE.test(raw)) throw new ApiError('idempotency_key_invalid');
  return raw;
}

/** After defaults, so the same request however it was written has the same text. */
export function paramsFingerprint(instrumentId: number, input: Record<string, string | number | undefined>): string {
  const keys = Object.keys(input).sort();
  return JSON.stringify([instrumentId, ...keys.map((k) => [k, input[k] === undefined ? null : String(input[k])])]);
}

/** orderId null until answered. */
export interface StoredKey {
  orderId: number | null;
  first: Order;
  params: string;
}

export async function storedAnswer(q: Queryable, userId: number, key: string): Promise<StoredKey | null> {
  const rows = await q.query<{ response: string; order_id: number | null; params: string }>(
    'SELECT response, order_id, params FROM order_idempotency WHERE user_id = $1 AND idem_key = $2',
    [userId, key],
  );
  const row = rows[0];
  if (!row?.response) return null;
  return { orderId: row.order_id, first: JSON.parse(row.response) as Order, params: row.params };
}

/** A key claimed before parameters were kept matches. */
export function checkSameParams(stored: StoredKey, params: string): void {
  if (stored.params !== '' && stored.params !== params) throw new ApiError('idempotency_key_reused');
}

/** false when another request already holds it (committed); a concurrent one waits on the key's row. */
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
