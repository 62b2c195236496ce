// Values (a code among them) are kept only while the row is live (docs/notifications.md "The queue").
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed';

export interface NewDelivery extends Pick<ClaimedDelivery, 'kind' | 'channel' | 'recipient' | 'lang' | 'payload'> {
  ref: string;
  userId: number | null;
  codeRef: string | null;
}

export interface ClaimedDelivery {
  id: string;
  message_ref: string;
  kind: string;
  channel: 'sms' | 'email';
  recipient: string;
  lang: string | null;
  user_id: number | null;
  payload: string | null;
  attempts: number;
  lease_until: string;
}

interface DeliveryRow extends Pick<
  ClaimedDelivery,
  'id' | 'message_ref' | 'kind' | 'channel' | 'recipient' | 'attempts'
> {
  state: DeliveryState;
  provider: string | null;
  provider_id: string | null;
  last_error: string | null;
  created_at: string;
  due_at: string;
  sent_at: string | null;
}

/** Hashed: the key itself is a capability. */
export const codeRefOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Queued to send, or recorded as sent to the outbox (without its values, as a sent row). */
export async function insertDelivery(q: Queryable, d: NewDelivery, now: number, outbox: boolean): Promise<void> {
  await q.query(
    `INSERT INTO deliveries (message_ref, kind, channel, recipient, lang, user_id, payload, code_ref, state, provider,
                             attempts, due_at, created_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)`,
    [
      ...[d.ref, d.kind, d.channel, d.recipient, d.lang, d.userId, outbox ? null : d.payload, d.codeRef],
      ...(outbox ? ['sent', 'outbox', 1, now, now] : ['queued', null, 0, now, null]),
    ],
  );
}

/** `sending` rows whose lease ran out are claimed again: their sender died between claim and mark. */
export function claimDue(q: Queryable, now: number, leaseUntil: number, limit: number): Promise<ClaimedDelivery[]> {
  return q.query<ClaimedDelivery>(
    `UPDATE deliveries SET state = 'sending', lease_until = $2, attempts = attempts + 1
      WHERE id IN (SELECT id FROM deliveries
                    WHERE (state = 'queued' AND due_at <= $1) OR (state = 'sending' AND lease_until <= $1)
                    ORDER BY due_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id, message_ref, kind, channel, recipient, lang, user_id, payload, attempts, lease_until`,
    [now, leaseUntil, limit],
  );
}

/** A claim that outlived its lease changes nothing. */
export async function markSent(
  q: Queryable,
  row: ClaimedDelivery,
  provider: string,
  providerId: string | null,
  now: number,
): Promise<boolean> {
  const done = await q.query(
    `UPDATE deliveries SET state = 'sent', provider = $3, provider_id = $4, sent_at = $5, payload = NULL,
            lease_until = NULL, last_error = NULL
      WHERE id = $1 AND state = 'sending' AND lease_until = $2 RETURNING id`,
    [row.id, row.lease_until, provider, providerId, now],
  );
  return done.length > 0;
}

/** Queued again at `dueAt`, or failed for good without its values when null; guarded as markSent. */
export async function markUnsent(
  q: Queryable,
  row: ClaimedDelivery,
  provider: string,
  error: string,
  dueAt: number | null,
): Promise<void> {
  await q.query(
    `UPDATE deliveries SET provider = $3, last_error = $4, lease_until = NULL,
            state = CASE WHEN $5::bigint IS NULL THEN 'failed' ELSE 'queued' END, due_at = COALESCE($5, due_at),
            payload = CASE WHEN $5::bigint IS NULL THEN NULL ELSE payload END
      WHERE id = $1 AND state = 'sending' AND lease_until = $2`,
    [row.id, row.lease_until, provider, error, dueAt],
  );
}

export function newestDeliveries(q: Queryable, to: string, state: string, limit: number): Promise<DeliveryRow[]> {
  return q.query<DeliveryRow>(
    `SELECT id, message_ref, kind, channel, recipient, state, provider, provider_id, attempts, last_error,
            created_at, due_at, sent_at
       FROM deliveries
      WHERE ($1 = '' OR lower(recipient) = $1 OR recipient LIKE '%' || $1) AND ($2 = '' OR state = $2)
      ORDER BY id DESC LIMIT $3`,
    [to, state, limit],
  );
}

export async function deliveryStateByKey(q: Queryable, key: string): Promise<DeliveryState | null> {
  const rows = await q.query<{ state: DeliveryState }>(
    'SELECT state FROM deliveries WHERE code_ref = $1 ORDER BY id DESC LIMIT 1',
    [codeRefOf(key)],
  );
  return rows[0]?.state ?? null;
}
