// The token rides after the `#`, which a browser never sends to a server, so it reaches no access log.
import { randomBytes } from 'node:crypto';
import { DAY_MS } from '../../domain/time.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getSetting } from '../settings/settings.ts';
import { removeFactor } from './second-factor-repository.ts';
import { revokeSessions, tokenHash } from './tokens.ts';

const DISOWN_TTL_MS = 7 * DAY_MS;

export async function disownLink(q: Queryable, userId: number, now: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await q.query('INSERT INTO disown_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash(token),
    userId,
    now,
    now + DISOWN_TTL_MS,
  ]);
  const site = (await getSetting(q, 'site_url')) ?? '';
  return `${site.replace(/\/+$/, '')}/#/not-me?t=${token}`;
}

/** A thief who enrolled their own authenticator can then neither withdraw nor lock the owner out. */
export async function disown(db: Db, token: string, now: number): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query<{ user_id: number }>(
      `UPDATE disown_tokens SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [tokenHash(token.trim()), now],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) throw new ApiError('not_me_invalid');
    await q.query('UPDATE users SET withdrawals_frozen_at = $2 WHERE id = $1 AND withdrawals_frozen_at = 0', [
      userId,
      now,
    ]);
    await removeFactor(q, { kind: 'user', id: userId });
    await revokeSessions(q, userId, now);
    return userId;
  });
}

/** 0: not frozen. */
export async function withdrawalsFrozenAt(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ at: string }>('SELECT withdrawals_frozen_at AS at FROM users WHERE id = $1', [userId]);
  return Number(rows[0]?.at ?? 0);
}

/** Only after the operator has heard from the owner. */
export async function liftFreeze(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query(
    'UPDATE users SET withdrawals_frozen_at = 0 WHERE id = $1 AND withdrawals_frozen_at <> 0 RETURNING id',
    [userId],
  );
  return rows.length === 1;
}
