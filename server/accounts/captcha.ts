// Any answer burns the captcha, so each image allows exactly one guess.
import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { CAPTCHA_ALPHABET, renderCaptchaSvg } from './captcha-svg.ts';

const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export interface CaptchaImage {
  id: string;
  b64s: string;
}

export async function createCaptcha(db: Db, now: number): Promise<CaptchaImage> {
  const id = randomBytes(16).toString('base64url');
  const length = randomInt(4, 6);
  let answer = '';
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)] ?? 'A';
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

/** The UPDATE that marks it used is also the read, so of parallel answers exactly one is compared. */
export async function verifyCaptcha(db: Db, key: string, given: string, now: number): Promise<string> {
  const claimed = await db.query<{ answer: string }>(
    'UPDATE captchas SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING answer',
    [key, now],
  );
  const row = claimed[0];
  if (!row) {
    const rows = await db.query<{ expires_at: string; used_at: string | null }>(
      'SELECT expires_at, used_at FROM captchas WHERE id = $1',
      [key],
    );
    const last = rows[0];
    if (last && last.used_at === null && Number(last.expires_at) <= now) throw new ApiError('captcha_expired');
    throw new ApiError('captcha_invalid');
  }
  if (row.answer !== given.trim().toUpperCase()) throw new ApiError('captcha_invalid');
  return key;
}
