// Content in its own languages in Chromium (docs/content.md "Content languages"): in hk, the default, the news list,
// a story, the fund list and a fund are in traditional Chinese with no marker; in Arabic, which has no text, they are
// in English with the marker "Shown in English" in Arabic, picked in the app after English; in English, English
// without a marker. One page per test, resized: screenshots of the four screens at 360×740 and 1280×800 in hk, en and
// ar land in test-artifacts/content-lang-*.png.
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage, resizeTo, snap } from './browser.ts';
import { pageIn, pickLanguage } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

// The shared server: the file reads the seeded content in three languages and changes none.
const e2e = useServerAndChrome();
const HAN = /\p{Script=Han}/u;
const AR_MARK = 'معروض باللغة الإنجليزية';
const SIZES = [
  ['360', PHONE],
  ['1280', DESKTOP],
] as const;

const marks = (within: Locator) =>
  within
    .locator('[data-testid="content-lang-mark"]')
    .allInnerTexts()
    .then((t) => t.map((s) => s.replace(/[\u2066-\u2069]/g, '').trim()));

/** The four screens in the page's language: the first row of each list, and the screen it opens. */
async function visit(page: Page, shot: string): Promise<Record<string, { title: string; marks: string[] }>> {
  const seen: Record<string, { title: string; marks: string[] }> = {};
  await page.goto(`${e2e.server.url}/#/news`);
  const row = page.locator('.news-row').first();
  await row.waitFor();
  seen.list = {
    title: await row.locator('.news-row__title').innerText(),
    marks: await marks(row),
  };
  await snap(page, `content-lang-news-${shot}`);
  await row.click();
  await page.locator('[data-testid="news-article"]').waitFor();
  seen.article = {
    title: await page.locator('.news-article__title').innerText(),
    marks: await marks(page.locator('[data-testid="news-article"]')),
  };
  await snap(page, `content-lang-article-${shot}`);
  await page.goto(`${e2e.server.url}/#/mining`);
  const card = page.locator('[data-testid="fund-card"]').first();
  await card.waitFor();
  seen.funds = {
    title: await card.locator('.fund-card__title bdi').innerText(),
    marks: await marks(card),
  };
  await snap(page, `content-lang-funds-${shot}`);
  await card.click();
  await page.locator('.fund-desc').waitFor();
  seen.fund = {
    title: `${await page.locator('.fund-card__title bdi').innerText()} ${await page.locator('.fund-desc').innerText()}`,
    marks: await marks(page.locator('.fund-card__head')),
  };
  await snap(page, `content-lang-fund-${shot}`);
  return seen;
}

/** `check` on each size in turn, one page resized. */
async function inEachSize(page: Page, check: (name: string) => Promise<void>): Promise<void> {
  for (const [name, size] of SIZES) {
    await resizeTo(page, size);
    await check(name);
  }
}

it('hk by default: news and funds in traditional Chinese, no marker', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE); // no lang cookie: hk
  await inEachSize(page, async (name) => {
    const seen = await visit(page, `hk-${name}`);
    for (const [screen, s] of Object.entries(seen)) {
      expect(s.title, `${name} ${screen}`).toMatch(HAN);
      expect(s.marks, `${name} ${screen}`).toEqual([]);
    }
    expect(seen.funds?.title).toBe('港灣穩健 7');
  });
  await context.close();
});

it('en: English, unmarked; then ar picked in the app (no text in Arabic): English, marked in Arabic', async () => {
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', PHONE);
  await inEachSize(page, async (name) => {
    for (const [screen, s] of Object.entries(await visit(page, `en-${name}`))) {
      expect(s.title, `${name} ${screen}`).not.toMatch(HAN);
      expect(s.marks, `${name} ${screen}`).toEqual([]);
    }
  });
  await pickLanguage(page, 'ar');
  await inEachSize(page, async (name) => {
    const seen = await visit(page, `ar-${name}`);
    for (const [screen, s] of Object.entries(seen)) {
      expect(s.title, `${name} ${screen}`).toMatch(/^[\x20-\x7e’]+$/); // English
      expect(s.marks, `${name} ${screen}`).toEqual([AR_MARK]);
    }
    expect(seen.funds?.title).toBe('Harbour Stable 7');
  });
  await context.close();
});
