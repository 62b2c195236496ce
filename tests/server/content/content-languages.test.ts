// Content in its own languages (docs/content.md "Content languages"): news and funds answer in
// the request's language, else in English marked with the language served (`lang`); a support member sets one
// language of a news item or a fund through the ops API, which leaves the other languages as they were and writes its
// audit row in the same transaction; bad input is refused with a clear message and changes nothing; a member
// without the `content` right is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsDetail, NewsItem, Paged } from '../../../domain/content-types.ts';
import type { FundSubscription, LastPaged, Fund } from '../../../domain/fund-types.ts';
import { userCredit } from '../../../server/ops/commands/deposits.ts';
import {
  api,
  manualClock,
  registerAndLogin,
  startTestServer,
  TEST_OPERATOR,
  type TestServer,
} from '../support/harness.ts';
import { createStaff, signIn, type SignedInStaff } from '../support/staff-helpers.ts';

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
const allNews = async (lang: string): Promise<NewsItem[]> => {
  const all: NewsItem[] = [];
  for (let page = 1; ; page++) {
    const res = await client(lang).get<Paged<NewsItem>>('/api/news/list', { category_id: 1, page });
    all.push(...res.data.data);
    if (all.length >= res.data.total || res.data.data.length === 0) return all;
  }
};
const newsId = async (slug: string) =>
  (await server.ctx.db.query<{ id: number }>('SELECT id FROM news WHERE slug = $1', [slug]))[0]?.id ?? 0;
const texts = (table: 'news_texts' | 'fund_texts', key: 'news_id' | 'fund_id', id: number) =>
  server.ctx.db.query<Record<string, string>>(`SELECT * FROM ${table} WHERE ${key} = $1 ORDER BY lang`, [id]);
/** Audit rows of `action` that record a change (`refused: true`: those that record a refusal). */
const auditCount = async (action: string, refused = false) =>
  Number(
    (
      await server.ctx.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM audit_log WHERE action = $1 AND (after_value LIKE '{"refused":%') = $2`,
        [action, refused],
      )
    )[0]?.n,
  );
const HAN = /\p{Script=Han}/u;

describe('reading in the reader’s language', () => {
  it('hk (the default) gets every seeded story in traditional Chinese, marked hk', async () => {
    const hk = (await allNews('hk')).filter((n) => !n.title.startsWith('Notice:'));
    expect(hk.length).toBeGreaterThanOrEqual(12);
    for (const n of hk) {
      expect(n.lang, n.title).toBe('hk');
      expect(n.title, `${n.id}`).toMatch(HAN);
      expect(n.desc).toMatch(HAN);
    }
    // No lang header: hk, the product's default.
    const none = await api(server.baseUrl).get<Paged<NewsItem>>('/api/news/list', { category_id: 1 });
    expect(none.data.data.map((n) => n.title)).toEqual(hk.slice(0, none.data.data.length).map((n) => n.title));
    const detail = await client('hk').get<NewsDetail>('/api/news/info', { id: await newsId('en-gas-weather') });
    expect(detail.data).toMatchObject({ lang: 'hk', title: '天氣溫和減少供暖需求，天然氣價格下跌' });
    expect(detail.data.content).toContain('<h2>儲存量與天氣</h2>');
  });

  it('a language with no text gets English, marked en; one with text gets its own', async () => {
    const ar = await allNews('ar');
    expect(ar.length).toBeGreaterThan(0);
    for (const n of ar) expect(n.lang).toBe('en');
    const gold = await newsId('en-gold-record');
    expect((await client('ar').get<NewsDetail>('/api/news/info', { id: gold })).data).toMatchObject({
      lang: 'en',
      title: 'Gold holds near record as central banks keep buying',
    });
    expect((await client('jp').get<NewsDetail>('/api/news/info', { id: gold })).data).toMatchObject({
      lang: 'jp',
      title: '中央銀行の買いで金は最高値圏を維持',
    });
    // Each story is listed once whatever the language: the same ids in hk, en and ar.
    const ids = (list: NewsItem[]) => list.map((n) => n.id).sort();
    expect(ids(ar)).toEqual(ids(await allNews('hk')));
  });

  it('funds: hk names and descriptions in hk, English marked en in ar, and so in a trader’s subscriptions', async () => {
    const hk = (await client('hk').get<LastPaged<Fund>>('/api/fund/list', { page: 1 })).data.data;
    expect(hk.length).toBeGreaterThanOrEqual(4);
    for (const f of hk) {
      expect(f.lang).toBe('hk');
      expect(f.title).toMatch(HAN);
      expect(f.desc).toMatch(HAN);
    }
    const ar = (await client('ar').get<LastPaged<Fund>>('/api/fund/list', { page: 1 })).data.data;
    expect(ar.map((f) => [f.lang, f.title])).toContainEqual(['en', 'Harbour Stable 7']);
    const harbour = ar.find((f) => f.title === 'Harbour Stable 7') as Fund;
    expect((await client('hk').get<Fund>('/api/fund/info', { id: harbour.id })).data).toMatchObject({
      lang: 'hk',
      title: '港灣穩健 7',
    });
    // A trader's subscription shows the fund in their language; the ledger memo keeps the internal name.
    const u = await registerAndLogin(server, { clock });
    await userCredit.run(server.ctx, { user: u.account, amount: '500' }, TEST_OPERATOR);
    expect((await u.client.get('/api/fund/buy', { id: harbour.id, amount: '100' })).code).toBe(1);
    const subs = await u.client.withLang('hk').get<LastPaged<FundSubscription>>('/api/fund/subList', { page: 1 });
    expect(subs.data.data[0]?.get_fund).toMatchObject({ lang: 'hk', title: '港灣穩健 7' });
    const [memo] = await server.ctx.db.query<{ memo: string }>(
      'SELECT memo FROM financial_records WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [u.user.id],
    );
    expect(memo?.memo).toMatch(/^Harbour Stable 7 #\d+$/);
  });
});

describe('the operator sets one language', () => {
  it('news-text-set writes one language, leaves the others, and writes its audit row', async () => {
    const id = await newsId('en-eth-upgrade');
    const before = await texts('news_texts', 'news_id', id);
    const audits = await auditCount('news-text-set');
    const res = await support.run('news-text-set', {
      news: 'en-eth-upgrade',
      lang: 'ar',
      title: 'الإيثر يرتفع قبل ترقية الشبكة',
      desc: 'المطورون يؤكدون الموعد.',
      content: '<p>ارتفع الإيثر 5%.</p><h1>ما الذي يتغير</h1><a href="https://www.example.com/x">المزيد</a>',
    });
    expect([res.status, res.code], res.msg).toEqual([200, 1]);
    const after = await texts('news_texts', 'news_id', id);
    expect(after.map((t) => t.lang)).toEqual([...before.map((t) => t.lang), 'ar'].sort());
    for (const t of before) expect(after.find((a) => a.lang === t.lang)).toEqual(t); // untouched
    const ar = after.find((t) => t.lang === 'ar');
    expect(ar?.content).toBe(
      '<p>ارتفع الإيثر 5%.</p><h2>ما الذي يتغير</h2><a href="https://www.example.com/x" target="_blank" rel="noopener noreferrer nofollow">المزيد</a>',
    );
    expect((await client('ar').get<NewsDetail>('/api/news/info', { id })).data).toMatchObject({
      lang: 'ar',
      title: 'الإيثر يرتفع قبل ترقية الشبكة',
    });
    expect((await client('hk').get<NewsDetail>('/api/news/info', { id })).data.title).toBe('網絡升級在即，以太幣上揚');
    expect(await auditCount('news-text-set')).toBe(audits + 1);
    const [row] = await server.ctx.db.query<{ actor: string; params: unknown }>(
      "SELECT actor, params FROM audit_log WHERE action = 'news-text-set' ORDER BY id DESC LIMIT 1",
    );
    expect(row?.actor).toContain(support.login);

    // Only the title again: the summary and body of that language stay.
    expect((await support.run('news-text-set', { news: String(id), lang: 'ar', title: 'عنوان جديد' })).code).toBe(1);
    const again = (await texts('news_texts', 'news_id', id)).find((t) => t.lang === 'ar');
    expect(again).toMatchObject({ title: 'عنوان جديد', desc: ar?.desc, content: ar?.content });

    // A story longer than the ops API's usual 1,000 characters goes through (the body declares its own limit), and the
    // command list tells the back-office page so (it shows a text area).
    const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(200)}</p>`;
    expect(
      (await support.run('news-text-set', { news: String(id), lang: 'ar', title: 'عنوان جديد', content: long })).code,
    ).toBe(1);
    expect((await texts('news_texts', 'news_id', id)).find((t) => t.lang === 'ar')?.content).toBe(long);
    const commands = (await (
      await fetch(`${server.baseUrl}/api/ops/commands`, { headers: { 'x-ops-session': support.token } })
    ).json()) as { data: Array<{ name: string; params: Array<{ name: string; maxLength?: number }> }> };
    const body = commands.data.find((c) => c.name === 'news-text-set')?.params.find((p) => p.name === 'content');
    expect(body?.maxLength).toBeGreaterThan(100_000);

    const listed = await support.run<Array<{ lang: string; fallback: string }>>('news-texts', { news: String(id) });
    expect(listed.data.map((r) => r.lang).sort()).toEqual(['ar', 'en', 'hk']);
    expect(listed.data.find((r) => r.fallback === 'yes')?.lang).toBe('en');
  });

  it('fund-text-set writes one language of a fund and leaves the others', async () => {
    const [f] = await server.ctx.db.query<{ id: number }>("SELECT id FROM funds WHERE title = 'Blue Chip 30'");
    const id = f?.id ?? 0;
    const before = await texts('fund_texts', 'fund_id', id);
    const audits = await auditCount('fund-text-set');
    const res = await support.run('fund-text-set', {
      fund: 'Blue Chip 30',
      lang: 'jp',
      title: 'ブルーチップ 30',
      desc: 'USDC で30日間、1日0.5%。',
    });
    expect(res.code, res.msg).toBe(1);
    const after = await texts('fund_texts', 'fund_id', id);
    for (const t of before) expect(after.find((a) => a.lang === t.lang)).toEqual(t);
    expect((await client('jp').get<Fund>('/api/fund/info', { id })).data).toMatchObject({
      lang: 'jp',
      title: 'ブルーチップ 30',
      desc: 'USDC で30日間、1日0.5%。',
    });
    expect((await client('hk').get<Fund>('/api/fund/info', { id })).data.title).toBe('藍籌 30');
    expect(await auditCount('fund-text-set')).toBe(audits + 1);
    const listed = await support.run<Array<{ lang: string }>>('fund-texts', { fund: String(id) });
    expect(listed.data.map((r) => r.lang).sort()).toEqual(['en', 'hk', 'jp']);
  });

  it('refuses bad input with a clear message, changing nothing; the audit says refused, never changed', async () => {
    const id = await newsId('en-dollar-cpi');
    const news = await texts('news_texts', 'news_id', id);
    const funds = await server.ctx.db.query('SELECT * FROM fund_texts ORDER BY fund_id, lang');
    const audits = (await auditCount('news-text-set')) + (await auditCount('fund-text-set'));
    const refusals = await auditCount('news-text-set', true);
    const ok = { news: 'en-dollar-cpi', lang: 'hk', title: 'A title' };
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['news-text-set', { ...ok, lang: 'xx' }, /Unknown language “xx”: use one of hk, en/],
      ['news-text-set', { ...ok, lang: 'zh' }, /Unknown language “zh”/],
      ['news-text-set', { ...ok, title: '   ' }, /--title is required/],
      ['news-text-set', { ...ok, title: 'x'.repeat(201) }, /--title is too long \(at most 200 characters\)/],
      ['news-text-set', { ...ok, desc: 'y'.repeat(1001) }, /--desc is too long/],
      ['news-text-set', { ...ok, content: `<p>${'z'.repeat(100_000)}</p>` }, /--content is too long/],
      ['news-text-set', { ...ok, title: 'Hi <b>there</b>' }, /--title is plain text/],
      ['news-text-set', { ...ok, content: '<p>a</p><script>alert(1)</script>' }, /not allowed: <script>/],
      ['news-text-set', { ...ok, content: '<p onclick="x()">a</p>' }, /not allowed: onclick on <p>/],
      ['news-text-set', { ...ok, content: '<a href="javascript:alert(1)">a</a>' }, /not allowed: href on <a>/],
      ['news-text-set', { ...ok, content: '<img src="http://plain.example/x.png">' }, /not allowed: src on <img>/],
      ['news-text-set', { ...ok, content: '<p style="color:red">a</p>' }, /not allowed: style on <p>/],
      ['news-text-set', { ...ok, news: 'no-such-story' }, /News not found/],
      ['fund-text-set', { fund: 'Blue Chip 30', lang: 'hk', title: '' }, /--title is required/],
      ['fund-text-set', { fund: 'Blue Chip 30', lang: 'kk', title: 'x' }, /Unknown language “kk”/],
      ['fund-text-set', { fund: 'No Such Fund', lang: 'hk', title: 'x' }, /This fund is not available/],
      ['news-texts', { news: '999999' }, /News not found/],
    ];
    for (const [name, body, message] of cases) {
      const res = await support.run(name, body);
      expect([res.code, res.msg], `${name} ${JSON.stringify(body).slice(0, 80)}`).toEqual([
        0,
        expect.stringMatching(message),
      ]);
    }
    expect(await texts('news_texts', 'news_id', id)).toEqual(news);
    expect(await server.ctx.db.query('SELECT * FROM fund_texts ORDER BY fund_id, lang')).toEqual(funds);
    expect((await auditCount('news-text-set')) + (await auditCount('fund-text-set'))).toBe(audits);
    const newsCases = cases.filter(([name]) => name === 'news-text-set').length;
    expect(await auditCount('news-text-set', true)).toBe(refusals + newsCases);
  });

  it('refuses a member whose role lacks the content right, changing nothing', async () => {
    const id = await newsId('en-dollar-cpi');
    const news = await texts('news_texts', 'news_id', id);
    const audits = await auditCount('news-text-set');
    const refusals = await auditCount('news-text-set', true);
    for (const [name, body] of [
      ['news-text-set', { news: 'en-dollar-cpi', lang: 'hk', title: 'Hijacked' }],
      ['fund-text-set', { fund: 'Blue Chip 30', lang: 'hk', title: 'Hijacked' }],
      ['news-texts', { news: 'en-dollar-cpi' }],
    ] as const) {
      const res = await finance.run(name, body);
      expect([res.status, res.msg]).toEqual([403, `Your role may not run ${name}`]);
    }
    expect(await texts('news_texts', 'news_id', id)).toEqual(news);
    expect(await auditCount('news-text-set')).toBe(audits);
    expect(await auditCount('news-text-set', true)).toBe(refusals + 1);
  });
});
