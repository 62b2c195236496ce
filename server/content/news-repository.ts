// The news' SQL; readers never see a hidden item, the operator's commands still find it (docs/content.md).
import { queryOne, type Queryable } from '../db/db.ts';
import { pageOf, type Page } from '../db/page.ts';
import { textJoin } from './content-languages.ts';

export interface NewsRow {
  id: number;
  lang: string; // may be a fallback of the reader's language
  title: string;
  desc: string;
  logo: string;
  created_at: string;
  content?: string;
}

/** One row per item, so an item without a text in the reader's language is still listed. */
const TEXT_FOR = (columns: string) => textJoin('news_texts', 'news_id = n.id', columns, '$1');

const ITEM_COLUMNS = `n.id, x.lang, coalesce(x.title, n.slug) AS title, coalesce(x."desc", '') AS "desc", n.logo, n.created_at`;

export function newsPage(
  db: Queryable,
  lang: string,
  category: number,
  limit: number,
  offset: number,
): Promise<Page<NewsRow>> {
  return pageOf<NewsRow>(
    db,
    `SELECT ${ITEM_COLUMNS} FROM news n ${TEXT_FOR('t.title, t."desc"')}
      WHERE n.category_id = $2 AND n.hidden_at IS NULL ORDER BY n.created_at DESC, n.id DESC LIMIT $3 OFFSET $4`,
    'SELECT COUNT(*) AS n FROM news WHERE category_id = $2 AND hidden_at IS NULL AND $1::text IS NOT NULL',
    [lang, category],
    limit,
    offset,
  );
}

export async function newsArticle(db: Queryable, lang: string, id: number): Promise<NewsRow | null> {
  return queryOne<NewsRow>(
    db,
    `SELECT ${ITEM_COLUMNS}, coalesce(x.content, '') AS content FROM news n ${TEXT_FOR('t.title, t."desc", t.content')}
      WHERE n.id = $2 AND n.hidden_at IS NULL`,
    [lang, id],
  );
}

export interface NewsTextRow extends NewsText {
  lang: string;
  updated_at: string;
}

/** The first is the item's first language. */
export function newsTexts(q: Queryable, newsId: number): Promise<NewsTextRow[]> {
  return q.query<NewsTextRow>(
    'SELECT lang, title, "desc", content, updated_at FROM news_texts WHERE news_id = $1 ORDER BY seq',
    [newsId],
  );
}

interface NewsText {
  title: string; // plain text, already checked
  desc: string; // plain text
  content: string; // sanitised HTML
}

/** Without `replace` an existing text is kept, so an operator's edit survives the seeders at restart. */
export async function putNewsText(
  q: Queryable,
  newsId: number,
  lang: string,
  text: NewsText,
  at: number,
  replace: boolean,
): Promise<void> {
  await q.query(
    `INSERT INTO news_texts (news_id, lang, title, "desc", content, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (news_id, lang) DO ${
       replace ? 'UPDATE SET title = $3, "desc" = $4, content = $5, updated_at = $6' : 'NOTHING'
     }`,
    [newsId, lang, text.title, text.desc, text.content, at],
  );
}

/** Its id whether added or already there. */
export async function ensureNewsItem(
  q: Queryable,
  item: { slug: string; logo: string; createdAt: number; categoryId: number },
): Promise<number> {
  await q.query(
    `INSERT INTO news (category_id, slug, logo, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (slug) DO NOTHING`,
    [item.categoryId, item.slug, item.logo, item.createdAt],
  );
  const row = await queryOne<{ id: number }>(q, 'SELECT id FROM news WHERE slug = $1', [item.slug]);
  return row?.id ?? 0;
}

/** Its slug is `ops-<id>`, so it never meets a seeded one. */
export async function createNewsItem(
  q: Queryable,
  item: { logo: string; createdAt: number; categoryId: number },
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    q,
    `INSERT INTO news (id, category_id, slug, logo, created_at)
     SELECT n, $1, 'ops-' || n, $2, $3 FROM nextval(pg_get_serial_sequence('news', 'id')) AS n RETURNING id`,
    [item.categoryId, item.logo, item.createdAt],
  );
  return row?.id ?? 0;
}

interface NewsItemState {
  id: number;
  slug: string;
  category_id: number;
  created_at: string;
  hidden_at: string | null;
}

/** Locked against a second delete in parallel. */
export function newsItemState(q: Queryable, id: number): Promise<NewsItemState | null> {
  return queryOne<NewsItemState>(
    q,
    'SELECT id, slug, category_id, created_at, hidden_at FROM news WHERE id = $1 FOR UPDATE',
    [id],
  );
}

/** Its texts stay. */
export async function hideNewsItem(q: Queryable, id: number, at: number): Promise<void> {
  await q.query('UPDATE news SET hidden_at = $2 WHERE id = $1 AND hidden_at IS NULL', [id, at]);
}
