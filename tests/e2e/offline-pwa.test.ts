// The installable app offline: the service worker precaches the build, a reload with no network opens the
// app from it with the last prices marked with their age and an offline banner (the last live prices seen, not the
// list's older snapshot); back online the list goes live.
// Then a second build on the same origin is offered as an update (held back under an open order form), and a page
// restored from the back/forward cache resyncs its socket, positions and balance.
import { cpSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, resizeTo, launchBrowser, newPage, snap, type LaunchedBrowser } from './browser.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import { axeFindings } from './lang-page.ts';
import { priceText } from '../../domain/format/price.ts';
import type { Instrument } from '../../domain/types.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import { slow } from '../fixtures/slowness.ts';
import { demoLoginInBrowser } from './real-user.ts';

/** A value idb-keyval keeps (its default database and store, shared by the page and the feed worker). */
function idbGet<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate(
    (k) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const get = open.result.transaction('keyval', 'readonly').objectStore('keyval').get(k);
          get.onsuccess = () => resolve(get.result as T | undefined);
          get.onerror = () => reject(new Error(String(get.error)));
        };
      }),
    key,
  );
}

/**
 * At 360 px with the quote stale, the /trade header still shows the whole instrument code: the age tag beside the
 * change gives way (it cut "EUR/USD" down to "E…" in Arabic and Chinese), and keeps its whole text for screen readers.
 */
async function expectWholeCode(page: Page): Promise<void> {
  // Its text may be clipped to nothing on screen (the tag truncates itself): read from the DOM, as a screen reader does.
  // One snapshot of the header holds all of it: the tag's text is rewritten as the quote ages, so two reads may differ.
  const snapshot = () =>
    page.locator('.tr-head[data-stale="true"]').evaluate((el) => {
      const code = el.querySelector<HTMLElement>('.tr-code');
      const tag = el.querySelector<HTMLElement>('.tr-stale');
      const box = el.getBoundingClientRect();
      return {
        codeWhole: code !== null && code.scrollWidth <= code.clientWidth,
        tagShown: tag ? getComputedStyle(tag).display !== 'none' : false,
        tagHasDigit: /\d/.test(tag?.querySelector('[data-field="as-of"]')?.textContent ?? ''),
        // Nothing pushed out of the header on either side (right to left in Arabic).
        inside: [...el.children].every(
          (c) => c.getBoundingClientRect().left >= box.left - 0.5 && c.getBoundingClientRect().right <= box.right + 0.5,
        ),
      };
    });
  await expect.poll(snapshot).toEqual({ codeWhole: true, tagShown: true, tagHasDigit: true, inside: true });
}

let server: AppServer;
let chrome: LaunchedBrowser;
const dists: string[] = [];

beforeAll(async () => {
  server = await startAppServer();
  chrome = await launchBrowser([], { backForwardCache: true });
});

afterAll(async () => {
  await chrome?.close();
  await server?.dispose();
  for (const d of dists) rmSync(d, { recursive: true, force: true });
});

it('opens offline from the service worker with aged prices and a banner, and goes live again online', async () => {
  const { context, page } = await newPage(chrome.browser, PHONE, { serviceWorker: true });
  await page.goto(`${server.url}/#/`);
  await page
    .locator('.conn-badge[data-conn="live"]:visible')
    .first()
    .waitFor({ timeout: slow(20_000) });
  await page.waitForFunction(() => document.querySelectorAll('.mk-row .mk-price').length > 3, null, {
    timeout: slow(15_000),
  });
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

  // The last live prices are kept (worker, tw.quotes): once live ticks have moved a row away from the list's snapshot,
  // the server stops (the ticks with it) and that row's price is the last live price seen; the feed's throttled write
  // keeps it within seconds.
  const snapshot = await idbGet<Instrument[]>(page, 'tw.trade_list');
  const bySnap = new Map((snapshot ?? []).map((i) => [i.Code, i]));
  const moved = async (): Promise<{ code: string; price: string; precision: number } | undefined> => {
    const rows = await page.$$eval('.mk-row', (els) =>
      els.map((e) => [e.getAttribute('data-code') ?? '', e.querySelector('.mk-price')?.textContent ?? '']),
    );
    for (const [code = '', price = ''] of rows) {
      const inst = bySnap.get(code);
      if (inst && price !== '' && price !== priceText(inst.ForexQuotations?.Close, inst.PricePrecision))
        return { code, price, precision: inst.PricePrecision };
    }
    return undefined;
  };
  await expect.poll(async () => (await moved()) !== undefined, { timeout: slow(15_000) }).toBe(true);
  await server.stop();
  await page
    .locator('[data-conn="live"]')
    .first()
    .waitFor({ state: 'detached', timeout: slow(10_000) });
  const lastSeen = await moved();
  expect(lastSeen).toBeDefined();
  const kept = async () => (await idbGet<QuoteTuple[]>(page, 'tw.quotes'))?.find((t) => t[0] === lastSeen?.code)?.[1];
  await expect
    .poll(async () => priceText(await kept(), lastSeen?.precision ?? 0), { timeout: slow(15_000) })
    .toBe(lastSeen?.price);

  await context.setOffline(true);
  await page.reload();
  await page.locator('[data-testid="offline-banner"]').waitFor({ timeout: slow(20_000) });
  // The cached list paints with its prices, each stale row marked with the time of its price.
  await page.waitForFunction(() => document.querySelectorAll('.mk-row .mk-price').length > 3, null, {
    timeout: slow(10_000),
  });
  await expect
    .poll(() => page.locator(`.mk-row[data-code="${lastSeen?.code}"] .mk-price`).innerText())
    .toBe(lastSeen?.price);
  const price = await page.locator('.mk-row .mk-price').first().innerText();
  expect(price).toMatch(/\d/);
  const asOf = await page.locator('.mk-row[data-stale="true"] [data-field="as-of"]').first().innerText();
  expect(asOf).toMatch(/\d/); // "12:00" today, "11月18日" from another day (the simulator runs on a fixed date)
  expect(await page.locator('[data-testid="offline-banner"]').innerText()).toMatch(/\d/);
  // Stale figures stay readable: neutral colours with full contrast, never faded below 4.5:1 (axe caught an opacity).
  const contrast = await axeFindings(page, { rules: ['color-contrast'] });
  expect(contrast.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await snap(page, 'offline-market-phone');

  await server.start();
  await context.setOffline(false);
  await page
    .locator('.conn-badge[data-conn="live"]:visible')
    .first()
    .waitFor({ timeout: slow(20_000) });
  await page.locator('[data-testid="offline-banner"]').waitFor({ state: 'detached', timeout: slow(5_000) });
  await context.close();
});

it(
  'offers a new build as an update, never under an open order form, and the tap activates it and reloads',
  async () => {
    const { context, page } = await newPage(chrome.browser, PHONE, { serviceWorker: true });
    await page.goto(`${server.url}/#/trade`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // the worker of the first visit controls the page from its next load
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.locator('[data-action="submit-order"]').waitFor({ timeout: slow(20_000) }); // the order form is open

    // The next build: the same files with a changed sw.js, which answers "tw-build?" so the test can tell it apart.
    const dist2 = mkdtempSync(join(tmpdir(), 'tickwise-dist2-'));
    try {
      cpSync('dist', dist2, { recursive: true });
      appendFileSync(
        join(dist2, 'sw.js'),
        "\nself.addEventListener('message',(e)=>{if(e.data==='tw-build?')e.source.postMessage('tw-build-2')});\n",
      );
      await server.stop();
      await server.start({ DIST_DIR: dist2 }); // same port and data directory: the same origin, registration and user
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await page.waitForFunction(
        async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
        null,
        {
          polling: 200,
          timeout: slow(30_000),
        },
      );
      expect(await page.locator('[data-testid="update-prompt"]').count()).toBe(0); // held back: the form is open

      // Leaving the form releases it; opening a form again hides the prompt again.
      await page.goto(`${server.url}/#/`);
      await page.locator('[data-testid="update-prompt"]').waitFor({ timeout: slow(10_000) });
      await page.goto(`${server.url}/#/trade`);
      await page.locator('[data-action="submit-order"]').waitFor();
      await page.locator('[data-testid="update-prompt"]').waitFor({ state: 'detached', timeout: slow(5_000) });
      await page.goto(`${server.url}/#/`);
      await page.locator('[data-testid="update-prompt"]').waitFor({ timeout: slow(10_000) });
      await snap(page, 'update-prompt-phone');

      await page.evaluate(() => Object.assign(window, { twBeforeUpdate: true }));
      await Promise.all([
        page.waitForEvent('load', { timeout: slow(30_000) }),
        page.locator('.update-prompt__reload').click(),
      ]);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const after = await page.evaluate(async () => {
        const answer = new Promise<unknown>((resolve) =>
          navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), { once: true }),
        );
        navigator.serviceWorker.controller?.postMessage('tw-build?');
        const reg = await navigator.serviceWorker.getRegistration();
        return { reloaded: !('twBeforeUpdate' in window), build: await answer, waiting: Boolean(reg?.waiting) };
      });
      expect(after).toEqual({ reloaded: true, build: 'tw-build-2', waiting: false });
      await page
        .locator('.conn-badge[data-conn="live"]:visible')
        .first()
        .waitFor({ timeout: slow(20_000) });
      expect(await page.locator('[data-testid="update-prompt"]').count()).toBe(0);
    } finally {
      await context.close();
      // The server stays on the second build (the next test registers afresh in its own context); afterAll removes it.
      dists.push(dist2);
    }
  },
  slow(150_000),
);

it(
  'resyncs a page restored from the back/forward cache: socket live again, positions and balance refetched',
  async () => {
    const { context, page } = await newPage(chrome.browser, PHONE, { serviceWorker: true });
    await page.addInitScript(() =>
      addEventListener('pageshow', (e) => Object.assign(window, { twPersisted: e.persisted })),
    );
    await demoLoginInBrowser(page, server.url);
    await page.goto(`${server.url}/#/trade`);
    await page
      .locator('.conn-badge[data-conn="live"]:visible')
      .first()
      .waitFor({ timeout: slow(20_000) });
    await page.locator('[data-action="submit-order"]').waitFor();

    // The service worker settled first: a worker activating while the page sits in the cache would evict it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const refetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('/forex/my_deal') || path.endsWith('/wallet/getBalance')) refetched.push(path);
    });
    // Chromium classes each reason it did not restore a page: "PageSupportNeeded" and "SupportPending" are the page's
    // doing (an unload handler, an open lock) and fail at once; "Circumstantial" ones are the browser's own state (a
    // navigation cancelled as it left, a renderer too busy to freeze in time) and the round trip is tried again.
    type Explanation = { type: string; reason: string };
    const cdp = await context.newCDPSession(page);
    const explanations: Explanation[] = [];
    cdp.on('Page.backForwardCacheNotUsed', (e) => {
      explanations.push(...e.notRestoredExplanations);
    });
    await cdp.send('Page.enable');
    let persisted = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      explanations.length = 0;
      await page.goto(`${server.url}/healthz`); // another document: the app goes into the back/forward cache
      refetched.length = 0;
      await page.goBack({ waitUntil: 'commit' }); // a restored page fires pageshow, not load
      await page.waitForFunction(() => 'twPersisted' in window);
      persisted = await page.evaluate(() => (window as unknown as { twPersisted?: boolean }).twPersisted === true);
      if (persisted) break;
      await expect.poll(() => explanations.length, { timeout: slow(5_000) }).toBeGreaterThan(0);
      const byThePage = explanations.filter((x) => x.type !== 'Circumstantial');
      expect(byThePage, JSON.stringify(explanations)).toEqual([]);
    }
    expect(persisted, JSON.stringify(explanations)).toBe(true);
    await expect
      .poll(() => page.locator('.conn-badge:visible').getAttribute('data-conn'), { timeout: slow(20_000) })
      .toBe('live');
    await expect
      .poll(() => refetched.some((p) => p.endsWith('/my_deal')) && refetched.some((p) => p.endsWith('/getBalance')), {
        timeout: slow(20_000),
      })
      .toBe(true);

    // A held position (a market buy of the form's default), kept in the account's snapshot for the offline part below.
    const submit = page.locator('[data-action="submit-order"]');
    await expect.poll(() => submit.isEnabled(), { timeout: slow(20_000) }).toBe(true);
    await submit.click();
    await page.locator('.dialog .dialog__actions .btn:last-child').click(); // the phone asks once before a market order
    await page.locator('[data-action="view-orders"]').waitFor({ timeout: slow(15_000) });
    const snapshotPositions = (): Promise<number> =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const db = indexedDB.open('keyval-store');
            db.onerror = () => resolve(-1);
            db.onsuccess = () => {
              const read = db.result.transaction('keyval').objectStore('keyval').get('tw:account');
              read.onerror = () => resolve(-1);
              read.onsuccess = () =>
                resolve(((read.result as { positions?: unknown[] } | undefined)?.positions ?? []).length);
            };
          }),
      );
    await expect.poll(snapshotPositions, { timeout: slow(15_000) }).toBe(1);

    // The account's last-known state: offline, a reload paints the balance-based figures with their age, muted, and
    // the order form stays disabled until live.
    await page.locator('.tr-account [data-field="trade-equity"]').filter({ hasText: /\d/ }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    const age = page.locator('.tr-account[data-stale="true"] [data-field="account-as-of"]');
    await age.waitFor({ timeout: slow(20_000) });
    // The age shows once the account's snapshot is read, the equity once its positions have their last-known prices
    // (until then '--'): each is awaited.
    await expect.poll(() => age.innerText()).toMatch(/\d/);
    await expect.poll(() => page.locator('.tr-account [data-field="trade-equity"]').innerText()).toMatch(/\d/);
    expect(await page.locator('[data-action="submit-order"]').isDisabled()).toBe(true);
    await expectWholeCode(page);
    await snap(page, 'offline-account-phone');
    await resizeTo(page, DESKTOP);
    await age.waitFor();
    await snap(page, 'offline-account-desktop');
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    await page.reload();
    await age.waitFor({ timeout: slow(20_000) });
    await snap(page, 'offline-account-desktop-ar');
    await resizeTo(page, PHONE);
    await expectWholeCode(page);
    await snap(page, 'offline-account-phone-ar');

    // /order offline: the holding list shows the last-known position with its age, and nothing can be done with it.
    await page.evaluate(() => {
      location.hash = '#/order';
    });
    const lastKnown = page.locator('.od-list[data-state="last-known"][data-stale="true"]');
    await lastKnown
      .locator('.od-row')
      .first()
      .waitFor({ timeout: slow(20_000) });
    expect(await lastKnown.locator('.od-row').count()).toBe(1);
    await expect.poll(() => lastKnown.locator('[data-field="orders-as-of"]').innerText()).toMatch(/\d/);
    expect(await lastKnown.locator('.od-row').first().isDisabled()).toBe(true);
    expect(await page.locator('[data-action="close-all"]').isDisabled()).toBe(true);
    await snap(page, 'offline-orders-phone-ar');
    await resizeTo(page, DESKTOP);
    await lastKnown.locator('.od-row').first().waitFor();
    await snap(page, 'offline-orders-desktop-ar');
    await context.close();
  },
  slow(90_000),
);
