// The installable app offline (issue 26): the service worker precaches the build, a reload with no network opens the
// app from it with the last prices marked with their age and an offline banner; back online the list goes live.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, it } from 'vitest';
import { PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

const e2e = useServerAndChrome();

it('opens offline from the service worker with aged prices and a banner, and goes live again online', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE);
  await page.goto(`${e2e.server.url}/#/`);
  await page.locator('[data-conn="live"]').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.mk-row .mk-price').length > 3, null, { timeout: 15_000 });
  // The worker installs, precaches the build and activates (first visit: no prompt, it simply takes over).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(precached.some((u) => u.endsWith('/index.html'))).toBe(true);
  expect(precached.some((u) => /\/assets\/feed-worker-.*\.js$/.test(u))).toBe(true);
  expect(precached.some((u) => /\/assets\/trade-page-.*\.js$/.test(u))).toBe(true); // a route chunk
  expect(precached.some((u) => u.includes('/ops') || u.startsWith('/v1/') || u.startsWith('/api/'))).toBe(false);

  await context.setOffline(true);
  await page.reload();
  await page.locator('[data-testid="offline-banner"]').waitFor({ timeout: 20_000 });
  // The cached list paints with its prices, each stale row marked with the time of its price.
  await page.waitForFunction(() => document.querySelectorAll('.mk-row .mk-price').length > 3, null, { timeout: 10_000 });
  const price = await page.locator('.mk-row .mk-price').first().innerText();
  expect(price).toMatch(/\d/);
  const asOf = await page.locator('.mk-row[data-stale="true"] [data-field="as-of"]').first().innerText();
  expect(asOf).toMatch(/\d/); // "12:00" today, "11月18日" from another day (the simulator runs on a fixed date)
  expect(await page.locator('[data-testid="offline-banner"]').innerText()).toMatch(/\d/);
  // Stale figures stay readable: neutral colours with full contrast, never faded below 4.5:1 (axe caught an opacity).
  const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).setLegacyMode().analyze();
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await snap(page, 'offline-market-phone');

  await context.setOffline(false);
  await page.locator('[data-conn="live"]').first().waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="offline-banner"]').waitFor({ state: 'detached', timeout: 5_000 });
  await context.close();
});
