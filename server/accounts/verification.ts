// Sent verification codes: random 6 digits, valid 10 minutes, single use, one send per target per 60 s, and a
// few wrong guesses burn the code. Only the newest code of a target counts (a resend replaces the old one).
import { randomInt } from 'node:crypto';
import type { Clock, Notifier } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type CodeChannel = 'sms' | 'email';
export const PURPOSE_REGISTER = 1;
export const PURPOSE_RESET = 2;
export type CodePurpose = typeof PURPOSE_REGISTER | typeof PURPOSE_RESET;

export interface CodeTarget {
  channel: CodeChannel;
  target: string; // normalised: mobile digits or lower-case e-mail
  purpose: CodePurpose;
}

interface CodeRow {
  id: number;
  code: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
}

/** Throws code_too_frequent when the target got a code less than 60 s ago (any purpose). */
export async function checkResend(q: Queryable, channel: CodeChannel, target: string, now: number): Promise<void> {
  const rows = await q.query<{ created_at: string }>(
    'SELECT created_at FROM verification_codes WHERE channel = $1 AND target = $2 ORDER BY created_at DESC LIMIT 1',
    [channel, target],
  );
  const last = rows[0];
  if (last && now - Number(last.created_at) < RESEND_AFTER_MS) {
    const seconds = Math.ceil((RESEND_AFTER_MS - (now - Number(last.created_at))) / 1000);
    throw new ApiError('code_too_frequent', undefined, { seconds });
  }
}

/** Stores a new code and hands its text to the notifier. `recipient` is the address the gateway needs. */
export async function issueCode(
  deps: { db: Db; clock: Clock; notifier: Notifier },
  t: CodeTarget,
  recipient: string,
  text: (code: string) => string,
): Promise<void> {
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.tx(async (q) => {
    await checkResend(q, t.channel, t.target, now);
    // Older codes of this address can never be used again (only the newest counts): keep the table small.
    await q.query('DELETE FROM verification_codes WHERE channel = $1 AND target = $2 AND created_at < $3', [
      t.channel,
      t.target,
      now - CODE_TTL_MS,
    ]);
    await q.query(
      `INSERT INTO verification_codes (channel, target, purpose, code, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [t.channel, t.target, t.purpose, code, now, now + CODE_TTL_MS],
    );
  });
  await deps.notifier.send(t.channel, recipient, text(code));
}

/**
 * Checks a code before the caller's transaction and returns its id (consume it inside the transaction with
 * consumeCode). A wrong guess counts an attempt, outside any transaction, so rolling back cannot undo it.
 */
export async function verifyCode(db: Db, t: CodeTarget, given: string, now: number): Promise<number> {
  const rows = await db.query<CodeRow>(
    `SELECT id, code, attempts, expires_at, used_at FROM verification_codes
      WHERE channel = $1 AND target = $2 AND purpose = $3 ORDER BY id DESC LIMIT 1`,
    [t.channel, t.target, t.purpose],
  );
  const row = rows[0];
  if (!row) throw new ApiError('code_invalid');
  if (row.used_at !== null) throw new ApiError('code_used');
  if (Number(row.expires_at) <= now) throw new ApiError('code_expired');
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw new ApiError('code_invalid');
  if (row.code !== given.trim()) {
    await db.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    throw new ApiError('code_invalid');
  }
  return row.id;
}

/** Marks the code used; a concurrent request that used it first makes this throw code_used. */
export async function consumeCode(q: Queryable, id: number, now: number): Promise<void> {
  const rows = await q.query(
    'UPDATE verification_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
    [id, now],
  );
  if (rows.length === 0) throw new ApiError('code_used');
}
