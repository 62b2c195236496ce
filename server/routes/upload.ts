// Images stay private: served only to the owner and reviewing staff, each staff view an audit row.
import type { FastifyInstance } from 'fastify';
import { CODE_ERROR } from '../../domain/types.ts';
import type { AppContext } from '../core/app-context.ts';
import { UPLOAD_MAX_BYTES } from '../http/http-app.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { lockUser } from '../auth/users.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { opsActor } from '../ops/auth.ts';
import { appendAudit, auditActor } from '../staff/audit-repository.ts';
import { mayUse } from '../staff/rights.ts';
import { cleanImage } from '../uploads/image.ts';
import { checkQuota, readUpload, saveUpload, uploadUrl } from '../uploads/store.ts';
import { UPLOADED } from '../http/wire/wallet.ts';
import { OPS, rawReply, replies, SESSION, sessionRoute } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';

const TAGS = ['Uploads'];

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (uploads) => {
    requireSession(uploads, ctx, { real: true });
    const file = {
      type: 'string',
      format: 'binary',
      description: `PNG, JPEG, GIF or WebP, at most ${UPLOAD_MAX_BYTES} bytes`,
    };
    const describeBody = {
      schema: { type: 'object', properties: { file }, required: ['file'] },
      consumes: ['multipart/form-data'],
      required: true,
    };
    uploads.post(
      '/api/common/image_upload',
      sessionRoute(TAGS, budget('upload'), { describeBody, response: replies(UPLOADED) }),
      async (request) => {
        // Demo users have nothing to upload (docs/contract.md §6), and anonymous demo accounts must not be storage.
        const user = caller(request);
        if (!request.isMultipart()) throw new ApiError('file_required');
        const part = await malformedAs400(() => request.file());
        if (!part || part.fieldname !== 'file') throw new ApiError('file_required');
        const tooLarge = (): ApiError =>
          new ApiError('file_too_large', undefined, { mb: UPLOAD_MAX_BYTES / (1024 * 1024) });
        let buf: Buffer;
        try {
          buf = await malformedAs400(() => part.toBuffer());
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw err;
        }
        // toBuffer misses the limit when the cut falls on the last chunk boundary: check the stream's flag too.
        if (part.file.truncated) throw tooLarge();
        if (buf.length === 0) throw new ApiError('file_required');
        const img = await cleanImage(buf);
        const now = ctx.clock.now();
        const id = await ctx.db.tx(async (q) => {
          // Serialised per user, so parallel uploads cannot all pass the quota together.
          await lockUser(q, user.id);
          await checkQuota(q, user.id, img.data.length, now);
          return saveUpload(q, user.id, img, now);
        });
        return ok({ url: uploadUrl(id) });
      },
    );
  });

  // With the operators' token no session is looked for.
  await app.register(async (images) => {
    // Each staff view is an audit row.
    requireSession(images, ctx, {
      unless: async (request) => {
        const actor = await opsActor(ctx, request);
        if (!actor || !(mayUse(actor, 'deposits') || mayUse(actor, 'real-name'))) return false;
        await appendAudit(ctx.db, {
          at: ctx.clock.now(),
          ...auditActor(actor),
          action: 'image-view',
          params: { url: request.url.split('?')[0] ?? '' },
        });
        return true;
      },
    });
    images.get<{ Params: { id: string } }>(
      '/api/common/image/:id',
      {
        schema: {
          tags: TAGS,
          security: [...SESSION, ...OPS],
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          response: rawReply(
            'image/*',
            { type: 'string', format: 'binary' },
            'The image (own uploads; any for the operators)',
          ),
        },
      },
      async (request, reply) => {
        const viewer = request.sessionUser; // null for an operator
        const img = await readUpload(ctx.db, request.params.id);
        // Someone else's image answers exactly like a missing one: ids cannot be probed.
        if (!img || (viewer && img.user_id !== viewer.id)) throw new ApiError('not_found');
        return reply
          .type(img.mime)
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'")
          .header('Content-Disposition', 'inline')
          .send(img.data);
      },
    );
  });
}

/** busboy throws plain errors for a body it cannot read; they are the client's fault, not 500s (docs/api.md). */
async function malformedAs400<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new ApiError('bad_request', CODE_ERROR, {}, 400);
  }
}
