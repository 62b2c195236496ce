import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { sessionGone, signedOutElsewhere } from '../http/envelope.ts';
import { endedElsewhereAt, tokenFromHeader, tokenHash } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';
import { LAST_SEEN_EVERY_MS, touchSession } from './sessions-repository.ts';

/** The websocket login uses this. */
export async function userFromToken(ctx: Pick<AppContext, 'db' | 'clock'>, token: string): Promise<UserRow | null> {
  const clean = tokenFromHeader(token);
  if (!clean) return null;
  const now = ctx.clock.now();
  const hash = tokenHash(clean);
  const rows = await ctx.db.query<UserRow & { seen_at?: string }>(
    `SELECT ${USER_COLUMNS}, s.last_seen_at AS seen_at FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hash, now],
  );
  const row = rows[0];
  if (!row) return null;
  const { seen_at: seenAt, ...user } = row;
  // Written at most once a minute, so most requests add no write.
  if (now - Number(seenAt ?? 0) >= LAST_SEEN_EVERY_MS) await touchSession(ctx.db, hash, now);
  return user;
}

/** The websocket's refused login says it. */
export async function endedElsewhere(ctx: Pick<AppContext, 'db' | 'clock'>, token: string): Promise<number | null> {
  const clean = tokenFromHeader(token);
  return clean ? endedElsewhereAt(ctx.db, clean, ctx.clock.now()) : null;
}

export async function sessionUser(ctx: Pick<AppContext, 'db' | 'clock'>, request: FastifyRequest): Promise<UserRow> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw sessionGone();
  const user = await userFromToken(ctx, token);
  if (user) return user;
  const endedAt = await endedElsewhereAt(ctx.db, token, ctx.clock.now());
  throw endedAt === null ? sessionGone() : signedOutElsewhere(endedAt);
}

export function requestToken(request: FastifyRequest): string | null {
  return tokenFromHeader(request.headers.authorization);
}
