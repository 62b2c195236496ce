// POST /api/common/image_upload: one image (PNG, JPEG, GIF or WebP, checked by its bytes) up to 5 MB, stored under
// DATA_DIR/uploads/YYYY-MM/ with a random name and served at /uploads/…. Needs a session.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { UPLOAD_MAX_BYTES } from '../app.ts';
import { sessionUser } from '../auth/session.ts';
import { ApiError, ok } from '../http/envelope.ts';

/** The image type from its first bytes; the client's file name and Content-Type are not trusted. */
export function sniffImage(buf: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

export function uploadRoutes(uploadsDir: string) {
  return async function imageUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
    app.post('/api/common/image_upload', async (request) => {
      await sessionUser(ctx, request);
      if (!request.isMultipart()) throw new ApiError('file_required');
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw new ApiError('file_required');
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new ApiError('file_too_large', undefined, { mb: UPLOAD_MAX_BYTES / (1024 * 1024) });
        }
        throw err;
      }
      if (buf.length === 0) throw new ApiError('file_required');
      const ext = sniffImage(buf);
      if (!ext) throw new ApiError('file_type');
      const month = new Date(ctx.clock.now()).toISOString().slice(0, 7);
      const name = `${randomBytes(16).toString('base64url')}.${ext}`;
      await mkdir(join(uploadsDir, month), { recursive: true });
      await writeFile(join(uploadsDir, month, name), buf, { flag: 'wx' });
      return ok({ url: `/uploads/${month}/${name}` });
    });
  };
}
