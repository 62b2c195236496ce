// news-delete keeps the row: a seeded story removed outright would come back at the next start.
import { parseWireTime, wireTime } from '../../../domain/wire-time.ts';
import {
  CONTENT_MAX,
  contentLanguage,
  DESC_MAX,
  newsBody,
  plainField,
  TITLE_MAX,
} from '../../content/content-languages.ts';
import {
  createNewsItem,
  hideNewsItem,
  newsItemId,
  newsItemState,
  newsTexts,
  putNewsText,
} from '../../content/news-repository.ts';
import { sanitiseNewsHtml } from '../../content/sanitise.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import type { OpsCommand } from '../command.ts';

/** The one category the seeds and the news screen use (docs/contract.md §3 News). */
const NEWS_CATEGORY = 1;

/** Never later than now: the list is ordered by it, so a future time would only pin an item to the top. */
function publishTime(raw: string | undefined, now: number): number {
  if (raw === undefined || raw.trim() === '') return now;
  const ms = parseWireTime(raw);
  if (ms === null || ms > now) throw new ApiError('content_texts.time_bad', undefined, { flag: 'at' });
  return ms;
}

export const newsCreate: OpsCommand = {
  name: 'news-create',
  right: 'content',
  summary: 'Add a news item: its title (summary and HTML body optional) in one language, and its publish time',
  params: [
    {
      name: 'lang',
      help: 'the language of this text: hk, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr, id, my, hi, cs',
    },
    { name: 'title', help: 'the title, plain text (at most 200 characters)' },
    {
      name: 'desc',
      help: 'the summary, plain text (at most 1000 characters)',
      optional: true,
      maxLength: DESC_MAX + 1,
    },
    {
      name: 'content',
      help: 'the body in HTML: headings, paragraphs, lists, tables, links, images (https or /path); no scripts or styles',
      optional: true,
      maxLength: CONTENT_MAX * 4, // above the limit, so an oversized body gets the body's own message
    },
    {
      name: 'at',
      help: 'the publish time, UTC, e.g. 2026-11-25T08:00:00Z (now when left out; not in the future)',
      optional: true,
    },
  ],
  async run(ctx, args) {
    // Every check before the first write: a refused item leaves no row behind.
    const lang = contentLanguage(args.lang);
    const title = plainField(args.title, 'title', true, TITLE_MAX);
    const desc = plainField(args.desc, 'desc', false, DESC_MAX);
    const content = sanitiseNewsHtml(newsBody(args.content));
    const now = ctx.clock.now();
    const at = publishTime(args.at, now);
    const id = await createNewsItem(ctx.db, { logo: '', createdAt: at, categoryId: NEWS_CATEGORY });
    await putNewsText(ctx.db, id, lang, { title, desc, content }, now, true);
    return { news: id, slug: `ops-${id}`, lang, title, desc, content, published: wireTime(at) };
  },
};

async function itemOf(q: Queryable, raw: string | undefined) {
  const id = await newsItemId(q, (raw ?? '').trim());
  const item = id === null ? null : await newsItemState(q, id);
  if (!item) throw new ApiError('news_not_found');
  return item;
}

export const newsDelete: OpsCommand = {
  name: 'news-delete',
  right: 'content',
  summary: 'Delete a news item: hidden from every reader at once; its texts are kept (the audit row has them)',
  params: [{ name: 'news', help: 'the news item: its id or its slug (e.g. en-gold-record)' }],
  async before(q, args) {
    const id = await newsItemId(q, (args.news ?? '').trim());
    if (id === null) return null;
    const item = await newsItemState(q, id);
    return item && { ...item, texts: (await newsTexts(q, id)).map(({ lang, title }) => ({ lang, title })) };
  },
  async run(ctx, args) {
    const item = await itemOf(ctx.db, args.news);
    if (item.hidden_at !== null) throw new ApiError('content_texts.news_deleted', undefined, { id: item.id });
    const now = ctx.clock.now();
    await hideNewsItem(ctx.db, item.id, now);
    return { news: item.id, slug: item.slug, deleted: wireTime(now) };
  },
};

export const NEWS_COMMANDS: readonly OpsCommand[] = [newsCreate, newsDelete];
