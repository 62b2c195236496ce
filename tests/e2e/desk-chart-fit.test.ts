// The desk and the chart fit their screens (docs/screens.md "Desk layout" and "The chart"), in Chromium at 1280×800 and
// 360×740: the desk never scrolls as a page and its column headers stay below the navigation; the one-click pair sits
// at a market row's end, never under a plain click on the row; the period bar shows every period (1D and 1W too, 週線
// whole); the chart's overlays (legends, the alert chip, the library's attribution) cover no candle (the chip's
// place and the canvas under it read on the phone and the desk); the crosshair (its price and time labels, read from
// the axes' upper canvases) clears when the mouse leaves the chart on the desk, and on the phone, where the library
// keeps it after a touch, with a tap outside the chart and after the sheet it opened; the multiplier choices and the
// bars-as-a-table sheet keep off the screen's edges and their sheet's (360 px, and 1280 px where each is a centred
// sheet). Screenshots: test-artifacts/desk-fit-*.png.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, resizeTo, snap } from './browser.ts';
import { localeText, pageIn, pickLanguage } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { defaultIndicatorSettings } from '../../domain/indicators.ts';
import { candleInkUnder, crosshairInk } from './chart-ink.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();

/** A fresh page in `lang` at `size`, the app started at `hash` with its chart drawn. */
async function openAt(lang: string, size: { width: number; height: number }, hash: string): Promise<Page> {
  const { page } = await pageIn(e2e.chrome.browser, e2e.server, lang, size);
  await page.goto(`${e2e.server.url}/${hash}`);
  await page.waitForFunction(
    () => Number(document.querySelector('.tw-chart[data-slot="0"]')?.getAttribute('data-bars') ?? 0) > 50,
    null,
    { timeout: slow(20_000) },
  );
  await page.waitForFunction(() => document.querySelectorAll('.tw-legend span').length > 0, null, {
    timeout: slow(10_000),
  });
  return page;
}

/** Boxes of `sel` that stick out of the box of `outer` (or are cut inside themselves). */
function outside(page: Page, outer: string, sel: string): Promise<string[]> {
  return page.evaluate(
    ([o, s]) => {
      const box = document.querySelector(o)?.getBoundingClientRect();
      if (!box) return [`no ${o}`];
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(s)) {
        const r = el.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || el.scrollWidth > el.clientWidth + 1) {
          out.push(
            `${el.textContent ?? ''} ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`,
          );
        }
      }
      return out;
    },
    [outer, sel] as const,
  );
}

/**
 * Where the price line's chip is: inside the price pane's bottom margin (its strip, at most 48 px above the pane's
 * bottom), and which legends' or corner buttons' boxes it overlaps.
 */
function chipPlace(page: Page) {
  return page.evaluate(() => {
    const pane = document.querySelector('.tw-chart[data-slot="0"] table tr')?.getBoundingClientRect();
    const c = document.querySelector('[data-testid="price-line"]')?.getBoundingClientRect();
    if (!pane || !c) return null;
    const onLegend = [
      ...document.querySelectorAll<HTMLElement>('.tw-legend, .tw-legend-fold, .tw-chart-text__open'),
    ].flatMap((el) => {
      const r = el.getBoundingClientRect();
      const overlaps = r.width > 0 && r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
      return overlaps ? [el.className] : [];
    });
    return {
      inMargin: c.bottom <= pane.bottom + 0.5 && c.top >= pane.bottom - 48,
      onLegend,
      paneBottom: pane.bottom,
      chipTop: c.top,
      chipBottom: c.bottom,
    };
  });
}

it(
  'the desk never scrolls as a page, and its headers stay below the navigation (/ and /trade)',
  async () => {
    // One page: /trade, then the market, drawn at once from the app.
    const page = await openAt('en', DESKTOP, '#/trade?code=EURUSD');
    for (const [hash, route] of [
      ['#/trade?code=EURUSD', '/trade'],
      ['#/', '/'],
    ] as const) {
      await page.goto(`${e2e.server.url}/${hash}`);
      await page.locator(`.app-main[data-route="${route}"] .dk-market .mk-head`).waitFor();
      const size = await page.evaluate(() => ({
        scroll: document.scrollingElement?.scrollHeight ?? 0,
        inner: window.innerHeight,
      }));
      expect(size.scroll, hash).toBeLessThanOrEqual(size.inner);
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 600);
      await page.evaluate(() => window.scrollTo(0, 200));
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const nav = await page.evaluate(
        () => document.querySelector('.desknav, nav')?.getBoundingClientRect().bottom ?? 0,
      );
      const head = await page.locator('.dk-market .mk-head').boundingBox();
      expect(head?.y ?? -1).toBeGreaterThanOrEqual(nav - 0.5);
    }
    await page.close();
  },
  slow(90_000),
);

it(
  'one-click Buy / Sell sit at the row’s end with their prices: a click on the row picks and places nothing',
  async () => {
    // One page: Arabic picked in the app.
    const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', DESKTOP);
    await context.addInitScript(() => localStorage.setItem('tw:one-click', 'on'));
    for (const lang of ['en', 'ar'] as const) {
      if (lang === 'ar') await pickLanguage(page, lang);
      await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
      await page
        .locator('[data-testid="one-click-row"] [data-field="oc-ask"]')
        .first()
        .filter({ hasText: /\d/ })
        .waitFor();
      const slots = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.dk-market .mk-slot')].slice(0, 6).map((slot) => {
          const row = slot.querySelector<HTMLElement>('.mk-row')?.getBoundingClientRect();
          const pair = slot.querySelector<HTMLElement>('.oc-row')?.getBoundingClientRect();
          const s = slot.getBoundingClientRect();
          const hit = row ? document.elementFromPoint(row.left + row.width / 2, row.top + row.height / 2) : null;
          // Whole on screen: not cut by its own box, and inside its button (or its row).
          const whole = (sel: string, within: string) => {
            const el = slot.querySelector<HTMLElement>(sel);
            const box = el?.closest(within)?.getBoundingClientRect();
            const r = el?.getBoundingClientRect();
            return (
              el !== null &&
              el !== undefined &&
              r !== undefined &&
              box !== undefined &&
              el.scrollWidth <= el.clientWidth + 0.5 &&
              r.width > 0 &&
              r.left >= box.left - 0.5 &&
              r.right <= box.right + 0.5
            );
          };
          const pairAtEnd = pair
            ? s.right - pair.right < 1 && row !== undefined && pair.left >= row.right - 0.5
            : false;
          const rtlPairAtEnd = pair
            ? pair.left - s.left < 1 && row !== undefined && pair.right <= row.left + 0.5
            : false;
          return {
            centreOnRow: hit?.closest('.mk-row') !== null && hit?.closest('.oc-row') === null,
            pairAtEnd: document.dir === 'rtl' ? rtlPairAtEnd : pairAtEnd,
            prices: [...slot.querySelectorAll('.oc-row .oc-price')].map((p) => /\d/.test(p.textContent ?? '')),
            whole: [
              whole('.oc-btn[data-side="1"] .oc-price bdi', '.oc-btn'),
              whole('.oc-btn[data-side="2"] .oc-price bdi', '.oc-btn'),
              whole('.mk-code', '.mk-row'),
              whole('.mk-change', '.mk-row'),
            ],
          };
        }),
      );
      expect(slots.length, lang).toBeGreaterThan(3);
      const fine = { centreOnRow: true, pairAtEnd: true, prices: [true, true], whole: [true, true, true, true] };
      for (const s of slots) expect(s, lang).toEqual(fine);
      await snap(page, `desk-fit-one-click-rows-1280-${lang}`);
    }
    await context.close();
  },
  slow(60_000),
);

it(
  'the desk’s period bar shows every period, 1D and 1W included, whole in every language tried',
  async () => {
    // One page: each language after the first is picked in the app, which redraws the bar without a load.
    const page = await openAt('en', DESKTOP, '#/trade?code=EURUSD');
    for (const lang of ['en', 'hk', 'ar', 'de'] as const) {
      if (lang !== 'en') {
        await pickLanguage(page, lang);
        await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
      }
      const periods = page.locator('.dk-chart .tr-period');
      await expect.poll(() => periods.count()).toBe(8);
      await expect
        .poll(() => periods.nth(6).innerText(), { message: lang })
        .toBe(localeText(lang, 'trade.period_1day'));
      expect(await outside(page, '.dk-chart .tr-periods', '.dk-chart .tr-period'), lang).toEqual([]);
      if (lang === 'hk') await snap(page, 'desk-fit-periods-1280-hk');
    }
    await page.close();
  },
  slow(90_000),
);

/** The multiplier choices' boxes, and the box of the sheet they are in. */
function multiplierChips(page: Page) {
  return page.evaluate(() => {
    const sheet = document.querySelector('.tr-multiplier-options')?.closest('.sheet')?.getBoundingClientRect();
    const chips = [...document.querySelectorAll<HTMLElement>('.tr-multiplier-options .tr-chip')].map((c) => {
      const r = c.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    return { chips, sheet: { left: sheet?.left ?? 0, right: sheet?.right ?? 0 } };
  });
}

/** The bars-as-a-table sheet: its box, the page's width, any sideways scroll, and where the table ends. */
function barsTable(page: Page) {
  return page.evaluate(() => {
    const s = document.querySelector('[data-testid="chart-table"]')?.closest('.sheet')?.getBoundingClientRect();
    const wrap = document.querySelector<HTMLElement>('.tw-chart-table-wrap');
    const table = document.querySelector('.tw-chart-table')?.getBoundingClientRect();
    return {
      left: s?.left ?? -1,
      right: s?.right ?? 9999,
      page: document.documentElement.scrollWidth,
      sideways: (wrap?.scrollWidth ?? 0) - (wrap?.clientWidth ?? 0),
      tableRight: table?.right ?? 9999,
    };
  });
}

it(
  'the multiplier choices and the bars-as-a-table sheet keep off the screen’s and their sheet’s edges (360 and 1280 px)',
  async () => {
    const page = await openAt('en', PHONE, '#/trade?code=EURUSD');
    for (const size of [PHONE, DESKTOP]) {
      const width = size.width;
      if (width !== PHONE.width) {
        await resizeTo(page, size); // the desk's layout: the same picker and table, each in a centred sheet
        await page.locator('.dk-order [data-field="leverage"]').waitFor();
      }
      await page.locator('[data-field="leverage"]').click();
      await page.locator('.tr-multiplier-options .tr-chip').first().waitFor();
      const { chips, sheet } = await multiplierChips(page);
      expect(chips.length).toBeGreaterThan(0);
      expect(sheet.left).toBeGreaterThanOrEqual(0);
      expect(sheet.right).toBeLessThanOrEqual(width);
      for (const c of chips) {
        expect(c.left, `${width}`).toBeGreaterThanOrEqual(sheet.left + 12);
        expect(c.right, `${width}`).toBeLessThanOrEqual(sheet.right - 12);
      }
      await snap(page, `desk-fit-multiplier-${width}`);
      await page.keyboard.press('Escape');
      await page.locator('.tr-multiplier-options').waitFor({ state: 'detached' });
      await page.locator('[data-action="chart-table"]').click();
      await page.locator('[data-testid="chart-table"]').waitFor();
      const table = await barsTable(page);
      expect(table.left, `${width}`).toBeGreaterThanOrEqual(0);
      expect(table.right, `${width}`).toBeLessThanOrEqual(width);
      expect(table.page, `${width}`).toBeLessThanOrEqual(width);
      // Every column whole inside the sheet, off its edge: no sideways strip for the newest close.
      expect(table.sideways, `${width}`).toBeLessThanOrEqual(0);
      expect(table.tableRight, `${width}`).toBeLessThanOrEqual(table.right - 12);
      await snap(page, `desk-fit-bars-table-${width}`);
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="chart-table"]').waitFor({ state: 'detached' });
    }
    await page.close();
  },
  slow(60_000),
);

it(
  'on a phone the MA and BOLL legends are one line with a toggle; the alert chip and the attribution cover no data',
  async () => {
    const settings = defaultIndicatorSettings();
    settings.boll = { ...settings.boll, on: true };
    const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', PHONE);
    await context.addInitScript((s) => localStorage.setItem('tw:indicators', s), JSON.stringify(settings));
    await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
    await page.waitForFunction(() => document.querySelectorAll('.tw-legend[data-pane="0"] span').length >= 7, null, {
      timeout: slow(20_000),
    });
    // The legends take their places after the library's next draw: wait for the folded one-line legend itself.
    const legend = page.locator('.tw-legend[data-pane="0"]');
    await expect.poll(async () => (await legend.boundingBox())?.height ?? 99).toBeLessThanOrEqual(18);
    await snap(page, 'desk-fit-legend-folded-360');
    await page.locator('[data-action="legend-fold"]').click();
    expect((await legend.boundingBox())?.height ?? 0).toBeGreaterThan(18);
    await page.locator('[data-action="legend-fold"]').click();
    // The attribution sits in the corner under the price scale, not over the lowest pane's bars.
    const attribution = await page.evaluate(() => {
      const a = document.querySelector('#tv-attr-logo');
      const plot = a?.parentElement?.getBoundingClientRect();
      return a && plot ? { left: a.getBoundingClientRect().left, plotRight: plot.right } : null;
    });
    expect(attribution).not.toBeNull();
    expect(attribution?.left ?? 0).toBeGreaterThanOrEqual(attribution?.plotRight ?? 1);

    // A touch held on the chart places the price line: its chip "Alert at …" sits in the price pane's bottom margin,
    // clear of the legend, and no candle is drawn in that strip. The library keeps the crosshair the touch showed.
    const chart = '.tw-chart[data-slot="0"]';
    const box = await page.locator(chart).boundingBox();
    if (!box) throw new Error('no chart');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: box.x + box.width / 3, y: box.y + box.height / 3 }],
    });
    await page.locator('[data-testid="price-line"]').waitFor(); // the hold placed the line (no sleep: its chip shows)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => chipPlace(page)).toMatchObject({ inMargin: true, onLegend: [] });
    expect(await candleInkUnder(page, '.tr-chart-box', '[data-testid="price-line"]', true)).toEqual([]);
    expect(await crosshairInk(page, chart)).toBeGreaterThan(0);
    await snap(page, 'desk-fit-chip-360');
    // A tap outside the chart (here the table button) and the sheet it opens, closed: no crosshair, no time label.
    await page.locator('[data-action="chart-table"]').tap();
    await page.locator('[data-testid="chart-table"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="chart-table"]').waitFor({ state: 'detached' });
    expect(await crosshairInk(page, chart)).toBe(0);
    await snap(page, 'desk-fit-crosshair-cleared-360');
    await page.locator('[data-action="price-line-remove"]').tap();
    await page.close();
  },
  slow(60_000),
);

it(
  'on the desk the price line’s chip sits in the price pane’s bottom margin; in the 2×2 grid every legend is one line',
  async () => {
    const page = await openAt('en', DESKTOP, '#/trade?code=EURUSD');
    const chart = page.locator('.tw-chart[data-slot="0"]');
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.click(box.x + box.width / 3, box.y + 150);
    const chip = page.locator('[data-testid="price-line"]');
    await chip.waitFor();
    // The chip's strip is the price pane's bottom margin after the library's next draw: wait until the chip sits there.
    await expect.poll(() => chipPlace(page)).toMatchObject({ inMargin: true, onLegend: [] });
    expect(await candleInkUnder(page, '.dk-chart .tr-chart-box', '[data-testid="price-line"]', true)).toEqual([]);
    // The crosshair follows the mouse over the chart and goes with it (lines and the price and time labels).
    expect(await crosshairInk(page, '.tw-chart[data-slot="0"]')).toBeGreaterThan(0);
    await snap(page, 'desk-fit-price-line-1280');
    await page.mouse.move(box.x + box.width / 3, box.y - 60);
    expect(await crosshairInk(page, '.tw-chart[data-slot="0"]')).toBe(0);
    await page.locator('[data-action="price-line-remove"]').click();
    await page.locator('[data-action="chart-grid"]').click();
    await page.waitForFunction(() => document.querySelectorAll('.tw-grid__cell .tw-legend').length >= 4, null, {
      timeout: slow(20_000),
    });
    // Each cell's legends fold to one line once the library has drawn the cell at its size.
    const tall = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.tw-grid__cell .tw-legend')]
          .filter((l) => l.getBoundingClientRect().height > 18)
          .map((l) => l.textContent),
      );
    await expect.poll(tall).toEqual([]);
    await snap(page, 'desk-fit-grid-1280');
    await page.locator('[data-action="chart-grid"]').click(); // back to one chart: the machine keeps the arrangement
    await page.close();
  },
  slow(60_000),
);
