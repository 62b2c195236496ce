// No notice is ever sent about demo accounts, so they get the real-account message (docs/contract.md §6).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { pickLanguage } from '../http/i18n.ts';
import { body, int, query, str } from '../http/schemas.ts';
import { ACCOUNT_LANGUAGE, NOTICE_LIST, NOTICE_SETTINGS, NOTICES_READ } from '../http/wire/notices.ts';
import { setUserLanguage } from '../auth/users.ts';
import { LANGUAGES, type Language } from '../../domain/types.ts';
import { sessionRead, sessionWrite, enumOf } from '../http/wire-schema.ts';
import { listNotices, noticeSettings, readNotices, saveNoticeSettings } from '../notify/notices.ts';

const TAGS = ['Notices'];

export async function noticeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true });

  app.get<{ Querystring: { page?: number } }>(
    '/v1/api/notices/list',
    sessionRead(TAGS, NOTICE_LIST, query({ page: int(1, 100_000) })),
    async (request) =>
      ok(await listNotices(ctx.db, caller(request).id, request.query.page, pickLanguage(request.headers.lang))),
  );

  app.post<{ Body: { id?: number } }>(
    '/v1/api/notices/read',
    sessionWrite(TAGS, NOTICES_READ, body({ id: int(1) })),
    async (request) => ok(await readNotices(ctx.db, caller(request).id, request.body?.id, ctx.clock.now())),
  );

  app.get('/v1/api/notices/settings', sessionRead(TAGS, NOTICE_SETTINGS), async (request) =>
    ok(await noticeSettings(ctx.db, caller(request).id)),
  );

  app.post<{ Body: { phrase: string } }>(
    '/v1/api/notices/settings',
    sessionWrite(TAGS, NOTICE_SETTINGS, body({ phrase: str(200) }, ['phrase'])),
    async (request) => ok(await saveNoticeSettings(ctx.db, caller(request).id, request.body.phrase)),
  );

  // Every notice, e-mail and SMS is written in the account's language.
  app.post<{ Body: { lang: Language } }>(
    '/v1/api/notices/language',
    sessionWrite(TAGS, ACCOUNT_LANGUAGE, body({ lang: enumOf(...LANGUAGES) }, ['lang'])),
    async (request) => {
      await setUserLanguage(ctx.db, caller(request).id, request.body.lang);
      return ok({ lang: request.body.lang });
    },
  );
}
