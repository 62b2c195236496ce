// Migration 505-content-languages.sql on a database of before (both backends): today's news text is kept under its
// language ('' becomes en), the seeded stories told once per language become the languages of one item, each fund's
// title and description become its en text; then the seeders add the hk translations an item lacks, never over
// an existing text, and every story is listed once in hk.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../../server/db/db.ts';
import { MIGRATIONS_DIR, migrate } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { seed } from '../../../server/db/seeds/index.ts';
import { newsPage } from '../../../server/content/news-repository.ts';
import { enabledFunds } from '../../../server/funds/funds-repository.ts';
import { adminQuery, dbUrl } from '../support/test-db.ts';

const NOW = Date.UTC(2026, 10, 20, 12);
let db: Db;
let drop: () => Promise<void> = async () => undefined;
const before = mkdtempSync(join(tmpdir(), 'tickwise-505-'));

beforeAll(async () => {
  const info = inject('testDb');
  if (info.kind === 'postgres') {
    const name = `tw505_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(info.adminUrl, `CREATE DATABASE ${name}`);
    db = await openPostgres({ url: dbUrl(info.adminUrl, name), max: 2 });
    drop = async () => {
      await db.close();
      await adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  } else {
    db = await openPglite({ dataDir: 'memory://' });
    drop = () => db.close();
  }
  // The database as it was: every migration before 505.
  for (const f of readdirSync(MIGRATIONS_DIR))
    if (Number(f.slice(0, 3)) < 505) copyFileSync(join(MIGRATIONS_DIR, f), join(before, f));
  await migrate(db, NOW, before);
});
afterAll(async () => {
  await drop();
  rmSync(before, { recursive: true, force: true });
});

const oldNews = (slug: string, lang: string, title: string, at: number) =>
  db.query(
    `INSERT INTO news (category_id, lang, slug, title, "desc", logo, content, created_at)
     VALUES (1, $1, $2, $3, $4, '/news/gold.svg', $5, $6)`,
    [lang, slug, title, `${title} (summary)`, `<p>${title}</p>`, at],
  );

describe('505-content-languages on a database of before', () => {
  it('keeps every text under its language, merges the per-language stories, and the seeders fill in hk', async () => {
    await oldNews('en-gold-record', 'en', 'Gold holds near record (edited by an operator)', NOW - 1000);
    await oldNews('hk-gold-demand', 'hk', '央行持續增持，金價徘徊歷史高位', NOW - 2000);
    await oldNews('jp-gold-cb', 'jp', '中央銀行の買いで金は最高値圏を維持', NOW - 3000);
    await oldNews('an-own-story', '', 'A story of its own', NOW - 4000);
    await db.query(
      `INSERT INTO funds (title, currency_code, lock_dividend_days, dividend_percentage, staring_sub_amount,
         max_sub_amount, description, liquidated_damages) VALUES ('Harbour Stable 7', 'USDT', 7, 0.35, 100, 50000, $1, 5)`,
      ['An operator’s description'],
    );

    expect(await migrate(db, NOW)).toContain(505);
    const texts = await db.query<{ slug: string; lang: string; title: string; desc: string; content: string }>(
      `SELECT n.slug, t.lang, t.title, t."desc", t.content FROM news_texts t JOIN news n ON n.id = t.news_id
        ORDER BY n.slug, t.seq`,
    );
    expect(texts.map((t) => [t.slug, t.lang, t.title])).toEqual([
      ['an-own-story', 'en', 'A story of its own'],
      ['en-gold-record', 'en', 'Gold holds near record (edited by an operator)'],
      ['en-gold-record', 'hk', '央行持續增持，金價徘徊歷史高位'],
      ['en-gold-record', 'jp', '中央銀行の買いで金は最高値圏を維持'],
    ]);
    expect(texts[2]).toMatchObject({
      desc: '央行持續增持，金價徘徊歷史高位 (summary)',
      content: '<p>央行持續增持，金價徘徊歷史高位</p>',
    });
    expect((await db.query<{ slug: string }>('SELECT slug FROM news ORDER BY slug')).map((r) => r.slug)).toEqual([
      'an-own-story',
      'en-gold-record',
    ]);
    expect(await db.query('SELECT lang, title, description FROM fund_texts')).toEqual([
      { lang: 'en', title: 'Harbour Stable 7', description: 'An operator’s description' },
    ]);

    // The seeders at the next start: the missing translations come in; what was there stays.
    await seed(db, NOW);
    const gold = await db.query<{ lang: string; title: string }>(
      `SELECT t.lang, t.title FROM news_texts t JOIN news n ON n.id = t.news_id WHERE n.slug = 'en-gold-record'
        ORDER BY t.lang`,
    );
    expect(gold.find((t) => t.lang === 'en')?.title).toBe('Gold holds near record (edited by an operator)');
    expect(gold.map((t) => t.lang)).toEqual(expect.arrayContaining(['en', 'hk', 'jp', 'fr', 'spa']));
    const hk = await newsPage(db, 'hk', 1, 100, 0);
    const stories = hk.rows.filter((r) => !r.title.startsWith('Notice:') && r.title !== 'A story of its own');
    expect(stories).toHaveLength(12);
    expect(stories.every((r) => r.lang === 'hk')).toBe(true);
    expect(new Set(stories.map((r) => r.title)).size).toBe(12);
    const funds = await enabledFunds(db, 'hk', 10, 0);
    expect(funds.rows.find((f) => f.name === 'Harbour Stable 7')).toMatchObject({ lang: 'hk', title: '港灣穩健 7' });
    const en = await enabledFunds(db, 'en', 10, 0);
    expect(en.rows.find((f) => f.name === 'Harbour Stable 7')?.description).toBe('An operator’s description');
  });
});
