// "This wasn't me" (docs/security.md "Second factor"): a second factor turned on is told to the owner on every
// channel with a one-click link. Its token (random, single use, 7 days; only its sha256 kept) freezes the account's
// withdrawals until an operator lifts the freeze, ends every session and removes the factor, so a thief who enrolled
// their own authenticator can neither withdraw nor lock the owner out. The link carries the token after the `#`:
// a browser never sends that part to a server, so it reaches no access log.
import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS } from '../../domain/time.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getSetting } from '../settings/settings.ts';
import { removeFactor } from './second-factor-repository.ts';
import { revokeSessions } from './tokens.ts';

export const DISOWN_TTL_MS = 7 * DAY_MS;

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token for `userId`'s "this wasn't me" link, and the link (the `site_url` setting's address). */
export async function disownLink(q: Queryable, userId: number, now: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await q.query('INSERT INTO disown_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hash(token),
    userId,
    now,
    now + DISOWN_TTL_MS,
  ]);
  const site = (await getSetting(q, 'site_url')) ?? '';
  return `${site.replace(/\/+$/, '')}/#/not-me?t=${token}`;
}

/** Spends the token: freezes withdrawals, ends every session, removes the factor. Answers whose account it was. */
export async function disown(db: Db, token: string, now: number): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query<{ user_id: number }>(
      `UPDATE disown_tokens SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [hash(token.trim()), now],
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

/** When the account's withdrawals were frozen by its owner (0: not frozen). */
export async function withdrawalsFrozenAt(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ at: string }>('SELECT withdrawals_frozen_at AS at FROM users WHERE id = $1', [userId]);
  return Number(rows[0]?.at ?? 0);
}

/** An operator lifts the freeze, once they have heard from the owner; answers whether one was on. */
export async function liftFreeze(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query(
    'UPDATE users SET withdrawals_frozen_at = 0 WHERE id = $1 AND withdrawals_frozen_at <> 0 RETURNING id',
    [userId],
  );
  return rows.length === 1;
}
