// A price before any app script runs: index.html carries the prerendered /trade, and its inline script
// paints the last-known quote from IndexedDB (the `tw.quotes`) with its age when the page carries no quotes
// of the server's (the service worker's precached copy). With the server's first quote held
// back 3 s, the first frame that shows a price on the /trade header shows that one, marked stale with its age; the
// live price then replaces it, and React attached to the prerendered HTML instead of replacing it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE, newPage, snap, type LaunchedBrowser } from './browser.ts';
import { connectChrome, sharedOrOwnServer } from './server-and-chrome.ts';
import { WEEKDAY_NOON, type AppServer } from './app-server.ts';
import { startQuoteDelayProxy, type QuoteDelayProxy } from './quote-delay-proxy.ts';
import { slow } from '../fixtures/slowness.ts';

let server: AppServer;
let proxy: QuoteDelayProxy;
let chrome: LaunchedBrowser;

beforeAll(async () => {
  server = await sharedOrOwnServer(); // the run's: the proxy in front of it holds back this file's pages only
  proxy = await startQuoteDelayProxy(server.port);
  chrome = await connectChrome();
});

afterAll(async () => {
  await chrome?.close();
  await proxy?.close();
  await server?.dispose();
});

/** The first animation frame whose /trade header shows a price, watched from the document's start. */
function recordFirstFrames(): void {
  const w = window as unknown as { __firstHead?: unknown; __headNode?: Element };
  const tick = (): void => {
    const root = document.getElementById('root');
    const head = root?.querySelector<HTMLElement>('.tr-head');
    const price = head?.querySelector('.tr-price')?.textContent ?? '';
    if (root && head && price !== '' && getComputedStyle(root).visibility !== 'hidden') {
      w.__headNode = head;
      w.__firstHead = {
        price,
        stale: head.dataset.stale ?? '',
        tagShown: getComputedStyle(head.querySelector('.tr-stale') ?? head).display !== 'none',
        asOf: head.querySelector('[data-field="as-of"]')?.textContent ?? '',
        appStarted: document.documentElement.dataset.ready === 'true',
      };
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

// The first frame waits for IndexedDB at most 150 ms (src/boot/inline-paint.ts HOLD_MS): on a starved core the header
// may first paint without a price, so the check is the first frame that shows one — before the held live quote.
it('shows the last-known price first on /trade, marked, until the live price replaces it', async () => {
  const { context, page } = await newPage(chrome.browser, PHONE);
  // A returning visitor: the last live EURUSD quote, a minute older than the simulated market's clock, as the feed
  // worker keeps it.
  await page.goto(`${proxy.url}/healthz`);
  const keptAt = await page.evaluate(
    (at) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put([['EURUSD', '1.11111', '0.25', at, 1]], 'tw.quotes');
          tx.oncomplete = () => {
            open.result.close();
            resolve(at);
          };
        };
      }),
    Date.parse(WEEKDAY_NOON) - 60_000,
  );
  expect(keptAt).toBeGreaterThan(0);
  await page.addInitScript(recordFirstFrames);
  // The page as the service worker's precache holds it (a returning visitor's start): without the quotes the
  // server writes into the page it serves (those win when present: tests/e2e/first-quotes.test.ts).
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(/<script type="application\/json" id="tw-now">[\s\S]*?<\/script>/, '');
      await route.fulfill({ response: res, body });
    },
  );

  proxy.holdQuotesUntil(Date.now() + slow(3_000));
  await page.goto(`${proxy.url}/#/trade`);
  const first = await page.waitForFunction(() => (window as unknown as { __firstHead?: unknown }).__firstHead, null, {
    timeout: slow(20_000),
  });
  const seen = (await first.jsonValue()) as {
    price: string;
    stale: string;
    tagShown: boolean;
    asOf: string;
    appStarted: boolean;
  };
  expect(seen.price).toBe('1.11111');
  expect(seen.stale).toBe('true');
  expect(seen.tagShown).toBe(true);
  expect(seen.asOf).toMatch(/\d/); // "截至 11月18日": its age (the simulated market runs on another day)
  await snap(page, 'first-screen-trade-last-known');

  // The live quote arrives (after the 3 s hold): it replaces the last-known one, no longer marked.
  await page.locator('.tr-head[data-stale="false"]').waitFor({ timeout: slow(20_000) });
  await expect
    .poll(() => page.locator('.tr-head .tr-price').textContent(), { timeout: slow(10_000) })
    .not.toBe('1.11111');
  // React attached to the prerendered header: the element drawn before any script is the one it now updates.
  expect(
    await page.evaluate(
      () => (window as unknown as { __headNode?: Element }).__headNode === document.querySelector('.tr-head'),
    ),
  ).toBe(true);
  await context.close();
});

// The first paint waits for no stylesheet: the first screen's rules are inline in index.html (scripts/prerender-plugin.ts
// inlineStylesheets), and the links kept beside them are disabled, so the browser fetches none of those files, and a
// later screen that shares one of them does not fetch it either; a screen's own stylesheet still loads when it opens.
it('paints the first screen from inline styles, fetching no stylesheet for it, now or on the next screen', async () => {
  const { context, page } = await newPage(chrome.browser, PHONE);
  const css: string[] = [];
  // The page's own requests only: the service worker's precache (no frame: frame() throws) fetches every file anyway.
  page.on('request', (r) => {
    let own: boolean;
    try {
      own = r.frame() === page.mainFrame();
    } catch {
      own = false;
    }
    if (own && new URL(r.url()).pathname.endsWith('.css')) css.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}/`);
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  const inline = await page.evaluate(() => ({
    styles: document.head.querySelectorAll('style').length,
    disabled: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((l) => l.disabled)
      .map((l) => new URL(l.href).pathname),
    // The market list's own rules apply: its rows are grids, as market.css says, not the buttons they are.
    rowDisplay: getComputedStyle(document.querySelector('#root .mk-row') ?? document.body).display,
  }));
  expect(inline.styles).toBeGreaterThan(0);
  expect(inline.disabled.length).toBeGreaterThan(0);
  expect(inline.rowDisplay).toBe('grid');
  // Start-up's own lazy parts (the toast, …) bring their stylesheets; none of the inlined ones is fetched.
  expect(css.filter((p) => inline.disabled.includes(p))).toEqual([]);

  // /trade shares the first screen's stylesheets: still none fetched. The news screen has its own: that one loads.
  await page.goto(`${server.url}/#/trade`);
  await page
    .locator('.tr-head')
    .first()
    .waitFor({ timeout: slow(30_000) });
  expect(css.filter((p) => inline.disabled.includes(p))).toEqual([]);
  const before = css.length;
  await page.goto(`${server.url}/#/news`);
  await expect.poll(() => css.length, { timeout: slow(30_000) }).toBeGreaterThan(before);
  expect(css.filter((p) => inline.disabled.includes(p))).toEqual([]);
  await context.close();
});

// The app's scripts are requested once the first screen has painted (src/boot/first-paint.ts): index.html's <head> lists
// none, and the entry's request starts after the page's first paint, on the page's own clock.
it('requests the app’s scripts only after the first screen has painted', async () => {
  const { context, page } = await newPage(chrome.browser, PHONE);
  await page.goto(`${server.url}/`);
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  const seen = await page.evaluate(() => {
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
      .map((e) => e.startTime);
    return {
      firstPaint,
      earliestScript: Math.min(...scripts),
      scripts: scripts.length,
      inHead: document.head.querySelectorAll('script[src]').length,
    };
  });
  expect(seen.firstPaint).toBeGreaterThan(0);
  expect(seen.scripts).toBeGreaterThan(0);
  expect(seen.earliestScript).toBeGreaterThanOrEqual(seen.firstPaint);
  // The entry is in the document now (added by the inline script), and the app runs: the screen was drawn by React.
  expect(seen.inHead).toBe(1);
  await context.close();
});
