// No shown text carries an unfilled "{{…}}" placeholder, on any route, in any of the 18 languages (docs/screens.md
// "Texts"): a real user with a halted instrument (so the halt's messages are on screen) walks every route of the
// route table at 360×740 in each language, one page per language, in-app navigation only. What is checked: the
// visible text, the title, aria-label, placeholder and alt attributes, the document's title, and every text added
// to the page at any moment of the walk (a toast that comes and goes). Then on the desk (1280×800) with one-click
// on: the halted instrument's Buy / Sell are disabled and B answers a toast naming the halt's reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../domain/types.ts';
import { ROUTES } from '../../src/app/routes.tsx';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { createFundedUser, loginInBrowser, ops, type RealUser } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

const e2e = useServerAndChrome();
const REASON = 'maintenance window';
let user: RealUser;
let heldId = 0;

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '20000', 'e2e placeholders');
  // A EURUSD position opened before the halt: its sheet on /order must show the halt.
  const qs = new URLSearchParams({ type: '1', cont: '0.01', forex_id: '1', status: '1', multiple: '100' });
  const res = await fetch(`${e2e.server.url}/v1/api/forex/submit?${qs}`, {
    headers: { authorization: user.token, lang: 'en' },
  });
  heldId = ((await res.json()) as { data: { Id: number } }).data.Id;
  await ops(e2e.server, 'feed-halt', { code: 'EURUSD', reason: REASON, by: 'desk-e2e' });
});
afterAll(async () => {
  await ops(e2e.server, 'feed-resume', { code: 'EURUSD', by: 'desk-e2e' }).catch(() => undefined);
});

/** The first id a public list answers: the detail routes need one (`?id=`). */
async function firstId(path: string, field: string): Promise<string> {
  const res = await fetch(`${e2e.server.url}${path}?page=1&category_id=1`, { headers: { lang: 'en' } });
  const body = (await res.json()) as { data: { data: Array<Record<string, number>> } };
  return String(body.data.data[0]?.[field] ?? '');
}

/** Starts recording every text added to the page that holds "{{" (toasts, live regions). */
async function watchAdded(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __braces: string[] };
    w.__braces = [];
    const look = (n: Node): void => {
      const text = n.nodeType === Node.TEXT_NODE ? n.textContent : (n as Element).textContent;
      if (text?.includes('{{')) w.__braces.push(text.slice(0, 200));
    };
    new MutationObserver((list) => {
      for (const m of list) {
        if (m.type === 'characterData') look(m.target);
        for (const n of m.addedNodes) look(n);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Unfilled placeholders on screen now: text, attributes, the document's title, and what was added meanwhile. */
function bracesNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.body.innerText.includes('{{')) {
      for (const line of document.body.innerText.split('\n')) if (line.includes('{{')) found.push(line.slice(0, 200));
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v?.includes('{{')) found.push(`${a}="${v.slice(0, 200)}"`);
      }
    }
    if (document.title.includes('{{')) found.push(`<title>${document.title}`);
    const w = window as unknown as { __braces?: string[] };
    found.push(...(w.__braces ?? []).splice(0));
    return found;
  });
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.page-fallback, .loading-overlay, [aria-busy="true"]'));
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

describe('no unfilled {{…}} on any route', () => {
  it('in every language, as a real user with a halted instrument', async () => {
    const query: Record<string, string> = {
      '/news/detail': `?id=${await firstId('/api/news/list', 'id')}`,
      '/mining/subscribe': `?id=${await firstId('/api/fund/list', 'id')}`,
      '/trade': '?code=EURUSD',
    };
    const found: Record<string, string[]> = {};
    for (const lang of LANGUAGES) {
      const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, lang, PHONE);
      await loginInBrowser(page, e2e.server, user);
      await watchAdded(page);
      for (const route of ROUTES) {
        const hash = `#${route.path}${query[route.path] ?? ''}`;
        await page.evaluate((h) => {
          location.hash = h;
        }, hash);
        await settled(page);
        for (const text of await bracesNow(page)) (found[lang] ??= []).push(`${route.path}: ${text}`);
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 900_000);
});

describe('a halt on the phone (360×740)', () => {
  it('shows the reason under the halted row on /, and the /order sheet says why close and stops are disabled', async () => {
    for (const lang of ['en', 'ar']) {
      const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, lang, PHONE);
      await loginInBrowser(page, e2e.server, user);
      await page.goto(`${e2e.server.url}/#/`);
      const reason = page.locator('.mk-row[data-code="EURUSD"] [data-field="halt-reason"]');
      await expect.poll(() => reason.innerText()).toBe(REASON);
      expect(await reason.isVisible()).toBe(true);
      await snap(page, `defects-a-halt-row-${lang}-360`);
      await page.goto(`${e2e.server.url}/#/order?type=1`);
      await page.locator(`.od-row[data-id="${heldId}"]`).click();
      const note = page.locator('.od-sheet [data-field="halted"]');
      await note.waitFor();
      if (lang === 'en') expect(await note.innerText()).toBe(`Trading halted: ${REASON}`);
      else expect(await note.innerText()).toContain(REASON);
      for (const action of ['close-order', 'edit-stops', 'close-part-open'])
        expect(await page.locator(`.od-sheet [data-action="${action}"]`).isDisabled(), action).toBe(true);
      await snap(page, `defects-a-halt-sheet-${lang}-360`);
      await context.close();
    }
  }, 120_000);
});

describe('one-click during a halt on the desk', () => {
  it('disables the halted row’s and the form’s Buy / Sell, and B toasts the reason filled in', async () => {
    const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', DESKTOP);
    await loginInBrowser(page, e2e.server, user);
    await page.evaluate(() => localStorage.setItem('tw:one-click', 'on'));
    await page.goto(`${e2e.server.url}/#/`);
    await page.reload();
    await page.locator('.mk-row[data-code="EURUSD"] .mk-code').first().click();
    const bar = page.locator('[data-testid="one-click-bar"]');
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('data-halted')).toBe('true');
    for (const b of await page
      .locator(
        '.mk-row[data-code="EURUSD"] [data-action="one-click"], [data-testid="one-click-bar"] [data-action="one-click"]',
      )
      .all()) {
      expect(await b.isDisabled()).toBe(true);
      expect(await b.getAttribute('title')).toBe(`Trading halted: ${REASON}`);
    }
    await watchAdded(page);
    await page.locator('body').press('b');
    await expect
      .poll(() => page.locator('.toast, [role="status"]').allInnerTexts())
      .toContainEqual(expect.stringContaining(`Trading halted: ${REASON}`));
    expect(await bracesNow(page)).toEqual([]);
    await snap(page, 'defects-a-halt-one-click-1280');
    await context.close();
  }, 120_000);
});
