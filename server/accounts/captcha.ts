// Picture captchas (verify_reg_type 2): a random 4–5 character answer, valid 5 minutes, single use; any wrong
// answer burns it so each image allows one guess.
import { randomBytes, randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { CAPTCHA_ALPHABET, renderCaptchaSvg } from './captcha-svg.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export interface CaptchaImage {
  id: string;
  b64s: string; // data:image/svg+xml;base64,…
}

export function randomAnswer(): string {
  const length = randomInt(4, 6);
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)] ?? 'A';
  return s;
}

export async function createCaptcha(db: Db, now: number): Promise<CaptchaImage> {
  const id = randomBytes(16).toString('base64url');
  const answer = randomAnswer();
  // Expired captchas are of no use to anyone: sweep them while we are here.
  await db.query('DELETE FROM captchas WHERE expires_at < $1', [now - CAPTCHA_TTL_MS]);
  await db.query('INSERT INTO captchas (id, answer, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    id,
    answer,
    now,
    now + CAPTCHA_TTL_MS,
  ]);
  const svg = renderCaptchaSvg(answer);
  return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Checks the answer before the caller's transaction (a wrong answer burns the captcha); returns the id. */
export async function verifyCaptcha(db: Db, key: string, given: string, now: number): Promise<string> {
  const rows = await db.query<{ answer: string; expires_at: string; used_at: string | null }>(
    'SELECT answer, expires_at, used_at FROM captchas WHERE id = $1',
    [key],
  );
  const row = rows[0];
  if (!row || row.used_at !== null) throw new ApiError('captcha_invalid');
  if (Number(row.expires_at) <= now) throw new ApiError('captcha_expired');
  if (row.answer !== given.trim().toUpperCase()) {
    await db.query('UPDATE captchas SET used_at = $2 WHERE id = $1', [key, now]);
    throw new ApiError('captcha_invalid');
  }
  return key;
}

export async function consumeCaptcha(q: Queryable, key: string, now: number): Promise<void> {
  const rows = await q.query('UPDATE captchas SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [
    key,
    now,
  ]);
  if (rows.length === 0) throw new ApiError('captcha_invalid');
}
