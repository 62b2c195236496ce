// On a 360×740 phone, /trade, / and /order keep to the screen's width in every language (docs/client.md
// "Right-to-left reading"): the page never scrolls sideways (`scrollWidth <= 360`) and the tab bar and each of its tabs
// lie whole inside the viewport. In Arabic the chart's hidden text alternative, placed from its right edge, widened the
// page to 401 px and cut the tab bar. Screenshots: test-artifacts/phone-width-*.png (hk, en and ar).
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, snap } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { createRealUser, loginInBrowser } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { LANGUAGES } from '../../domain/types.ts';

const e2e = useServerAndChrome();

/** Each route and what shows it is drawn: the chart with its bars and text alternative, the market rows, the tabs. */
const ROUTES = [
  {
    hash: '#/trade?code=EURUSD',
    ready: () =>
      Number(document.querySelector('.tw-chart')?.getAttribute('data-bars') ?? 0) > 50 &&
      document.querySelector('[data-testid="chart-legend-text"]') !== null,
  },
  { hash: '#/', ready: () => document.querySelectorAll('.mk-row').length > 3 },
  {
    hash: '#/order',
    ready: () =>
      !location.hash.startsWith('#/login') && (document.querySelector('.app-main')?.textContent ?? '') !== '',
  },
] as const;

async function widths(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > 360) out.push(`page ${root.scrollWidth} px wide`);
    const bar = document.querySelector('.tab-bar');
    if (!bar) out.push('no tab bar');
    for (const el of [bar, ...document.querySelectorAll('.tab-bar__tab')]) {
      if (!el) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > 360.5 || r.bottom > 740.5 || r.width === 0) {
        out.push(`${el.className} ${Math.round(r.left)}–${Math.round(r.right)} "${el.textContent ?? ''}"`);
      }
    }
    return out;
  });
}

it('in every language /trade, / and /order fit a 360 px phone, tab bar whole', async () => {
  const found: Record<string, string[]> = {};
  // One signed-in trader (the account strip and /order show), the language switched by the `lang` cookie, which wins.
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'hk', PHONE);
  await loginInBrowser(page, e2e.server, await createRealUser(e2e.server));
  for (const lang of LANGUAGES) {
    await context.addCookies([{ name: 'lang', value: lang, url: e2e.server.url }]);
    for (const route of ROUTES) {
      await page.goto(`${e2e.server.url}/${route.hash}`);
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang !== '', null, { timeout: 20_000 });
      await page.waitForFunction(route.ready, null, { timeout: 20_000 });
      await page.locator('.tab-bar').waitFor();
      const bad = await widths(page);
      if (bad.length > 0) found[`${lang} ${route.hash}`] = bad;
      if (lang === 'hk' || lang === 'en' || lang === 'ar') {
        await snap(page, `phone-width-${lang}-${route.hash.replace(/[^a-z]/g, '') || 'home'}`);
      }
    }
  }
  await context.close();
  expect(found).toEqual({});
}, 300_000);
