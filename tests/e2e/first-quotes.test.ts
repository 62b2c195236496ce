// The live price in the first HTML and the chart off /trade's start-up path (docs/client.md "The live price in the
// first HTML", "The chart off /trade's start-up path"):
// - a first visit to /#/trade?code=XAUUSD, with the worker's socket (and trade_list) held back, shows the price the
//   server wrote into the page in its first frame, with its age, before the app has started;
// - a tap on Buy before the chart library has loaded is answered (the library's chunk held back);
// - the chart replaces its still picture without moving anything (no layout shift).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { PHONE, newPage, snap, type LaunchedBrowser } from './browser.ts';
import { connectChrome, sharedOrOwnServer } from './server-and-chrome.ts';
import type { AppServer } from './app-server.ts';
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

interface FirstHead {
  code: string;
  price: string;
  aged: string;
  tagShown: boolean;
  asOf: string;
  appStarted: boolean;
  moduleScripts: number;
}

/** The /trade header as the first frame that shows it has it, from the document's start. */
function recordFirstFrame(): void {
  const w = window as unknown as { __firstHead?: FirstHead; __spinnerFrames?: number };
  // Every frame until the app has drawn: a page fallback (a spinner) in place of the painted screen is counted.
  w.__spinnerFrames = 0;
  const spinner = (): void => {
    if (document.querySelector('.page-fallback')) w.__spinnerFrames = (w.__spinnerFrames ?? 0) + 1;
    if (document.documentElement.dataset.drawn !== 'true') requestAnimationFrame(spinner);
  };
  requestAnimationFrame(spinner);
  const tick = (): void => {
    const root = document.getElementById('root');
    const head = root?.querySelector<HTMLElement>('.tr-head');
    if (root && head && getComputedStyle(root).visibility !== 'hidden') {
      w.__firstHead = {
        code: head.dataset.code ?? '',
        price: head.querySelector('.tr-price')?.textContent ?? '',
        aged: head.dataset.aged ?? '',
        tagShown: getComputedStyle(head.querySelector('.tr-stale') ?? head).display !== 'none',
        asOf: head.querySelector('[data-field="as-of"]')?.textContent ?? '',
        appStarted: document.documentElement.dataset.ready === 'true',
        moduleScripts: document.querySelectorAll('script[type="module"]').length,
      };
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

it('shows the server’s current price of the linked instrument in the first frame, with its age, socket blocked', async () => {
  const { context, page } = await newPage(chrome.browser, PHONE);
  await page.addInitScript(recordFirstFrame);
  proxy.holdQuotesUntil(Date.now() + 60_000); // the worker's socket and trade_list: nothing from them
  const response = await page.goto(`${proxy.url}/#/trade?code=XAUUSD`);
  const html = (await response?.text()) ?? '';
  const block = /<script type="application\/json" id="tw-now">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const snapshot = JSON.parse(block) as { t: number; q: [string, string, string, number, number][] };
  const gold = snapshot.q.find((t) => t[0] === 'XAUUSD');
  expect(gold).toBeDefined();

  const first = await page.waitForFunction(() => (window as unknown as { __firstHead?: FirstHead }).__firstHead, null, {
    timeout: slow(20_000),
  });
  const seen = (await first.jsonValue()) as FirstHead;
  expect(seen.code).toBe('XAUUSD');
  expect(seen.price).toBe(Number(gold?.[1]).toFixed(2)); // the server's price, at the instrument's precision
  expect(seen.aged).toBe('true');
  expect(seen.tagShown).toBe(true);
  expect(seen.asOf).toMatch(/\d/); // its age: "截至 11月18日" (the simulated market runs on another day)
  expect(seen.appStarted).toBe(false);
  expect(seen.moduleScripts).toBe(0); // no module script even requested yet
  await snap(page, 'first-quotes-trade-first-frame');
  // The app starts and keeps that price (no live quote can arrive), the header still on the linked instrument.
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  expect(await page.locator('.tr-head').getAttribute('data-code')).toBe('XAUUSD');
  expect(await page.locator('.tr-head .tr-price').textContent()).toBe(seen.price);
  // Drawn afresh (the prerender shows another instrument), with no spinner between the painted screen and the app's.
  expect(await page.evaluate(() => (window as unknown as { __spinnerFrames?: number }).__spinnerFrames)).toBe(0);
  await context.close();
});

/** Holds every request for the chart library's chunk until `release` is called. */
async function holdChartChunk(context: import('playwright-core').BrowserContext) {
  const held: Route[] = [];
  let open = false;
  await context.route(/\/assets\/candle-chart-[^/]+\.js$/, (route) => {
    if (open) return void route.continue();
    held.push(route);
  });
  return {
    asked: () => held.length,
    release: async () => {
      open = true;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

it('answers a tap on Buy before the chart library has loaded', async () => {
  proxy.holdQuotesUntil(0);
  const { context, page } = await newPage(chrome.browser, PHONE);
  const chunk = await holdChartChunk(context);
  await page.goto(`${server.url}/#/trade?code=XAUUSD`);
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  const buy = page.locator('.tr-submit:not([disabled])');
  await buy.waitFor({ timeout: slow(30_000) }); // live quotes in: the form may trade
  expect(await page.locator('.tw-chart[data-picture]').count()).toBe(1); // the library is not in
  await buy.click();
  // A visitor's Buy goes to the login page (and back to /trade after it): answered, while the chart still waits.
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: slow(10_000) }).toMatch(/^#\/login\?from=/);
  await chunk.release(); // held until now: whatever the page asked of it, the library ran only after the tap
  await context.close();
});

it('replaces the picture with the chart in the same box, without a layout shift', async () => {
  proxy.holdQuotesUntil(0);
  const { context, page } = await newPage(chrome.browser, PHONE);
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: unknown[] };
    w.__shifts = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[])
        if (!e.hadRecentInput)
          w.__shifts.push({
            value: e.value,
            at: Math.round(e.startTime),
            nodes: (e.sources ?? []).map((s) => {
              const n = s.node instanceof Element ? s.node : null;
              const r = s as unknown as { previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
              return `${n?.tagName}.${n?.className} in ${n?.closest('[class]')?.className} ${JSON.stringify(r.previousRect)}→${JSON.stringify(r.currentRect)}`;
            }),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const chunk = await holdChartChunk(context);
  await page.goto(`${server.url}/#/trade?code=XAUUSD`);
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  await expect.poll(() => chunk.asked(), { timeout: slow(20_000) }).toBeGreaterThan(0); // asked for once idle
  // The header's live price first: its stale tag hiding is the header's own change (below), not the chart's.
  await page.locator('.tr-head:not([data-aged="true"]):not([data-stale="true"])').waitFor({ timeout: slow(30_000) });
  const box = await page.locator('.tw-chart[data-picture]').boundingBox();
  const form = await page.locator('.tr-form').boundingBox();
  const released = await page.evaluate(() => performance.now());
  await chunk.release();
  await page.locator('.tw-chart:not([data-picture])').waitFor({ timeout: slow(30_000) });
  await expect
    .poll(() => page.evaluate(() => Number(document.querySelector('.tw-chart')?.getAttribute('data-bars') ?? 0)), {
      timeout: slow(30_000),
    })
    .toBeGreaterThan(0);
  expect(await page.locator('.tw-chart').boundingBox()).toEqual(box);
  // The form starts where it did (its height follows its own content: the live price's notes).
  expect(await page.locator('.tr-form').boundingBox()).toMatchObject({ x: form?.x, y: form?.y });
  // No shift from the chart's arrival on (the header's stale tag, which hides when the live price comes, is the
  // header's own: docs/client.md "The chart off /trade's start-up path" says what remains).
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { at: number }[] }).__shifts);
  expect(shifts.filter((s) => s.at >= released)).toEqual([]);
  await snap(page, 'first-quotes-trade-chart');
  await context.close();
});
