// /product on the main site at 360×740 (docs/contract.md §2, §3, §9): search companies, open the company popup with the §3
// fields, choose one, and find its id in a cookie that outlives a session; the DEMO title shows the DEMO mark.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Envelope, Company } from '../../domain/types.ts';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { changeSetting } from './real-user.ts';

// The shared server: the site's variant it switches is put back after it.
const e2e = useServerAndChrome();
let putBack = (): Promise<void> => Promise.resolve();

beforeAll(async () => {
  // The seeded site is the trading variant; the operator makes it the main site.
  putBack = await changeSetting(e2e.server, 'app_type', '1');
});
afterAll(() => putBack());
const DAY_S = 86_400;

/** The sheet slides up (CSS animation): screenshots wait until it has arrived. */
async function settled(page: import('playwright-core').Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

it('searches companies, opens the popup, chooses one and keeps its id in a long-lived cookie', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await page.goto(`${e2e.server.url}/#/product`);
  await page.locator('[data-testid="company-row"]').first().waitFor();
  expect(await page.locator('.pd-company-list [data-testid="company-row"]').count()).toBeGreaterThanOrEqual(30);
  await snap(page, 'product-companies-360');

  await page.locator('input[type="search"]').fill('capital');
  await page.waitForFunction(() => {
    const names = Array.from(
      document.querySelectorAll('.pd-company-list .pd-company__name'),
      (n) => n.textContent ?? '',
    );
    return names.length > 0 && names.every((n) => n.toLowerCase().includes('capital'));
  });
  const names = await page.locator('.pd-company-list .pd-company__name').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(5);
  expect(names).toContain('Northwind Capital Pte');

  const res = (await (await fetch(`${e2e.server.url}/api/company/getCompany?name=Northwind`)).json()) as Envelope<
    Company[]
  >;
  const north = res.data[0];
  if (!north) throw new Error('Northwind is not seeded');

  await page.locator('[data-testid="company-row"]', { hasText: 'Northwind Capital Pte' }).click();
  const popup = page.locator('[data-testid="company-popup"]');
  await popup.waitFor();
  for (const text of [north.name, north.subject, north.registered_address, north.location, north.email, north.url])
    expect(await popup.textContent()).toContain(text);
  await settled(page);
  await snap(page, 'product-popup-360');

  await popup.locator('[data-testid="company-choose"]').click();
  await popup.waitFor({ state: 'detached' });
  await page.locator('.toast', { hasText: north.name }).first().waitFor();

  const cookie = (await context.cookies(e2e.server.url)).find((c) => c.name === 'company_id');
  expect(cookie?.value).toBe(String(north.id));
  // 3 years asked (max-age 94608000 s); Chromium stores at most 400 days, and the app renews it on every visit.
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
  expect(days).toBeGreaterThan(399);
  expect(cookie?.sameSite).toBe('Lax');

  await page.reload();
  await page.locator('.pd-chosen', { hasText: north.name }).waitFor();
  await snap(page, 'product-chosen-360');
  await context.close();
});

it('shows the DEMO mark when the page title is DEMO, and none otherwise', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await page.goto(`${e2e.server.url}/#/product`);
  await page.locator('[data-testid="company-row"]').first().waitFor();
  expect(await page.locator('[data-testid="demo-mark"]').count()).toBe(0);

  // The deployer's index.html with <title>DEMO</title> (docs/contract.md §7, §9).
  await page.route(`${e2e.server.url}/`, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/<title>[^<]*<\/title>/, '<title>DEMO</title>');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto(`${e2e.server.url}/#/product`);
  await page.reload();
  await page.locator('[data-testid="demo-mark"]').waitFor();
  await page.locator('[data-testid="company-row"]').first().waitFor();
  expect(await page.title()).toBe('DEMO');
  await snap(page, 'product-demo-360');
  await context.close();
});

it('desk layout at 1280×800', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, DESKTOP, { locale: 'en-GB' });
  await page.goto(`${e2e.server.url}/#/product`);
  await page.locator('[data-testid="company-row"]').first().waitFor();
  await snap(page, 'product-companies-1280');
  await page.locator('[data-testid="company-row"]').nth(2).click();
  await page.locator('[data-testid="company-popup"]').waitFor();
  await settled(page);
  await snap(page, 'product-popup-1280');
  await context.close();
});
