import type { Queryable } from '../db/db.ts';

export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  body: string;
  created_at: string; // ms epoch as text
  /** A password-reset code: only its owner may read it. */
  owner_only: boolean;
}

export async function leaveInOutbox(
  q: Queryable,
  channel: string,
  to: string,
  body: string,
  at: number,
  ownerOnly = false,
): Promise<void> {
  await q.query('INSERT INTO outbox (channel, recipient, body, created_at, owner_only) VALUES ($1, $2, $3, $4, $5)', [
    channel,
    to,
    body,
    at,
    ownerOnly,
  ]);
}

/** `to` matches equal, or ending with it. */
export function newestOutbox(q: Queryable, to: string, limit: number): Promise<OutboxMessage[]> {
  return q.query<OutboxMessage>(
    `SELECT id, channel, recipient, body, created_at, owner_only FROM outbox
      WHERE $1 = '' OR lower(recipient) = $1 OR recipient LIKE '%' || $1
      ORDER BY id DESC LIMIT $2`,
    [to, limit],
  );
}
