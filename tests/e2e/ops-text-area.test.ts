// The back-office page's text area (/ops.html, src/ops/ops-commands.tsx), in Chromium: a support member signs in with
// their second factor, runs news-create with a body of several lines typed into the body's text area, and the story
// is in the app with those lines (docs/content.md "Creating and deleting news"): the server stored the text area's
// value exactly, and the app's news list and article show it. Screenshots at 1280×800 (the form) and 360×740 (the
// article). It fails if the text area's value does not reach the command (the body would be empty).
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/second-factor.ts';
import type { NewsDetail } from '../../domain/content-types.ts';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { ops } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';

// The shared server: the member it makes is its own, and the story it publishes is deleted after it.
const e2e = useServerAndChrome();
let story = 0;
afterAll(async () => {
  if (story > 0) await ops(e2e.server, 'news-delete', { news: String(story) });
});

/**
 * The first sign-in of a member: the one-time password, their own in its place, then the factor's set-up with the
 * secret the page shows, then the code.
 */
async function signInOnPage(page: Page, login: string, password: string): Promise<void> {
  await page.goto(`${e2e.server.url}/ops.html`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.locator('input[name="new_password"]').fill(`${login}'s own long password`);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.locator('input[name="code"]').waitFor();
  const secret = (await page.locator('[data-testid="totp-secret"]').innerText()).trim();
  await page.locator('input[name="code"]').fill(totpCode(secret, Date.now()));
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.locator('[data-testid="ops-who"]').waitFor();
}

const BODY = [
  '<p>Trading pauses on Saturday at 02:00 UTC.</p>',
  '<p>It resumes at 04:00 UTC.</p>',
  '<ul>',
  '<li>Open positions stay open.</li>',
  '<li>Pending orders wait.</li>',
  '</ul>',
].join('\n');

it(
  'a support member creates a news item with a multi-line body typed into the text area; the app shows its lines',
  async () => {
    // A support member (the content right), made as the shell's administrator would, through the ops API.
    const made = await ops<{ first_password: string }>(e2e.server, 'staff-create', {
      login: 'sue',
      name: 'Sue Support',
      role: 'support',
    });
    const { context, page } = await newPage(e2e.chrome.browser, DESKTOP);
    await signInOnPage(page, 'sue', made.first_password);
    expect(await page.locator('[data-testid="ops-who"]').innerText()).toContain('Sue Support');

    await page.locator('nav button', { hasText: 'news-create' }).click();
    const form = page.locator('form[aria-label="news-create"]');
    await form.locator('input[name="lang"]').fill('en');
    await form.locator('input[name="title"]').fill('Weekend maintenance window');
    await form.locator('[name="desc"]').fill('Two hours on Saturday night.');
    // The body is a text area (its parameter is longer than 1,000 characters), typed as a person types: Enter for a line.
    const body = form.locator('textarea[name="content"]');
    expect(await body.count()).toBe(1);
    await body.click();
    for (const [i, line] of BODY.split('\n').entries()) {
      if (i > 0) await page.keyboard.press('Enter');
      await page.keyboard.type(line);
    }
    expect(await body.inputValue()).toBe(BODY);
    await snap(page, 'ops-text-area-form-1280');
    await form.locator('button[type="submit"]').click();
    const result = page.locator('[aria-label="Result"]');
    await expect.poll(() => result.innerText(), { timeout: slow(10_000) }).toContain('Weekend maintenance window');
    const id = Number(/"?news"?\s*[:\s]\s*(\d+)/.exec(await result.innerText())?.[1] ?? 0);
    expect(id).toBeGreaterThan(0);
    story = id;
    expect(await result.innerText()).toContain('Pending orders wait.');
    await snap(page, 'ops-text-area-result-1280');
    await context.close();

    // The server stored the text area's value, line breaks and all.
    const info = (await (
      await fetch(`${e2e.server.url}/api/news/info?id=${id}`, { headers: { lang: 'en' } })
    ).json()) as { code: number; data: NewsDetail };
    expect(info.data).toMatchObject({ lang: 'en', title: 'Weekend maintenance window', content: BODY });

    // The trader's app: first in the news list, and the article shows each line as its own paragraph and item.
    const app = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
    await app.context.addCookies([{ name: 'lang', value: 'en', url: e2e.server.url }]);
    await app.page.goto(`${e2e.server.url}/#/news`);
    const first = app.page.locator('[data-testid="news-list"] .news-row').first();
    await expect.poll(() => first.innerText(), { timeout: slow(15_000) }).toContain('Weekend maintenance window');
    await first.click();
    const article = app.page.locator('[data-testid="news-article"] .news-article__body');
    await article.waitFor();
    expect(await article.locator('p').allInnerTexts()).toEqual([
      'Trading pauses on Saturday at 02:00 UTC.',
      'It resumes at 04:00 UTC.',
    ]);
    expect(await article.locator('li').allInnerTexts()).toEqual(['Open positions stay open.', 'Pending orders wait.']);
    expect((await article.innerText()).split('\n').filter((l) => l.trim() !== '')).toHaveLength(4);
    await snap(app.page, 'ops-text-area-article-360');
    await app.context.close();
  },
  slow(120_000),
);
