// Browser tests of the client foundation against the real server: live prices, the worker-owned socket, the chart,
// right-to-left, the login guard, demo login, and recovery after the server restarts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FlowPage } from './flow-page.ts';
import { DESKTOP, PHONE } from './browser.ts';
import { describeInFlowBrowsers } from './flow-browsers.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import { slow } from '../fixtures/slowness.ts';
import { demoLoginInBrowser } from './real-user.ts';

let server: AppServer;

beforeAll(async () => {
  server = await startAppServer();
});

afterAll(async () => {
  await server?.dispose();
});

/** Counts WebSockets the page's main thread opens (a worker's sockets do not pass through window.WebSocket). */
const COUNT_MAIN_SOCKETS = `(() => {
  const Native = window.WebSocket;
  window.__mainSockets = 0;
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__mainSockets += 1; }
  };
})();`;

/** Texts of the first visible market-row prices. */
async function prices(page: FlowPage): Promise<string[]> {
  return page.locator('.mk-row .mk-price').allInnerTexts();
}

/**
 * True when no open instrument's row on screen is marked stale. A row the virtual list mounts beyond its scroller's
 * edge reads no quote until it scrolls into view (src/components/instrument/row-on-screen.ts), so it keeps the mark it
 * had; only what the trader can see must be fresh.
 */
function openRowsOnScreenFresh(): boolean {
  const rows = Array.from(document.querySelectorAll('.mk-row[data-open="true"]')).filter((el) => {
    // Seen through the list's own scroller, which ends above the tab bar, and through the window.
    let clip: Element | null = el.parentElement;
    while (clip && !/(auto|scroll)/.test(getComputedStyle(clip).overflowY)) clip = clip.parentElement;
    const r = el.getBoundingClientRect();
    const box = clip ? clip.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    return r.height > 0 && r.bottom > Math.max(0, box.top) && r.top < Math.min(window.innerHeight, box.bottom);
  });
  return rows.length > 3 && rows.every((row) => row.getAttribute('data-stale') !== 'true');
}

async function waitForPriceChange(page: FlowPage, timeoutMs = slow(15_000)): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.mk-row .mk-price').length > 3, null, {
    timeout: timeoutMs,
  });
  const before = (await prices(page)).join('|');
  await page.waitForFunction(
    (b) =>
      Array.from(document.querySelectorAll('.mk-row .mk-price'))
        .map((e) => (e as HTMLElement).innerText)
        .join('|') !== b,
    before,
    { timeout: timeoutMs },
  );
}

describeInFlowBrowsers((browser, name) => {
  /** A first look at the market: prices change live and are fresh, the feed's socket in the worker, none on the
   * main thread. */
  const firstLook = async (viewport: { width: number; height: number }, look: string) => {
    const opened = await browser().newPage(viewport);
    const { page } = opened;
    await page.addInitScript(COUNT_MAIN_SOCKETS);
    await page.goto(`${server.url}/#/`);
    await waitForPriceChange(page);
    await page
      .locator('[data-conn="live"]')
      .first()
      .waitFor({ timeout: slow(10_000) });
    // Live prices are fresh at once (quote ages are measured on the server clock, learnt from the first pong).
    await page.waitForFunction(openRowsOnScreenFresh, null, { timeout: slow(3000) });
    expect(await page.evaluate(() => (window as unknown as { __mainSockets: number }).__mainSockets)).toBe(0);
    await browser().snap(page, `market-${look}`);
    return opened;
  };

  // After the first look, the market page kept mounted, hidden, under another route (KeepAlive in
  // src/app/layout/layout.tsx, React's <Activity>): its rows stop listening meanwhile, and when it shows again it is
  // where the trader left it, with live prices and the same sparkline canvases, not drawn afresh
  // (components/sparkline/use-spark-blocks.ts); on the desk its chart goes, and shown again a new one streams.
  it('on the phone: live prices, the socket in the worker; back from /trade, the list is where it was and live', async () => {
    const { context, page } = await firstLook(PHONE, 'phone');
    await page.evaluate(() => {
      const el = document.querySelector('.mk-scroll');
      if (el) el.scrollTop = 300;
    });
    await page.waitForFunction(() => document.querySelector('.mk-scroll')?.scrollTop === 300);
    // The blocks in view, once a line is on them.
    await page.waitForFunction(
      () => {
        const inked = [...document.querySelectorAll<HTMLCanvasElement>('.mk-spark-block:not([hidden])')].filter((c) => {
          const data = c.width > 0 ? c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data : undefined;
          return data?.some((v, i) => i % 4 === 3 && v > 0) ?? false;
        });
        (window as { sparks?: HTMLCanvasElement[] }).sparks = inked;
        return inked.length > 0;
      },
      null,
      { timeout: slow(15_000) },
    );
    await page.goto(`${server.url}/#/trade`);
    await page
      .locator('.tr-head')
      .first()
      .waitFor({ timeout: slow(15_000) });
    await page.waitForFunction(() => (document.querySelector('.keep-alive')?.getClientRects().length ?? 1) === 0);
    await page.goto(`${server.url}/#/`);
    await page.waitForFunction(() => document.querySelector('.mk-scroll')?.scrollTop === 300, null, {
      timeout: slow(10_000),
    });
    await waitForPriceChange(page);
    // Each in the page, shown, and still with its line.
    const kept = await page.evaluate(() =>
      ((window as { sparks?: HTMLCanvasElement[] }).sparks ?? []).map((c) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
        return (
          c.isConnected && c.getClientRects().length === 1 && (data?.some((v, i) => i % 4 === 3 && v > 0) ?? false)
        );
      }),
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(kept.map(() => true));
    await context.close();
  });

  it('on the desk: live prices, the socket in the worker; back from the orders, the chart is live; /trade side by side', async () => {
    const { context, page } = await firstLook(DESKTOP, 'desktop');
    const lastClose = () => document.querySelector('.tw-chart')?.getAttribute('data-last-close') ?? '';
    await page.waitForFunction(() => Number(document.querySelector('.tw-chart')?.getAttribute('data-bars')) > 0, null, {
      timeout: slow(20_000),
    });
    await page.goto(`${server.url}/#/order`);
    await page.waitForFunction(() => (document.querySelector('.keep-alive')?.getClientRects().length ?? 1) === 0);
    await page.goto(`${server.url}/#/`);
    const shown = await page.evaluate(lastClose);
    await page.waitForFunction(
      (f) => document.querySelector('.tw-chart')?.getAttribute('data-last-close') !== f,
      shown,
      {
        timeout: slow(20_000),
      },
    );
    // The trade screen puts the market list, chart and order form side by side. Read in the page until /trade is drawn
    // and both are laid out, the shown ones: the desk's own stay mounted, hidden, under it, the chart's picture is
    // there while the chart loads, and a row being replaced (the watchlist's first answer) has no box for a moment.
    await page.goto(`${server.url}/#/trade`);
    await page.waitForFunction(
      () => {
        if (document.querySelector('.app-main')?.getAttribute('data-route') !== '/trade') return false;
        const shown = (selector: string) =>
          [...document.querySelectorAll(selector)].find((e) => e.getClientRects().length > 0)?.getBoundingClientRect();
        const list = shown('.mk-row');
        const chart = shown('.tw-chart');
        return list !== undefined && chart !== undefined && list.x + list.width <= chart.x + 1;
      },
      null,
      { timeout: slow(15_000) },
    );
    await browser().snap(page, 'trade-desktop');
    await context.close();
  });

  it('tapping a row opens /trade with a chart whose last bar moves; switching the period reloads it', async () => {
    const { context, page } = await browser().newPage(PHONE);
    await page.goto(`${server.url}/#/`);
    const row = page.locator('.mk-row[data-code="EURUSD"]');
    // A tap on the prerendered row counts once the app has drawn: no tap is held before (docs/client.md).
    await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
    await row.click();
    await page.waitForURL(/#\/trade/);
    const chart = page.locator('.tw-chart');
    await page.waitForFunction(
      () => Number(document.querySelector('.tw-chart')?.getAttribute('data-last-close') ?? 0) > 0,
    );
    const first = await chart.getAttribute('data-last-close');
    await page.waitForFunction(
      (f) => document.querySelector('.tw-chart')?.getAttribute('data-last-close') !== f,
      first,
      { timeout: slow(20_000) },
    );
    await browser().snap(page, 'trade-phone');

    await page.locator('.tr-period[data-period="5min"]').click();
    await page.waitForFunction(() => document.querySelector('.tw-chart')?.getAttribute('data-period') === '5min');
    await page.waitForFunction(
      () => Number(document.querySelector('.tw-chart')?.getAttribute('data-last-time') ?? 0) % 300 === 0,
    );
    await browser().snap(page, 'trade-phone-5min');
    await context.close();
  });

  it('Arabic flips the layout to right-to-left', async () => {
    const { context, page } = await browser().newPage(PHONE);
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    await page.goto(`${server.url}/#/`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.locator('.mk-row').first().waitFor();
    await browser().snap(page, 'market-phone-ar');
    await context.close();
  });

  // Chromium only: the main-thread feed is the render bench's A/B, which runs in Chromium; the login guard is the
  // router's, the same in both; Firefox signs in to the demo account in trading.test.ts's flow.
  if (name === 'chromium') {
    it('with ?feed=main the same feed runs on the main thread and opens its socket there', async () => {
      const { context, page } = await browser().newPage(PHONE);
      await page.addInitScript(COUNT_MAIN_SOCKETS);
      await page.goto(`${server.url}/?feed=main#/`);
      // The first price change can be the stored quotes' paint giving way to the app's, before the feed's
      // socket opens: wait for the live connection, then count the sockets the page itself opened.
      await waitForPriceChange(page);
      await page
        .locator('[data-conn="live"]')
        .first()
        .waitFor({ timeout: slow(20_000) });
      expect(await page.evaluate(() => (window as unknown as { __mainSockets: number }).__mainSockets)).toBeGreaterThan(
        0,
      );
      await context.close();
    });

    it('a visitor pressing Buy lands on /login?from=/trade', async () => {
      const { context, page } = await browser().newPage(PHONE);
      await page.goto(`${server.url}/#/trade`);
      const submit = page.locator('[data-action="submit-order"]');
      await page.waitForFunction(
        () => {
          const b = document.querySelector<HTMLButtonElement>('[data-action="submit-order"]');
          return b !== null && !b.disabled;
        },
        null,
        { timeout: slow(20_000) },
      );
      await submit.click();
      await page.waitForURL(/#\/login\?from=(%2F|\/)trade/);
      await browser().snap(page, 'login-from-trade');
      await context.close();
    });

    it('demo login succeeds and the user center shows the demo account', async () => {
      const { context, page } = await browser().newPage(PHONE);
      await demoLoginInBrowser(page, server.url);
      await page.goto(`${server.url}/#/user`);
      await page.locator('[data-testid="account-kind"][data-demo="true"]').waitFor();
      await page.locator('[data-testid="balance-amount"]').waitFor();
      await browser().snap(page, 'user-demo-phone');
      await context.close();
    });
  }

  it('stopping the server marks the connection reconnecting and prices stale; restarting brings them back live', async () => {
    const { context, page } = await browser().newPage(PHONE);
    await page.goto(`${server.url}/#/`);
    await waitForPriceChange(page);
    await page.locator('[data-conn="live"]').first().waitFor();

    await server.stop();
    await page
      .locator('[data-conn="reconnecting"], [data-conn="offline"]')
      .first()
      .waitFor({ timeout: slow(20_000) });
    await page
      .locator('.mk-row[data-stale="true"]')
      .first()
      .waitFor({ timeout: slow(20_000) });
    await browser().snap(page, 'market-phone-reconnecting');

    await server.start();
    await page
      .locator('[data-conn="live"]')
      .first()
      .waitFor({ timeout: slow(40_000) });
    await waitForPriceChange(page, slow(20_000));
    // Every open instrument on screen is fresh again once it has ticked since the restart.
    await page.waitForFunction(openRowsOnScreenFresh, null, { timeout: slow(30_000) });
    expect(await page.locator('.mk-row[data-open="true"]').count()).toBeGreaterThan(3);
    await browser().snap(page, 'market-phone-back-live');
    await context.close();
  });
});
