// Languages left out of a write stay as they are (docs/content.md "Content languages"); news-delete keeps the row:
// a seeded story removed outright would come back at the next start.
import { LANGUAGES } from '../../../domain/types.ts';
import { parseWireTime, wireTime } from '../../../domain/wire-time.ts';
import {
  CONTENT_MAX,
  contentLanguage,
  DESC_MAX,
  FALLBACK_LANGUAGE,
  newsBody,
  plainField,
  TITLE_MAX,
} from '../../content/content-languages.ts';
import {
  createNewsItem,
  hideNewsItem,
  newsItemState,
  newsTexts,
  putNewsText,
  type NewsTextRow,
} from '../../content/news-repository.ts';
import { sanitiseNewsHtml } from '../../content/sanitise.ts';
import { idByRef, type Queryable } from '../../db/db.ts';
import { fundTexts, putFundText, type FundTextRow } from '../../funds/fund-texts.ts';
import { ApiError } from '../../http/envelope.ts';
import type { OpsCommand, OpsParam } from '../command.ts';

const NEWS: OpsParam = { name: 'news', help: 'the news item: its id or its slug (e.g. en-gold-record)' };
const FUND: OpsParam = { name: 'fund', help: 'the fund: its id or its internal name (e.g. Harbour Stable 7)' };
const LANG: OpsParam = { name: 'lang', help: `the language: ${LANGUAGES.join(', ')}` };
const descParam = (what: string): OpsParam => ({
  name: 'desc',
  help: `the ${what}, plain text (at most 1000 characters)`,
  optional: true,
  maxLength: DESC_MAX + 1,
});

/** A news item's title, summary and body, as news-create and news-text-set take them. */
const NEWS_TEXT: readonly OpsParam[] = [
  { name: 'title', help: 'the title, plain text (at most 200 characters)' },
  descParam('summary'),
  {
    name: 'content',
    help: 'the body in HTML: headings, paragraphs, lists, tables, links, images (https or /path); no scripts or styles',
    optional: true,
    maxLength: CONTENT_MAX * 4, // above the limit, so an oversized body gets the body's own message
  },
];

/** Named by id, a news item's slug or a fund's internal name; a `before` refuses as its run would. */
const idOf =
  (table: string, nameColumn: string, missing: string) =>
  async (q: Queryable, raw: string | undefined): Promise<number> => {
    const id = await idByRef(q, table, nameColumn, (raw ?? '').trim());
    if (id === null) throw new ApiError(missing);
    return id;
  };
const newsOf = idOf('news', 'slug', 'news_not_found');
const fundOf = idOf('funds', 'title', 'fund_not_found');

/** Marks which language a reader of a missing language gets. */
function languageRows<T extends { lang: string; title: string; updated_at: string }>(
  rows: readonly T[],
  extra: (r: T) => Record<string, unknown>,
) {
  const fallback = rows.find((r) => r.lang === FALLBACK_LANGUAGE) ?? rows[0];
  return rows.map((r) => ({
    lang: r.lang,
    title: r.title,
    ...extra(r),
    fallback: r === fallback ? 'yes' : '',
    updated: Number(r.updated_at) > 0 ? wireTime(r.updated_at) : '',
  }));
}

const one = <T extends { lang: string }>(rows: readonly T[], lang: string): T | undefined =>
  rows.find((r) => r.lang === lang);

/** The one category the seeds and the news screen use (docs/contract.md §3 News). */
const NEWS_CATEGORY = 1;

export const CONTENT_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'news-texts',
    right: 'content',
    summary: 'The languages a news item has (title, summary, body size); "fallback" is what other readers get',
    params: [NEWS],
    async run(ctx, args) {
      const rows = await newsTexts(ctx.db, await newsOf(ctx.db, args.news));
      return languageRows(rows, (r: NewsTextRow) => ({ desc: r.desc, body_chars: r.content.length }));
    },
  },
  {
    name: 'news-text-set',
    right: 'content',
    summary: 'Set one language of a news item (title; summary and HTML body kept when left out); the others stay',
    params: [NEWS, LANG, ...NEWS_TEXT],
    before: async (q, args) =>
      one(await newsTexts(q, await newsOf(q, args.news)), (args.lang ?? '').trim().toLowerCase()) ?? null,
    async run(ctx, args) {
      const id = await newsOf(ctx.db, args.news);
      const lang = contentLanguage(args.lang);
      const title = plainField(args.title, 'title', true, TITLE_MAX);
      // Flags left out keep the language's current text.
      const now = one(await newsTexts(ctx.db, id), lang);
      const desc = args.desc === undefined ? (now?.desc ?? '') : plainField(args.desc, 'desc', false, DESC_MAX);
      const content = args.content === undefined ? (now?.content ?? '') : sanitiseNewsHtml(newsBody(args.content));
      await putNewsText(ctx.db, id, lang, { title, desc, content }, ctx.clock.now(), true);
      return { news: id, lang, title, desc, content };
    },
  },
  {
    name: 'fund-texts',
    right: 'content',
    summary: 'The languages a fund has (name and description); "fallback" is what other readers get',
    params: [FUND],
    async run(ctx, args) {
      const rows = await fundTexts(ctx.db, await fundOf(ctx.db, args.fund));
      return languageRows(rows, (r: FundTextRow) => ({ desc: r.description }));
    },
  },
  {
    name: 'fund-text-set',
    right: 'content',
    summary: 'Set one language of a fund (its name; the description kept when left out); the other languages stay',
    params: [
      FUND,
      LANG,
      { name: 'title', help: 'the fund’s name in that language, plain text (at most 200 characters)' },
      descParam('description'),
    ],
    before: async (q, args) =>
      one(await fundTexts(q, await fundOf(q, args.fund)), (args.lang ?? '').trim().toLowerCase()) ?? null,
    async run(ctx, args) {
      const id = await fundOf(ctx.db, args.fund);
      const lang = contentLanguage(args.lang);
      const title = plainField(args.title, 'title', true, TITLE_MAX);
      const current = one(await fundTexts(ctx.db, id), lang);
      const description =
        args.desc === undefined ? (current?.description ?? '') : plainField(args.desc, 'desc', false, DESC_MAX);
      await putFundText(ctx.db, { fundId: id }, lang, { title, description }, ctx.clock.now(), true);
      return { fund: id, lang, title, desc: description };
    },
  },
  {
    name: 'news-create',
    right: 'content',
    summary: 'Add a news item: its title (summary and HTML body optional) in one language, and its publish time',
    params: [
      { name: 'lang', help: `the language of this text: ${LANGUAGES.join(', ')}` },
      ...NEWS_TEXT,
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
      // Never later than now: the list is ordered by it, so a future time would only pin an item to the top.
      const at = args.at === undefined || args.at.trim() === '' ? now : parseWireTime(args.at);
      if (at === null || at > now) throw new ApiError('content_texts.time_bad', undefined, { flag: 'at' });
      const id = await createNewsItem(ctx.db, { logo: '', createdAt: at, categoryId: NEWS_CATEGORY });
      await putNewsText(ctx.db, id, lang, { title, desc, content }, now, true);
      return { news: id, slug: `ops-${id}`, lang, title, desc, content, published: wireTime(at) };
    },
  },
  {
    name: 'news-delete',
    right: 'content',
    summary: 'Delete a news item: hidden from every reader at once; its texts are kept (the audit row has them)',
    params: [NEWS],
    async before(q, args) {
      const id = await newsOf(q, args.news);
      const item = await newsItemState(q, id);
      return item && { ...item, texts: (await newsTexts(q, id)).map(({ lang, title }) => ({ lang, title })) };
    },
    async run(ctx, args) {
      const item = await newsItemState(ctx.db, await newsOf(ctx.db, args.news));
      if (!item) throw new ApiError('news_not_found');
      if (item.hidden_at !== null) throw new ApiError('content_texts.news_deleted', undefined, { id: item.id });
      const now = ctx.clock.now();
      await hideNewsItem(ctx.db, item.id, now);
      return { news: item.id, slug: item.slug, deleted: wireTime(now) };
    },
  },
];
