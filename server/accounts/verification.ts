// A code is named by a key only its requester gets, so nobody else can spend its attempts or burn a reset code.
import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../../domain/time.ts';
import type { Language } from '../../domain/types.ts';
import type { AppContext } from '../core/app-context.ts';
import type { Notifier } from '../core/services.ts';
import { sameSecret } from '../auth/tokens.ts';
import type { UserRow } from '../auth/users.ts';
import { areaPrefix } from './area-codes.ts';
import { e164 } from './identity.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { spendDaily, sweepCounters } from '../security/counters.ts';
import type { Limits } from '../security/limits.ts';
import { CODE_RESEND_SECONDS } from '../../domain/code-resend.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = CODE_RESEND_SECONDS * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type CodeChannel = 'sms' | 'email';
export const PURPOSE_REGISTER = 1;
export const PURPOSE_RESET = 2;
/** Used when the account has no second factor (docs/security.md "Withdrawal confirmation"). */
export const PURPOSE_WITHDRAW = 3;
export type CodePurpose = typeof PURPOSE_REGISTER | typeof PURPOSE_RESET | typeof PURPOSE_WITHDRAW;

interface CodeTarget {
  channel: CodeChannel;
  target: string; // normalised: mobile digits or lower-case e-mail
  purpose: CodePurpose;
}

/** The key goes to the caller only, never in the message; the IP is capped per day so no one sprays codes. */
export async function issueCode(
  deps: { db: Db; clock: Clock; notifier: Notifier; limits: Limits },
  t: CodeTarget,
  recipient: string,
  lang: Language,
  address?: string,
  /** Its message carries the account's anti-phishing phrase. */
  userId?: number,
): Promise<string> {
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = randomBytes(16).toString('base64url');
  await deps.db.tx(async (q) => {
    // A withdrawal code keeps its own resend window: the owner must not wait on another code sent a moment before.
    const [last] = await q.query<{ created_at: string }>(
      `SELECT created_at FROM verification_codes WHERE channel = $1 AND target = $2
          AND (purpose = $3) = $4
        ORDER BY created_at DESC LIMIT 1`,
      [t.channel, t.target, PURPOSE_WITHDRAW, t.purpose === PURPOSE_WITHDRAW],
    );
    const wait = last ? RESEND_AFTER_MS - (now - Number(last.created_at)) : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      // The client's "Send code" counts the wait down, also after leaving the page and coming back.
      throw new ApiError('code_too_frequent', undefined, { seconds }, 200, {}, { resend_after: seconds });
    }
    // Outside the resend window only: a refused resend does not eat the day's allowance.
    const caps = deps.limits;
    // Counted per mailbox or phone as delivered: the normalised address, the E.164 number.
    await spendDaily(q, 'code_send_target', `${t.channel}:${recipient}`, now, caps.daily('code_send_target'));
    if (address !== undefined) await spendDaily(q, 'code_send_address', address, now, caps.daily('code_send_address'));
    await sweepCounters(q, now);
    // Expired codes can never be used again: keep the table small.
    await q.query('DELETE FROM verification_codes WHERE channel = $1 AND target = $2 AND created_at < $3', [
      t.channel,
      t.target,
      now - CODE_TTL_MS,
    ]);
    await q.query(
      `INSERT INTO verification_codes (channel, target, purpose, code, created_at, expires_at, code_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [t.channel, t.target, t.purpose, code, now, now + CODE_TTL_MS, key],
    );
  });
  await deps.notifier.send({
    kind: 'verification_code',
    channel: t.channel,
    to: recipient,
    lang,
    values: { code, minutes: CODE_TTL_MS / 60_000 },
    ref: key,
    userId,
    // A reset code gives the account to whoever reads it: never shown to staff in the outbox.
    ownerOnly: t.purpose === PURPOSE_RESET,
  });
  return key;
}

/** Each check spends an attempt as it reads the code, outside any transaction, so parallel guesses all count. */
export async function verifyCode(
  deps: { db: Db; limits: Limits },
  t: CodeTarget,
  key: string | undefined,
  given: string,
  now: number,
  accountId?: number,
): Promise<number> {
  const { db, limits } = deps;
  const codeKey = (key ?? '').trim();
  if (!codeKey) throw new ApiError('code_invalid');
  if (accountId !== undefined) {
    await spendDaily(db, 'code_guess_account', String(accountId), now, limits.daily('code_guess_account'));
  }
  const claimed = await db.query<{ id: number; code: string }>(
    `UPDATE verification_codes SET attempts = attempts + 1
      WHERE code_key = $1 AND channel = $2 AND target = $3 AND purpose = $4
        AND used_at IS NULL AND expires_at > $5 AND attempts < $6
      RETURNING id, code`,
    [codeKey, t.channel, t.target, t.purpose, now, MAX_CODE_ATTEMPTS],
  );
  const row = claimed[0];
  if (row) {
    if (!sameSecret(given.trim(), row.code)) throw new ApiError('code_invalid');
    return row.id;
  }
  // Read why only to choose the message.
  const rows = await db.query<{ expires_at: string; used_at: string | null }>(
    `SELECT expires_at, used_at FROM verification_codes
      WHERE code_key = $1 AND channel = $2 AND target = $3 AND purpose = $4`,
    [codeKey, t.channel, t.target, t.purpose],
  );
  const last = rows[0];
  if (last && last.used_at !== null) throw new ApiError('code_used');
  if (last && Number(last.expires_at) <= now) throw new ApiError('code_expired');
  throw new ApiError('code_invalid');
}

/** A concurrent request that used the code first makes this throw code_used. */
export async function consumeCode(q: Queryable, id: number, now: number): Promise<void> {
  const rows = await q.query(
    'UPDATE verification_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
    [id, now],
  );
  if (rows.length === 0) throw new ApiError('code_used');
}

/** Used when the code is sent and when it is checked, so both name the same target. */
export async function codeAddress(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
): Promise<{ channel: 'email' | 'sms'; target: string; recipient: string }> {
  if (user.email) return { channel: 'email', target: user.email, recipient: user.email };
  const prefix = user.mobile && user.area_id !== null ? await areaPrefix(ctx.db, user.area_id) : null;
  if (!user.mobile || prefix === null) throw new ApiError('code_invalid');
  return { channel: 'sms', target: user.mobile, recipient: e164(prefix, user.mobile) };
}
