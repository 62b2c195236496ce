// Seeds the news table: 32 stories in seven languages, then the hostile samples (oldest). Every body goes through
// the same sanitiser as any other stored news, so the table never holds raw HTML.
import { plainText, sanitiseNewsHtml } from '../../content/sanitise.ts';
import type { Queryable } from '../db.ts';
import { NEWS_EN } from './news-en.ts';
import { NEWS_INTL } from './news-intl.ts';
import { HOSTILE_NEWS } from './news-hostile.ts';
import { newsImage, storyHtml } from './news-story.ts';
import type { Seeder } from './seeder.ts';

const HOUR = 3_600_000;

export interface NewNews {
  slug: string;
  lang: string;
  title: string;
  desc: string;
  logo: string;
  content: string;
  createdAt: number;
  categoryId?: number;
}

/** Stores one news item (sanitised); an existing slug is left as it is. The one write path for news. */
export async function insertNews(q: Queryable, n: NewNews): Promise<void> {
  await q.query(
    `INSERT INTO news (category_id, lang, slug, title, "desc", logo, content, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (slug) DO NOTHING`,
    [
      n.categoryId ?? 1,
      n.lang,
      n.slug,
      plainText(n.title),
      plainText(n.desc),
      n.logo,
      sanitiseNewsHtml(n.content),
      n.createdAt,
    ],
  );
}

export const newsSeeder: Seeder = {
  name: 'news',
  async run(q, now) {
    const stories = [...NEWS_EN, ...NEWS_INTL];
    // Newest first in seed order: one story every 7 hours back from the first start.
    for (const [i, s] of stories.entries()) {
      await insertNews(q, {
        slug: s.slug,
        lang: s.lang,
        title: s.title,
        desc: s.desc,
        logo: newsImage(s.image),
        content: storyHtml(s),
        createdAt: now - (i + 1) * 7 * HOUR,
      });
    }
    const oldest = now - (stories.length + 1) * 7 * HOUR;
    for (const [i, h] of HOSTILE_NEWS.entries()) {
      await insertNews(q, {
        slug: h.slug,
        lang: 'en',
        title: h.title,
        desc: h.title,
        logo: '',
        content: h.html,
        createdAt: oldest - (i + 1) * HOUR,
      });
    }
  },
};
