// Only a token's sha256 is stored, so a database leak gives no usable session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { MAX_SESSIONS_PER_USER } from '../security/limits.ts';
import { DAY_MS } from '../../domain/time.ts';

/** docs/security.md "Sessions and devices". */
export interface SessionOrigin {
  device: string;
  address: string;
}

export const SESSION_TTL_MS = 30 * DAY_MS;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Compared as digests of one length, so the time says nothing of how much of a secret was right. */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

/** Beyond MAX_SESSIONS_PER_USER the oldest end, so a leaked password cannot hold unbounded tokens. */
export async function issueToken(
  q: Queryable,
  userId: number,
  now: number,
  seen: SessionOrigin = { device: '', address: '' },
): Promise<string> {
  const token = newToken();
  // Dropping the user's own expired sessions keeps the table from growing (indexed by user).
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
  await q.query(
    `INSERT INTO sessions (user_id, token_hash, created_at, expires_at, device, address, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $3)`,
    [userId, tokenHash(token), now, now + SESSION_TTL_MS, seen.device, seen.address],
  );
  await q.query(
    `DELETE FROM sessions WHERE user_id = $1
       AND id NOT IN (SELECT id FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT $2)`,
    [userId, MAX_SESSIONS_PER_USER],
  );
  return token;
}

export async function revokeSessions(q: Queryable, userId: number, now: number, keepToken?: string): Promise<void> {
  await endSessions(q, 'user_id = $1 AND token_hash <> $2', [userId, keepToken ? tokenHash(keepToken) : ''], now);
}

/** Each ended token is noted (sessions_ended) so the device holding it learns why. */
export async function endSessions(
  q: Queryable,
  where: string,
  params: ReadonlyArray<string | number>,
  now: number,
): Promise<string[]> {
  const at = params.length + 1;
  await q.query(`DELETE FROM sessions_ended WHERE expires_at <= $1`, [now]);
  const rows = await q.query<{ token_hash: string }>(
    `WITH gone AS (DELETE FROM sessions WHERE ${where} RETURNING token_hash, user_id, expires_at)
     INSERT INTO sessions_ended (token_hash, user_id, ended_at, expires_at)
     SELECT token_hash, user_id, $${at}, expires_at FROM gone
     ON CONFLICT (token_hash) DO UPDATE SET ended_at = EXCLUDED.ended_at RETURNING token_hash`,
    [...params, now],
  );
  return rows.map((r) => r.token_hash);
}

/** Null when unknown, expired or logged out here. */
export async function endedElsewhereAt(q: Queryable, token: string, now: number): Promise<number | null> {
  const rows = await q.query<{ ended_at: string }>(
    'SELECT ended_at FROM sessions_ended WHERE token_hash = $1 AND expires_at > $2',
    [tokenHash(token), now],
  );
  return rows[0] ? Number(rows[0].ended_at) : null;
}

/** Returns its user so their sockets can be told. */
export async function revokeToken(q: Queryable, token: string): Promise<number | null> {
  const rows = await q.query<{ user_id: number }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id', [
    tokenHash(token),
  ]);
  return rows[0]?.user_id ?? null;
}

/** The spec's client sends the token without "Bearer". */
export function tokenFromHeader(header: unknown): string | null {
  const raw = Array.isArray(header) ? (header[0] as unknown) : header;
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  const token = /^bearer\s+/i.test(trimmed) ? trimmed.replace(/^bearer\s+/i, '') : trimmed;
  // base64url of 32 bytes is 43 chars; anything else cannot be ours, so skip the query.
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
