// An operator adds and deletes news items (docs/content.md "Creating and deleting news"):
// news-create writes a new item in one language with its publish time, listed and read in that language and, in every
// other, in that language marked as the one served (the fallback when the item has no English); news-delete hides an
// item from every reader, keeps its texts, and survives a restart's seeding; each writes its audit row with the member
// named; bad input is refused with a clear message and changes nothing; a member without the content right is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDetail, NewsItem, Paged } from '../../../domain/content-types.ts';
import { newsSeeder } from '../../../server/db/seeds/news.ts';
import { api, manualClock, startTestServer, type TestServer } from '../support/harness.ts';
import { createStaff, postJson, signIn, type SignedInStaff } from '../support/staff-helpers.ts';

const clock = manualClock();
let server: TestServer;
let support: SignedInStaff;
let finance: SignedInStaff;

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  support = await signIn(server, await createStaff(server, 'support'), clock);
  clock.advance(30_000); // one TOTP step between two sign-ins
  finance = await signIn(server, await createStaff(server, 'finance'), clock);
});
afterAll(() => server.close());

const client = (lang: string) => api(server.baseUrl, { lang });
const firstPage = async (lang: string) =>
  (await client(lang).get<Paged<NewsItem>>('/api/news/list', { category_id: 1, page: 1 })).data;
const allNews = async (lang: string): Promise<NewsItem[]> => {
  const all: NewsItem[] = [];
  for (let page = 1; ; page++) {
    const res = await client(lang).get<Paged<NewsItem>>('/api/news/list', { category_id: 1, page });
    all.push(...res.data.data);
    if (all.length >= res.data.total || res.data.data.length === 0) return all;
  }
};
const article = (lang: string, id: number) => client(lang).get<NewsDetail>('/api/news/info', { id });
const newsRows = () => server.ctx.db.query('SELECT * FROM news ORDER BY id');
const textRows = () => server.ctx.db.query('SELECT * FROM news_texts ORDER BY news_id, lang');
/** Audit rows of `action` that record a change (`refused: true`: those that record a refusal). */
const auditRows = (action: string, refused = false) =>
  server.ctx.db.query<{ actor: string; before: unknown; after: unknown }>(
    `SELECT actor, before_value AS before, after_value AS after FROM audit_log
      WHERE action = $1 AND (after_value LIKE '{"refused":%') = $2 ORDER BY id`,
    [action, refused],
  );
const as = (who: SignedInStaff, lang: string) => ({ 'x-ops-session': who.token, lang });
const json = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

describe('news-create', () => {
  it('adds an item in one language dated now; other languages get it marked, then English once it has one', async () => {
    const before = await firstPage('hk');
    const audits = (await auditRows('news-create')).length;
    const res = await support.run<{ news: number; slug: string; content: string; published: string }>('news-create', {
      lang: 'hk',
      title: '平台維護通知',
      desc: '週六凌晨維護兩小時。',
      content: '<p>第一行</p>\n<p>第二行</p>',
    });
    expect([res.status, res.code], res.msg).toEqual([200, 1]);
    const id = res.data.news;
    expect(res.data.slug).toBe(`ops-${id}`);
    expect(res.data.content).toBe('<p>第一行</p>\n<p>第二行</p>');
    expect(res.data.published).toBe(new Date(clock.now()).toISOString().slice(0, 19).replace('T', ' '));

    // Published now: listed (one more in the total), dated now, in its language.
    const hk = await allNews('hk');
    expect(hk.length).toBe(before.total + 1);
    expect(hk.find((n) => n.id === id)).toMatchObject({
      lang: 'hk',
      title: '平台維護通知',
      desc: '週六凌晨維護兩小時。',
    });
    expect((await article('hk', id)).data.created_at).toBe(res.data.published);
    expect((await article('hk', id)).data).toMatchObject({ lang: 'hk', content: '<p>第一行</p>\n<p>第二行</p>' });
    // No English: a reader of another language gets its first language, marked as such.
    expect((await article('de', id)).data).toMatchObject({ lang: 'hk', title: '平台維護通知' });
    expect((await allNews('ar')).find((n) => n.id === id)?.lang).toBe('hk');
    // Once English is added, other readers fall back to English (news-text-set, the same item).
    expect(
      (await support.run('news-text-set', { news: String(id), lang: 'en', title: 'Maintenance notice' })).code,
    ).toBe(1);
    expect((await article('de', id)).data).toMatchObject({ lang: 'en', title: 'Maintenance notice' });

    const rows = await auditRows('news-create');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)?.actor).toContain(support.login);
    expect(json(rows.at(-1)?.after)).toMatchObject({ news: id, title: '平台維護通知' });
  });

  it('takes a publish time in the past: the item sits among the older ones', async () => {
    const at = new Date(clock.now() - 400 * 86_400_000).toISOString().slice(0, 19) + 'Z'; // older than every seed
    const res = await support.run<{ news: number; published: string }>('news-create', {
      lang: 'en',
      title: 'An old story',
      at,
    });
    expect(res.code, res.msg).toBe(1);
    // Listed by its publish time: after every newer item, before every older one.
    const all = await allNews('en');
    const times = all.map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const at0 = at.slice(0, 19).replace('T', ' ');
    expect(all.findIndex((n) => n.id === res.data.news)).toBe(all.filter((n) => n.created_at > at0).length);
    expect((await article('en', res.data.news)).data.created_at).toBe(at.slice(0, 19).replace('T', ' '));
  });

  it('refuses bad input with a clear message, writing no item and no text; the audit says refused', async () => {
    const news = await newsRows();
    const texts = await textRows();
    const audits = (await auditRows('news-create')).length;
    const refusals = (await auditRows('news-create', true)).length;
    const future = new Date(clock.now() + 60_000).toISOString();
    const ok = { lang: 'en', title: 'A title' };
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...ok, lang: 'xx' }, /Unknown language “xx”: use one of hk, en/],
      [{ title: 'A title' }, /--lang is required/],
      [{ ...ok, title: '  ' }, /--title is required|Please fill in title/],
      [{ lang: 'en' }, /--title is required/],
      [{ ...ok, title: 'x'.repeat(201) }, /--title is too long \(at most 200 characters\)/],
      [{ ...ok, desc: 'y'.repeat(1001) }, /--desc is too long/],
      [{ ...ok, title: 'Hi <b>there</b>' }, /--title is plain text/],
      [{ ...ok, content: '<p>a</p><script>alert(1)</script>' }, /not allowed: <script>/],
      [{ ...ok, content: `<p>${'z'.repeat(100_000)}</p>` }, /--content is too long/],
      [{ ...ok, at: 'tomorrow' }, /--at must be a UTC time now or in the past/],
      [{ ...ok, at: '2026-13-45T99:00:00Z' }, /--at must be a UTC time/],
      [{ ...ok, at: future }, /--at must be a UTC time now or in the past/],
    ];
    for (const [body, message] of cases) {
      const res = await support.run('news-create', body);
      expect([res.code, res.msg], JSON.stringify(body).slice(0, 80)).toEqual([0, expect.stringMatching(message)]);
      expect(res.status).toBeLessThan(500);
    }
    // Translated: the same refusal in the member's language.
    const hk = await postJson(server, '/api/ops/run/news-create', { ...ok, at: 'tomorrow' }, as(support, 'hk'));
    expect(hk.msg).toBe('--at 須為現在或過去的 UTC 時間，例如 2026-11-25T08:00:00Z');
    expect(await newsRows()).toEqual(news);
    expect(await textRows()).toEqual(texts);
    expect((await auditRows('news-create')).length).toBe(audits);
    expect((await auditRows('news-create', true)).length).toBe(refusals + cases.length + 1);
  });
});

describe('news-delete', () => {
  it('hides the item from every reader, keeps its texts, audits it, and stays hidden after a restart’s seeding', async () => {
    const slug = 'en-gold-record'; // a seeded story: the seeders add a missing slug back at every start
    const [row] = await server.ctx.db.query<{ id: number }>('SELECT id FROM news WHERE slug = $1', [slug]);
    const id = row?.id ?? 0;
    const texts = await server.ctx.db.query('SELECT * FROM news_texts WHERE news_id = $1 ORDER BY lang', [id]);
    expect(texts.length).toBeGreaterThan(1);
    const total = (await firstPage('hk')).total;
    const res = await support.run<{ news: number; deleted: string }>('news-delete', { news: String(id) });
    expect([res.status, res.code], res.msg).toEqual([200, 1]);
    expect(res.data.news).toBe(id);

    for (const lang of ['hk', 'en', 'ar']) {
      const page = await firstPage(lang);
      expect(page.total).toBe(total - 1);
      expect(page.data.some((n) => n.id === id)).toBe(false);
      const gone = await article(lang, id);
      expect([gone.code, gone.msg]).toEqual([0, expect.stringMatching(/.+/)]);
    }
    expect((await article('en', id)).msg).toBe('News not found');
    // Kept: the item's texts are all there, and the audit row holds what was deleted, with the member.
    expect(await server.ctx.db.query('SELECT * FROM news_texts WHERE news_id = $1 ORDER BY lang', [id])).toEqual(texts);
    const [audit] = (await auditRows('news-delete')).slice(-1);
    expect(audit?.actor).toContain(support.login);
    expect(json(audit?.before)).toMatchObject({ id, slug, hidden_at: null });
    expect((json(audit?.before).texts as unknown[]).length).toBe(texts.length);
    expect(json(audit?.after)).toMatchObject({ news: id, slug });

    // A restart runs the seeders again: the deleted story does not come back.
    await server.ctx.db.tx((q) => newsSeeder.run(q, clock.now()));
    expect((await firstPage('en')).data.some((n) => n.id === id)).toBe(false);
    expect(await server.ctx.db.query('SELECT id FROM news WHERE slug = $1', [slug])).toHaveLength(1);
  });

  it('refuses an unknown or already deleted item, and a member without the content right, changing nothing', async () => {
    const created = await support.run<{ news: number }>('news-create', { lang: 'en', title: 'To be deleted' });
    const id = created.data.news;
    expect((await support.run('news-delete', { news: `ops-${id}` })).code).toBe(1); // by slug too
    const news = await newsRows();
    const audits = (await auditRows('news-delete')).length;
    const refusals = (await auditRows('news-delete', true)).length;
    const cases: Array<[Record<string, string>, string]> = [
      [{ news: String(id) }, `News item ${id} is already deleted`],
      [{ news: '999999' }, 'News not found'],
      [{ news: 'no-such-story' }, 'News not found'],
      [{ news: '' }, '--news is required'],
      [{}, '--news is required'],
    ];
    for (const [body, message] of cases) {
      const res = await support.run('news-delete', body);
      expect([res.code, res.msg], JSON.stringify(body)).toEqual([0, message]);
    }
    expect((await postJson(server, '/api/ops/run/news-delete', { news: String(id) }, as(support, 'de'))).msg).toBe(
      `Die Nachricht ${id} ist bereits gelöscht`,
    );
    const live = (await firstPage('en')).data[0]?.id ?? 0;
    for (const [name, body] of [
      ['news-delete', { news: String(live) }],
      ['news-create', { lang: 'en', title: 'Hijacked' }],
    ] as const) {
      const res = await finance.run(name, body);
      expect([res.status, res.msg]).toEqual([403, `Your role may not run ${name}`]);
    }
    expect(await newsRows()).toEqual(news);
    expect((await auditRows('news-delete')).length).toBe(audits);
    expect((await auditRows('news-delete', true)).length).toBe(refusals + cases.length + 2);
  });
});
