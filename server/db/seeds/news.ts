// Adds only missing slugs and languages, so an operator's text survives restarts (docs/content.md "Content languages").
import { plainText, sanitiseNewsHtml } from '../../content/sanitise.ts';
import { ensureNewsItem, putNewsText } from '../../content/news-repository.ts';
import type { Queryable } from '../db.ts';
import newsEn from './news-en.json' with { type: 'json' };
import newsHk from './news-hk.json' with { type: 'json' };
import newsIntl from './news-intl.json' with { type: 'json' };
import samples from './news-hostile.json' with { type: 'json' };
import { loadStories, newsImage, storyHtml, type NewsStory } from './news-story.ts';
import type { Seeder } from './seeder.ts';

const HOUR = 3_600_000;

// Seeded so the sanitiser runs on every start; the e2e test fails on any request to the canary host.
export const HOSTILE_CANARY = 'canary.tickwise.invalid';

/** `{canary}` in a sample's HTML stands for the canary's origin. */
export const HOSTILE_NEWS: ReadonlyArray<{ slug: string; title: string; html: string }> = samples.map((s) => ({
  ...s,
  html: s.html.replaceAll('{canary}', `https://${HOSTILE_CANARY}`),
}));

// Fictional market commentary; figures are illustrative, not live data.
const NEWS_EN = loadStories(newsEn);
// Each a language of one English story (its item), so a reader sees each story once, in their language if it exists;
// news-hk.json has hk for the stories news-intl.json lacks. Migration 505-content-languages.sql merges the same way.
const TRANSLATIONS = [...loadStories(newsHk), ...loadStories(newsIntl)];

type NewNews = Pick<NewsStory, 'slug' | 'lang' | 'title' | 'desc'> & {
  logo: string;
  content: string;
  createdAt: number;
};

/** Sanitised, so the table never holds raw HTML; an existing language is left as it is. */
async function insertNews(q: Queryable, n: NewNews): Promise<void> {
  const id = await ensureNewsItem(q, { ...n, categoryId: 1 }); // the one category the news screen shows
  const text = { title: plainText(n.title) || n.slug, desc: plainText(n.desc), content: sanitiseNewsHtml(n.content) };
  await putNewsText(q, id, n.lang, text, n.createdAt, false);
}

const story = (s: NewsStory, slug: string, createdAt: number): NewNews => ({
  slug,
  lang: s.lang,
  title: s.title,
  desc: s.desc,
  logo: newsImage(s.image),
  content: storyHtml(s),
  createdAt,
});

/** Every seeded story and language, newest first: one story every 7 hours back from `now`. */
function seededNews(now: number): NewNews[] {
  const born = new Map(NEWS_EN.map((s, i) => [s.slug, now - (i + 1) * 7 * HOUR]));
  const oldest = now - (NEWS_EN.length + 1) * 7 * HOUR;
  return [
    ...NEWS_EN.map((s) => story(s, s.slug, born.get(s.slug) ?? now)),
    ...TRANSLATIONS.map((s) => story(s, s.item ?? s.slug, born.get(s.item ?? s.slug) ?? now)),
    ...HOSTILE_NEWS.map((h, i) => ({
      slug: h.slug,
      lang: 'en',
      title: h.title,
      desc: h.title,
      logo: '',
      content: h.html,
      createdAt: oldest - (i + 1) * HOUR,
    })),
  ];
}

export const newsSeeder: Seeder = {
  name: 'news',
  async run(q, now) {
    const news = seededNews(now);
    // One read of what is there: a restart sanitises and writes only a missing story or language.
    const have = await q.query<{ slug: string; lang: string }>(
      'SELECT n.slug, t.lang FROM news n JOIN news_texts t ON t.news_id = n.id WHERE n.slug = ANY($1::text[])',
      [[...new Set(news.map((n) => n.slug))]],
    );
    const there = new Set(have.map((r) => `${r.slug} ${r.lang}`));
    for (const n of news) if (!there.has(`${n.slug} ${n.lang}`)) await insertNews(q, n);
  },
};
