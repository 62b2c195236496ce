// The news' SQL (as fastify/demo's repositories): one category's page, newest first, and one article with its
// (already sanitised, server/content/sanitise.ts) HTML. The routes (server/routes/content.ts) hold none.
import type { Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';
import { queryOne } from '../db/query-one.ts';

export interface NewsRow {
  id: number;
  title: string;
  desc: string;
  logo: string;
  created_at: string;
  content?: string;
}

const NEWS_COLUMNS = `id, title, "desc", logo, created_at`;

export function newsPage(db: Queryable, category: number, limit: number, offset: number): Promise<Page<NewsRow>> {
  return pageOf<NewsRow>(
    db,
    `SELECT ${NEWS_COLUMNS} FROM news WHERE category_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    'SELECT COUNT(*) AS n FROM news WHERE category_id = $1',
    [category],
    limit,
    offset,
  );
}

export async function newsArticle(db: Queryable, id: number): Promise<NewsRow | null> {
  return queryOne<NewsRow>(db, `SELECT ${NEWS_COLUMNS}, content FROM news WHERE id = $1`, [id]);
}
