// Content routes over real HTTP on both databases: news paging totals, the sanitiser on the hostile corpus (stored
// rows and the sanitiser itself), ranking figures from a scripted set of closed orders, invitation counts.
import { describe, expect, it } from 'vitest';
import type { Announcement, InviteInfo, NewsDetail, NewsItem, Paged, Trader } from '../../../domain/content-types.ts';
import type { LoginResult } from '../../../domain/types.ts';
import { sanitiseNewsHtml } from '../../../server/content/sanitise.ts';
import { HOSTILE_CANARY, HOSTILE_NEWS } from '../../../server/db/seeds/news.ts';
import { NEWS_PAGE_SIZE } from '../../../server/routes/content.ts';
import { api, manualClock, outboxCode, registerAndLogin, useTestServer } from '../support/harness.ts';

const clock = manualClock(Date.UTC(2026, 2, 10, 12, 0, 0));
const DAY = 86_400_000;
const http = useTestServer({ clock, market: { manual: true } });

/** What must never survive in stored or served news HTML. */
const DANGEROUS = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /<iframe/i,
  /<svg/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<style/i,
  /style=/i,
  /<meta/i,
  /<link/i,
  /data:/i,
  new RegExp(HOSTILE_CANARY),
];

describe('news', () => {
  it('pages of 10 newest first; the total counts every item; pages add up to the total without repeats', async () => {
    const first = await http.client.get<Paged<NewsItem>>('/api/news/list', { category_id: 1, page: 1 });
    expect(first.code).toBe(1);
    expect(first.data.total).toBeGreaterThanOrEqual(12 + HOSTILE_NEWS.length); // each story once, in its languages
    expect(first.data.data).toHaveLength(NEWS_PAGE_SIZE);
    const seen = new Set<number>();
    let times: string[] = [];
    for (let page = 1; page <= Math.ceil(first.data.total / NEWS_PAGE_SIZE); page++) {
      const res = await http.client.get<Paged<NewsItem>>('/api/news/list', { category_id: 1, page });
      expect(res.data.total).toBe(first.data.total);
      for (const n of res.data.data) seen.add(n.id);
      times = times.concat(res.data.data.map((n) => n.created_at));
    }
    expect(seen.size).toBe(first.data.total);
    expect([...times].sort().reverse()).toEqual(times);
    const beyond = await http.client.get<Paged<NewsItem>>('/api/news/list', { category_id: 1, page: 99 });
    expect(beyond.data).toEqual({ data: [], total: first.data.total });
    const other = await http.client.get<Paged<NewsItem>>('/api/news/list', { category_id: 7 });
    expect(other.data).toEqual({ data: [], total: 0 });
  });

  it('seeded stories come in several languages with headings, lists, images, tables and links', async () => {
    const rows = await http.server.ctx.db.query<{ lang: string; n: string }>(
      "SELECT t.lang, COUNT(*) AS n FROM news_texts t JOIN news n ON n.id = t.news_id WHERE n.slug NOT LIKE 'x-%' GROUP BY t.lang",
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const [detail] = await http.server.ctx.db.query<{ id: number }>("SELECT id FROM news WHERE slug = 'en-risk-guide'");
    const res = await http.client.get<NewsDetail>('/api/news/info', { id: detail?.id ?? 0 });
    expect(res.data.content).toMatch(/<h2>.*<\/h2>/);
    expect(res.data.content).toMatch(/<ul><li>/);
    expect(res.data.content).toMatch(/<table>/);
    expect(res.data.content).toContain('<img src="/news/indices.svg"');
    expect(res.data.content).toContain('rel="noopener noreferrer nofollow"');
    const [sp] = await http.server.ctx.db.query<{ desc: string }>(
      `SELECT t."desc" FROM news_texts t JOIN news n ON n.id = t.news_id WHERE n.slug = 'en-indices-earnings' AND t.lang = 'en'`,
    );
    expect(sp?.desc).toContain('the S&P 500'); // plain text, not HTML-escaped twice
    expect(res.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('info of an unknown id is an error envelope', async () => {
    const res = await http.client.get('/api/news/info', { id: 999_999 });
    expect(res).toMatchObject({ code: 0, msg: 'News not found', data: null });
  });

  it('every hostile item is stored and served harmless, keeping its harmless text', async () => {
    const rows = await http.server.ctx.db.query<{ id: number; slug: string; title: string; content: string }>(
      `SELECT n.id, n.slug, t.title, t.content FROM news n JOIN news_texts t ON t.news_id = n.id AND t.lang = 'en'
        WHERE n.slug LIKE 'x-%' ORDER BY n.slug`,
    );
    expect(rows).toHaveLength(HOSTILE_NEWS.length);
    for (const row of rows) {
      const res = await http.client.get<NewsDetail>('/api/news/info', { id: row.id });
      for (const html of [row.content, res.data.content])
        for (const bad of DANGEROUS) expect(html, `${row.slug}: ${bad}`).not.toMatch(bad);
      expect(res.data.title).not.toMatch(/[<>]/);
    }
    const byslug = Object.fromEntries(rows.map((r) => [r.slug, r.content]));
    expect(byslug['x-script']).toBe('<p>Scheduled maintenance.</p><p>Thank you.</p>');
    expect(byslug['x-handlers']).toContain('<img src="/news/gold.svg" alt="gold" />');
    expect(byslug['x-mixed']).toContain(
      '<a href="https://www.example.com/security" target="_blank" rel="noopener noreferrer nofollow">',
    );
  });

  it('the sanitiser on classic payloads', () => {
    const cases: [string, string][] = [
      ['<a href="java\tscript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      ['<img src="//evil.example/x.png">', '<img />'],
      ['<img src="http://plain.example/x.png">', '<img />'],
      ['<img src="https://cdn.example.com/x.png">', '<img src="https://cdn.example.com/x.png" />'],
      ['<img src="/\\evil.example/x.png">', '<img />'], // a path the browser reads as another host
      ['<a href="#top">t</a>', '<a target="_blank" rel="noopener noreferrer nofollow">t</a>'], // domain/news-html.ts
      ['<p><b onmouseover=alert(1)>b</b></p>', '<p><b>b</b></p>'],
      ['<h1>Title</h1>', '<h2>Title</h2>'],
      [
        '<a href="mailto:a@b.co">m</a>',
        '<a href="mailto:a@b.co" target="_blank" rel="noopener noreferrer nofollow">m</a>',
      ],
    ];
    for (const [input, out] of cases) expect(sanitiseNewsHtml(input)).toBe(out);
  });
});

describe('ranking', () => {
  it('derives rate, win rate, profit, variety and multiplier from closed orders of the last 21 days', async () => {
    const trader = await registerAndLogin(http.server, { email: 'ranked.trader@example.com' });
    const { db } = http.server.ctx;
    const [eur] = await db.query<{ id: number }>("SELECT id FROM instruments WHERE code = 'EURUSD'");
    const [btc] = await db.query<{ id: number }>("SELECT id FROM instruments WHERE code = 'BTCUSDT'");
    const now = clock.now();
    // [instrument, multiple, margin, P&L, completed days ago, status, close reason]
    const script: [number, number, string, string, number, number, string][] = [
      [eur!.id, 100, '1000', '150.50', 1, 3, 'user'],
      [eur!.id, 100, '1000', '-50.25', 2, 3, 'stop_loss'],
      [eur!.id, 200, '500', '25', 3, 3, 'stop_profit'],
      [btc!.id, 20, '2000', '-100', 5, 3, 'user'],
      [btc!.id, 20, '3000', '900', 40, 3, 'user'], // older than 3 weeks: totals only
      [eur!.id, 100, '9999', '0', 1, 3, 'cancel'], // a cancelled pending order is no trade
      [eur!.id, 100, '700', '0', 0, 1, ''], // still open
    ];
    for (const [inst, multiple, margin, pnl, ago, status, reason] of script) {
      await db.query(
        `INSERT INTO orders (user_id, instrument_id, order_type, quantity, multiple, price, origin_price, update_price, fact_profits,
           caution_money, trade_fee, status, close_reason, created_at, filled_at, completed_at)
         VALUES ($1, $2, 1, 1, $3, 1, 1, 1, $4, $5, 0, $6, $7, $8, $8, $9)`,
        [
          trader.user.id,
          inst,
          multiple,
          pnl,
          margin,
          status,
          reason,
          now - ago * DAY - 3_600_000,
          status === 3 ? now - ago * DAY : null,
        ],
      );
    }
    const all: Trader[] = [];
    for (let page = 1; ; page++) {
      const res = await http.client.get<Paged<Trader>>('/api/follow/list', { page });
      expect(res.code).toBe(1);
      all.push(...res.data.data);
      if (all.length >= res.data.total || res.data.data.length === 0) break;
    }
    expect(all.map((t) => t.rank)).toEqual(all.map((_, i) => i + 1));
    const me = all.find((t) => t.user === 'ra***@example.com');
    // 3 weeks: 4 trades, 2 winners; P&L 150.50 - 50.25 + 25 - 100 = 25.25 on 4500 margin = 0.56 %.
    // All time: 5 trades, P&L 925.25 on 7500 margin = 12.34 %.
    expect(me).toEqual({
      rank: expect.any(Number),
      user: 'ra***@example.com',
      code: 'EUR/USD',
      multiple: 100,
      three_week_rate: '0.56',
      three_week_win: '50.00',
      three_week_profit: '25.25',
      total_rate: '12.34',
      total_trade_num: 5,
      followers: 0,
      is_sample: 0,
    });
    // Real traders first, then the samples, each part by rate.
    const real = all.filter((t) => t.is_sample === 0);
    expect(all.slice(0, real.length)).toEqual(real);
    for (const part of [real, all.slice(real.length)]) {
      const rates = part.map((t) => Number(t.three_week_rate));
      expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    }
    expect(all.length).toBeGreaterThanOrEqual(16); // topped up by the seeded traders
  });

  it('shows a published provider by name with their copiers, and leaves a suspended one out', async () => {
    const { db } = http.server.ctx;
    const [eur] = await db.query<{ id: number }>("SELECT id FROM instruments WHERE code = 'EURUSD'");
    const names = ['Ranked Provider', 'Suspended Provider'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const who = await registerAndLogin(http.server, { email: `ranked.provider${i}@example.com` });
      ids.push(who.user.id);
      await db.query(
        `INSERT INTO orders (user_id, instrument_id, order_type, quantity, multiple, price, origin_price, update_price,
           fact_profits, caution_money, trade_fee, status, close_reason, created_at, filled_at, completed_at)
         VALUES ($1, $2, 1, 1, 100, 1, 1, 1, 10, 100, 0, 3, 'user', $3, $3, $3)`,
        [who.user.id, eur!.id, clock.now() - DAY],
      );
      await db.query(
        `INSERT INTO copy_providers (user_id, display_name, fee_percent, min_amount, is_demo, created_at, suspended_at)
         VALUES ($1, $2, 10, 100, 0, $3, $4)`,
        [who.user.id, name, clock.now(), i === 1 ? clock.now() : null],
      );
    }
    // A running copy (its money rules have their own tests in tests/server/copy/): one copier.
    const follower = await registerAndLogin(http.server, { email: 'ranked.follower@example.com' });
    const account = await registerAndLogin(http.server, { email: 'ranked.copy@example.com' });
    await db.query(
      `INSERT INTO copies (follower_id, provider_id, account_id, multiplier, stop_loss_percent, slippage_percent,
         leverage_cap, fee_percent, net_invested, high_water_mark, started_at)
       VALUES ($1, $2, $3, 1, 40, 1, 100, 10, 100, 100, $4)`,
      [follower.user.id, ids[0], account.user.id, clock.now()],
    );
    const list = (await http.client.get<Paged<Trader>>('/api/follow/list', { sort: 'followers' })).data.data;
    expect(list[0]).toMatchObject({ user: 'Ranked Provider', followers: 1, is_sample: 0, rank: 1 });
    expect(list.map((t) => t.user)).not.toContain('Suspended Provider');
    expect(list.at(-1)?.is_sample).toBe(1);
  });

  it('the seeded traders alone fill a fresh list (never empty)', async () => {
    const res = await http.client.get<Paged<Trader>>('/api/follow/list');
    expect(res.data.data.length).toBeGreaterThan(0);
    expect(res.data.data[0]).toMatchObject({ rank: 1, three_week_rate: expect.stringMatching(/^-?\d+\.\d\d$/) });
  });

  it('sort=followers is the copy list: the same traders, most followed first, ranked in that order', async () => {
    const copy = await http.client.get<Paged<Trader>>('/api/follow/list', { sort: 'followers' });
    const rate = await http.client.get<Paged<Trader>>('/api/follow/list', { sort: 'rate' });
    expect(copy.code).toBe(1);
    expect(copy.data.total).toBe(rate.data.total);
    for (const sample of [0, 1]) {
      const followers = copy.data.data.filter((t) => t.is_sample === sample).map((t) => t.followers);
      expect([...followers].sort((a, b) => b - a)).toEqual(followers);
    }
    expect(copy.data.data.map((t) => t.rank)).toEqual(copy.data.data.map((_, i) => i + 1));
    // A distinct list: the ranking's order is not the copy list's.
    expect(copy.data.data.map((t) => t.user)).not.toEqual(rate.data.data.map((t) => t.user));
    const bad = await http.client.get('/api/follow/list', { sort: 'name' });
    expect(bad.code).toBe(0);
  });
});

describe('invitations, complaint e-mail, announcement', () => {
  it('counts the users who registered with the code; demo users and visitors are refused', async () => {
    const host = await registerAndLogin(http.server, { clock });
    const before = await host.client.get<InviteInfo>('/api/user/invite');
    expect(before.data).toEqual({ invite_code: host.user.invite_code, invite_count: 0 });
    for (let i = 0; i < 2; i++) {
      const account = `invited${i}.${host.user.id}@example.com`;
      const c = api(http.server.baseUrl, { lang: 'en' });
      const sent = await c.post<{ key: string }>('/api/notify/send_email', { to: account, type: 1 });
      expect(sent.code).toBe(1);
      const code = await outboxCode(http.server.ctx, account);
      const reg = await c.post<LoginResult>('/api/user/register', {
        type: 'email',
        account,
        password: 'secret-pass-1',
        re_password: 'secret-pass-1',
        sms_code: code,
        key: sent.data.key,
        invite_code: host.user.invite_code,
      });
      expect(reg.code).toBe(1);
    }
    expect((await host.client.get<InviteInfo>('/api/user/invite')).data.invite_count).toBe(2);
    expect((await http.client.get('/api/user/invite')).code).toBe(999);
    const demo = await http.client.get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: 'content-test-demo-1',
    });
    const res = await http.client.withToken(demo.data.token).get('/api/user/invite');
    expect(res).toMatchObject({ code: 0, msg: 'Please register or log in to a real account' });
  });

  it('complaint e-mail from settings; announcement in the request language with the restricted countries', async () => {
    expect((await http.client.get<{ email: string }>('/api/user/complaint_email')).data.email).toMatch(
      /^[^@\s]+@[^@\s]+$/,
    );
    const en = await http.client.get<Announcement>('/api/basicSet/announcement');
    expect(en.data.title).toBe('Service notice');
    for (const c of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba']) expect(en.data.content).toContain(c);
    const hk = await http.client.withLang('hk').get<Announcement>('/api/basicSet/announcement');
    expect(hk.data.content).toContain('北韓');
    await http.server.ctx.db.query("DELETE FROM settings WHERE key = 'announcement.cs'");
    expect((await http.client.withLang('cs').get<Announcement>('/api/basicSet/announcement')).data.title).toBe(
      'Service notice',
    );
  });
});
