// The sessions' SQL for /mine/security (docs/security.md "Sessions and devices"): an account's sessions with their
// device, address and times; ending one of them; noting when one was last seen, at most once a minute so a busy
// session costs one small write a minute and not one per request.
import type { Queryable } from '../db/db.ts';
import { endSessions } from './tokens.ts';

/** How stale last_seen_at may get before a request writes it again. */
export const LAST_SEEN_EVERY_MS = 60_000;

export interface SessionRow {
  id: number;
  token_hash: string;
  device: string;
  address: string;
  created_at: string;
  last_seen_at: string;
}

/** The user's live sessions, most recently seen first. */
export function userSessions(q: Queryable, userId: number, now: number): Promise<SessionRow[]> {
  return q.query<SessionRow>(
    `SELECT id, token_hash, device, address, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND expires_at > $2 ORDER BY GREATEST(last_seen_at, created_at) DESC, id DESC`,
    [userId, now],
  );
}

/** Ends the user's session `id` (noted as ended from elsewhere at `now`); the ended token's hash (to log its sockets
 * out), or null when it is not theirs. */
export async function deleteSession(q: Queryable, userId: number, id: number, now: number): Promise<string | null> {
  const [ended] = await endSessions(q, 'id = $1 AND user_id = $2', [id, userId], now);
  return ended ?? null;
}

/** Writes last_seen_at when it is older than a minute (one conditional UPDATE: nothing written otherwise). */
export async function touchSession(q: Queryable, tokenHash: string, now: number): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $3', [
    tokenHash,
    now,
    now - LAST_SEEN_EVERY_MS,
  ]);
}
