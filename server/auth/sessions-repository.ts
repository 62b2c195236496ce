// The SQL behind /mine/security (docs/security.md "Sessions and devices").
import type { Queryable } from '../db/db.ts';
import { endSessions } from './tokens.ts';

export const LAST_SEEN_EVERY_MS = 60_000;

interface SessionRow {
  id: number;
  token_hash: string;
  device: string;
  address: string;
  created_at: string;
  last_seen_at: string;
}

export function userSessions(q: Queryable, userId: number, now: number): Promise<SessionRow[]> {
  return q.query<SessionRow>(
    `SELECT id, token_hash, device, address, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND expires_at > $2 ORDER BY GREATEST(last_seen_at, created_at) DESC, id DESC`,
    [userId, now],
  );
}

/** Null when the session is not theirs; the hash logs its sockets out. */
export async function deleteSession(q: Queryable, userId: number, id: number, now: number): Promise<string | null> {
  const [ended] = await endSessions(q, 'id = $1 AND user_id = $2', [id, userId], now);
  return ended ?? null;
}

/** One conditional UPDATE, so a busy session costs one small write a minute. */
export async function touchSession(q: Queryable, tokenHash: string, now: number): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $3', [
    tokenHash,
    now,
    now - LAST_SEEN_EVERY_MS,
  ]);
}
