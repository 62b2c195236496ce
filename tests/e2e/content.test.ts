// End to end at 360×740: the hostile news items run no script; the chat frame is sandboxed; the invite QR decodes to
// the register link; a feedback message reaches the team and its answer the trader (docs/feedback.md). That every
// route draws its screen is checked by the walk of no-placeholders.test.ts.
import { expect, it } from 'vitest';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import type { Envelope } from '../../domain/types.ts';
import type { NewsDetail, NewsItem, Paged } from '../../domain/content-types.ts';
import { HOSTILE_CANARY } from '../../server/db/seeds/news.ts';
import { DESKTOP, PHONE, newPage, resizeTo, snap } from './browser.ts';
import { axe, pickLanguage } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { createRealUser, loginInBrowser, ops } from './real-user.ts';

// The shared server: the file reads the seeded content and changes none.
const e2e = useServerAndChrome();

async function call<T>(
  path: string,
  init: { method?: string; form?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${e2e.server.url}${path}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`, {
    method: init.method ?? 'GET',
    headers: { lang: 'en', ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

/** A real (not demo) account, its code read from the outbox by the ops API, logged in through the login screen. */
async function loginReal(page: Page): Promise<void> {
  await loginInBrowser(page, e2e.server, await createRealUser(e2e.server));
}

it('news list, detail and the hostile items: no dialog, no canary request, no inline handler', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  // In English: the hostile samples and the risk guide's table are English texts (docs/content.md "Content languages").
  await context.addCookies([{ name: 'lang', value: 'en', url: e2e.server.url }]);
  const dialogs: string[] = [];
  const leaks: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (r.url().includes(HOSTILE_CANARY) || r.url().startsWith('javascript:')) leaks.push(r.url());
  });
  await page.goto(`${e2e.server.url}/#/news`);
  await page.locator('.news-row').first().waitFor();
  expect(await page.locator('.news-row').count()).toBeGreaterThanOrEqual(10);
  await snap(page, 'content-news-360');

  const all: NewsItem[] = [];
  for (let p = 1; ; p++) {
    const res = await call<Paged<NewsItem>>('/api/news/list', { query: { category_id: '1', page: String(p) } });
    all.push(...res.data.data);
    if (all.length >= res.data.total) break;
  }
  const hostile = all.filter((n) => n.title.startsWith('Notice:'));
  expect(hostile.length).toBeGreaterThanOrEqual(7);
  for (const n of hostile) {
    await page.goto(`${e2e.server.url}/#/news/detail?id=${n.id}`);
    // This item's article (the last one stays until the new one loads), with its images loaded or failed, so an
    // inline handler that survived would have run by now.
    await page.waitForFunction(
      (title) =>
        document.querySelector('[data-testid="news-article"] .news-article__title')?.textContent?.trim() ===
          title.trim() &&
        [...document.querySelectorAll<HTMLImageElement>('.news-article__body img')].every((i) => i.complete),
      n.title,
    );
    const found = await page.evaluate(() => {
      const body = document.querySelector('.news-article__body');
      const bad: string[] = [];
      for (const el of body ? [body, ...body.querySelectorAll('*')] : []) {
        for (const a of el.getAttributeNames()) if (/^on/i.test(a) || a === 'style') bad.push(`${el.tagName} ${a}`);
        if (/^(SCRIPT|IFRAME|OBJECT|EMBED|svg|SVG|FORM|STYLE|LINK|META)$/.test(el.tagName)) bad.push(el.tagName);
        for (const a of ['href', 'src'])
          if (/^\s*(javascript|data):/i.test(el.getAttribute(a) ?? '')) bad.push(`${el.tagName} ${a}`);
      }
      return bad;
    });
    expect(found, n.title).toEqual([]);
  }
  const [risk] = all.filter((n) => n.title.startsWith('Understanding margin'));
  await page.goto(`${e2e.server.url}/#/news/detail?id=${risk?.id ?? 1}`);
  await page.locator('.news-article__body table').waitFor();
  expect(await page.locator('.news-article__body a[target="_blank"][rel~="noopener"]').count()).toBeGreaterThan(0);
  const imgWidth = await page
    .locator('.news-article__body img')
    .first()
    .evaluate((img) => img.getBoundingClientRect().width);
  expect(imgWidth).toBeLessThanOrEqual(PHONE.width);
  await snap(page, 'content-news-detail-360');

  // The app's own sanitiser, as if an older or compromised server sent what the stored one would not: an http:
  // image and a path the browser reads as another host lose their address; an https image keeps it.
  const story =
    '<p><img src="http://plain.example/a.png"><img src="/\\evil.example/b.png"><img src="https://cdn.example.com/c.png"></p>';
  await page.route(/\/api\/news\/info/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as Envelope<NewsDetail>;
    await route.fulfill({ response: res, json: { ...body, data: { ...body.data, content: story } } });
  });
  await page.route(/\.png$/, (route) => route.fulfill({ status: 204 }));
  const other = all.find((n) => n.id !== risk?.id);
  await page.goto(`${e2e.server.url}/#/news/detail?id=${other?.id ?? 1}`);
  const images = page.locator('.news-article__body img');
  await expect.poll(() => images.count()).toBe(3);
  expect(await images.evaluateAll((all) => all.map((i) => i.getAttribute('src')))).toEqual([
    null,
    null,
    'https://cdn.example.com/c.png',
  ]);
  await page.unroute(/\/api\/news\/info/);
  expect(dialogs).toEqual([]);
  expect(leaks).toEqual([]);
  await context.close();
});

it('rank, invite QR → the link, complaint e-mail, announcement, the sandboxed chat frame', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await page.goto(`${e2e.server.url}/#/rank`);
  await page.locator('.rank-row[data-rank="1"]').waitFor();
  await snap(page, 'content-rank-360');
  await page.goto(`${e2e.server.url}/#/rank?tab=copy`);
  await page.locator('.rank-row[data-rank="1"]').click();
  // Copying starts on the Copy tab, which a visitor reaches through the login.
  await expect.poll(() => new URL(page.url()).hash).toBe('#/login?from=%2Fcopy');

  await loginReal(page);
  await page.goto(`${e2e.server.url}/#/mine/invite`);
  const qr = page.locator('[data-testid="invite-qr"]');
  await qr.waitFor();
  const link = (await page.locator('[data-testid="invite-link"]').innerText()).trim();
  const code = (await page.locator('[data-testid="invite-code"]').innerText()).trim();
  expect(link).toBe(`${e2e.server.url}/#/register?invite_code=${code}`);
  expect(await qr.evaluate((img) => (img as HTMLImageElement).width)).toBe(160);
  const pixels = await qr.evaluate((img) => {
    const el = img as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const g = canvas.getContext('2d');
    if (!g) return null;
    g.drawImage(el, 0, 0);
    return {
      w: canvas.width,
      h: canvas.height,
      data: Array.from(g.getImageData(0, 0, canvas.width, canvas.height).data),
    };
  });
  expect(pixels).not.toBeNull();
  const decoded = jsQR(Uint8ClampedArray.from(pixels?.data ?? []), pixels?.w ?? 0, pixels?.h ?? 0);
  expect(decoded?.data).toBe(link);
  await expect(page.locator('[data-testid="invite-count"]').innerText()).resolves.toMatch(/0/);
  await snap(page, 'content-invite-360');

  await page.goto(`${e2e.server.url}/#/mine/email`);
  await page.locator('[data-testid="complaint-email"][href^="mailto:"]').waitFor();
  expect(await page.locator('[data-testid="complaint-email"]').getAttribute('href')).toMatch(/^mailto:[^@]+@/);
  await snap(page, 'content-email-360');
  await page.goto(`${e2e.server.url}/#/mine/announcement`);
  await expect(page.locator('[data-testid="announcement"]').innerText()).resolves.toContain('北韓'); // the app's default language is hk
  await snap(page, 'content-announcement-360');

  // The chat vendor answers (this sandbox has no internet): the page's reachability probe passes and the frame stays.
  await page.route('https://www.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>chat</p>' }),
  );
  await page.goto(`${e2e.server.url}/#/mine/chat`);
  const frame = page.locator('[data-testid="chat-frame"]');
  await frame.waitFor({ state: 'attached' });
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/).sort()).toEqual([
    'allow-forms',
    'allow-popups',
    'allow-popups-to-escape-sandbox',
    'allow-same-origin',
    'allow-scripts',
  ]);
  expect(sandbox).not.toContain('allow-top-navigation');
  expect(await frame.getAttribute('src')).toMatch(/^https:\/\//);
  await expect(page.locator('[data-testid="chat-new-tab"]').getAttribute('target')).resolves.toBe('_blank');
  await expect(page.locator('[data-testid="chat-failed"]').count()).resolves.toBe(0);
  await context.close();
});

it('feedback: the trader sends it from the user centre, the team answers, the trader reads the answer', async () => {
  const user = await createRealUser(e2e.server);
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await loginInBrowser(page, e2e.server, user);
  await page.goto(`${e2e.server.url}/#/user`);
  await page.locator('[data-row="feedback"]').click();
  await page.locator('[data-testid="feedback-form"]').waitFor();
  await page.locator('[data-topic="trading"]').click();
  await page.locator('textarea[name="text"]').fill('Please add a weekly chart period');
  await page.locator('[data-testid="feedback-form"] button[type="submit"]').click();
  const item = page.locator('.fb-item').first();
  await expect.poll(() => item.getAttribute('data-status')).toBe('received');
  expect(await item.locator('.fb-item__text').innerText()).toBe('Please add a weekly chart period');

  const open = await ops<Array<{ id: number; text: string }>>(e2e.server, 'feedback-list', { user: user.account });
  expect(open.map((m) => m.text)).toEqual(['Please add a weekly chart period']);
  await ops(e2e.server, 'feedback-answer', { id: String(open[0]?.id), text: 'The 1W period is on the chart now.' });
  await page.reload();
  await expect.poll(() => item.getAttribute('data-status')).toBe('answered');
  expect(await item.locator('.fb-answer').innerText()).toContain('The 1W period is on the chart now.');
  expect(await axe(page, '.app-main')).toEqual([]);
  await snap(page, 'feedback-360');
  await resizeTo(page, DESKTOP);
  await snap(page, 'feedback-1280');
  // The phone again, Arabic picked in the app.
  await resizeTo(page, PHONE);
  await pickLanguage(page, 'ar');
  await page.goto(`${e2e.server.url}/#/feedback`);
  await page.locator('.fb-item[data-status="answered"]').waitFor();
  expect(await axe(page, '.app-main')).toEqual([]);
  await snap(page, 'feedback-ar-360');
  await context.close();
});
