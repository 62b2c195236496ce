// The uploads table; daily caps per user keep it bounded.
import { randomBytes } from 'node:crypto';
import { queryOne, type Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { CleanImage } from './image.ts';
import { DAY_MS } from '../../domain/time.ts';

export const UPLOAD_PATH = '/api/common/image/';
export const UPLOADS_PER_DAY = 30;
export const UPLOAD_BYTES_PER_DAY = 40 * 1024 * 1024;
const ID_RE = /^[A-Za-z0-9_-]{22}$/;

export interface UploadRow {
  id: string;
  user_id: number;
  mime: string;
  bytes: number;
  created_at: string;
}

export const uploadUrl = (id: string): string => `${UPLOAD_PATH}${id}`;

/** Accepts the relative or absolute form. */
export function uploadIdOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const at = url.indexOf(UPLOAD_PATH);
  if (at < 0) return null;
  const id = url.slice(at + UPLOAD_PATH.length);
  return ID_RE.test(id) ? id : null;
}

/** Counts and bytes of the last 24 hours. */
export async function checkQuota(q: Queryable, userId: number, bytes: number, now: number): Promise<void> {
  const rows = await q.query<{ n: string; total: string | null }>(
    'SELECT count(*)::text AS n, sum(bytes)::text AS total FROM uploads WHERE user_id = $1 AND created_at > $2',
    [userId, now - DAY_MS],
  );
  const n = Number(rows[0]?.n ?? 0);
  const total = Number(rows[0]?.total ?? 0);
  if (n + 1 > UPLOADS_PER_DAY || total + bytes > UPLOAD_BYTES_PER_DAY) throw new ApiError('upload_quota');
}

export async function saveUpload(q: Queryable, userId: number, img: CleanImage, now: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await q.query(
    `INSERT INTO uploads (id, user_id, mime, bytes, width, height, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, userId, img.mime, img.data.length, img.width, img.height, img.data, now],
  );
  return id;
}

export async function readUpload(
  q: Queryable,
  id: string,
): Promise<{ user_id: number; mime: string; data: Buffer } | null> {
  if (!ID_RE.test(id)) return null;
  const rows = await q.query<{ user_id: number; mime: string; data: Uint8Array }>(
    'SELECT user_id, mime, data FROM uploads WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { user_id: row.user_id, mime: row.mime, data: Buffer.from(row.data) } : null;
}

/** Null for a foreign, unknown or malformed URL. */
export async function ownedUpload(q: Queryable, userId: number, url: unknown): Promise<UploadRow | null> {
  const id = uploadIdOf(url);
  if (!id) return null;
  return queryOne<UploadRow>(
    q,
    'SELECT id, user_id, mime, bytes, created_at FROM uploads WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
}
