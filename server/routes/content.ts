// News HTML is stored sanitised (server/content/sanitise.ts); see docs/content.md.
import type { FastifyInstance } from 'fastify';
import { wireTime } from '../../domain/wire-time.ts';
import type { Announcement, InviteInfo, NewsDetail, NewsItem, Trader } from '../../domain/content-types.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { invitedCount } from '../auth/users.ts';
import { newsArticle, newsPage, type NewsRow } from '../content/news-repository.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { pickLanguage } from '../http/i18n.ts';
import { int, query } from '../http/schemas.ts';
import { getSetting, getSettings } from '../settings/settings.ts';
import { rankingPage, type RankedTrader, type RankingSort } from '../content/ranking.ts';
import { ANNOUNCEMENT, COMPLAINT_EMAIL, INVITE_INFO, NEWS_DETAIL, NEWS_PAGE, RANKING } from '../http/wire/content.ts';
import { publicRead, sessionRead } from '../http/wire-schema.ts';
import { listPage } from '../http/paging.ts';

const TAGS = ['Content'];

export const NEWS_PAGE_SIZE = 10;

/** The contract's `multiple` is the leverage used most. */
const toTrader = ({ leverage, ...t }: RankedTrader): Trader => ({ ...t, multiple: leverage });

const toItem = (r: NewsRow): NewsItem => ({
  id: r.id,
  lang: pickLanguage(r.lang),
  title: r.title,
  desc: r.desc,
  logo: r.logo,
  created_at: wireTime(Number(r.created_at)),
});

export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get<{ Querystring: { category_id?: number; page?: number } }>(
    '/api/news/list',
    publicRead(TAGS, NEWS_PAGE, query({ category_id: int(0), page: int(1, 100_000) })),
    async (request) => {
      const category = request.query.category_id ?? 1;
      return ok(
        await listPage(
          request.query.page,
          NEWS_PAGE_SIZE,
          (limit, offset) => newsPage(db, pickLanguage(request.headers.lang), category, limit, offset),
          toItem,
        ),
      );
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/api/news/info',
    publicRead(TAGS, NEWS_DETAIL, query({ id: int(1) }, ['id'])),
    async (request) => {
      const row = await newsArticle(db, pickLanguage(request.headers.lang), request.query.id);
      if (!row) throw new ApiError('news_not_found');
      const detail: NewsDetail = { ...toItem(row), content: row.content ?? '' };
      return ok(detail);
    },
  );

  app.get<{ Querystring: { page?: number; sort?: RankingSort } }>(
    '/api/follow/list',
    publicRead(TAGS, RANKING, query({ page: int(1, 100_000), sort: { type: 'string', enum: ['rate', 'followers'] } })),
    async (request) => {
      const page = await rankingPage(db, ctx.clock.now(), request.query.page ?? 1, request.query.sort);
      return ok({ ...page, data: page.data.map(toTrader) });
    },
  );

  // Invitations are real accounts only (docs/contract.md §6).
  await app.register(async (signedIn) => {
    requireSession(signedIn, ctx, { real: true });
    signedIn.get('/api/user/invite', sessionRead(TAGS, INVITE_INFO), async (request) => {
      const user = caller(request);
      const info: InviteInfo = { invite_code: user.invite_code, invite_count: await invitedCount(db, user.id) };
      return ok(info);
    });
  });

  app.get('/api/user/complaint_email', publicRead(TAGS, COMPLAINT_EMAIL), async () =>
    ok({ email: await getSetting(db, 'complaint_email') }),
  );

  app.get('/api/basicSet/announcement', publicRead(TAGS, ANNOUNCEMENT), async (request) => {
    const lang = pickLanguage(request.headers.lang);
    const s = await getSettings(db, [`announcement.${lang}`, 'announcement.en']);
    const text = s[`announcement.${lang}`] || s['announcement.en'] || '';
    const [title = '', ...paras] = text.split(/\n\s*\n/);
    const body: Announcement = { title: title.trim(), content: paras.join('\n\n').trim() };
    return ok(body);
  });
}
