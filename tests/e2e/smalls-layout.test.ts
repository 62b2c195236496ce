// Small layout checks in Chromium against the real server (docs/screens.md, docs/content.md "Ranking"): the order
// sheet's header (code, side, state) keeps its distance from its first field, "Lots" (360×740 in hk, en and ar,
// 1280×800 in en); the ranking's and copy list's rows show every figure whole, and break between facts, at 360 px in
// the widest languages; /product on the desk keeps an instrument's name near its price (1280×800). Screenshots:
// test-artifacts/smalls-*.png.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { inEachLook, pageIn, pickLanguage, userGet, type Look } from './lang-page.ts';
import { createFundedUser } from './real-user.ts';
import type { Instrument, Order } from '../../domain/types.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();

async function open(lang: string, size: { width: number; height: number }, hash: string): Promise<Page> {
  const { page } = await pageIn(e2e.chrome.browser, e2e.server, lang, size);
  await page.goto(`${e2e.server.url}/${hash}`);
  return page;
}

/** The space between the order sheet's header and its first field, Lots (null when either is missing). */
function gapAboveLots(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const head = document.querySelector('.od-detail__head')?.getBoundingClientRect();
    const lots = document.querySelector('.od-detail [data-row="lots"]')?.getBoundingClientRect();
    return head && lots ? lots.top - head.bottom : null;
  });
}

it(
  "the order sheet's header keeps a gap above its first field, Lots, at 360 px in hk, en and ar, and at 1280 px",
  async () => {
    const user = await createFundedUser(e2e.server, '10000', 'e2e order sheet gap');
    const list = await userGet<Instrument[]>(e2e.server, user, '/v1/api/forex/trade_list');
    const inst = list.data.find((i) => i.Code === 'EURUSD' && i.MarketStatus === 1) as Instrument;
    const placed = await userGet<Order>(e2e.server, user, '/v1/api/forex/submit', {
      type: 1,
      cont: inst.ForexMinCont,
      forex_id: inst.Id,
      status: 1,
      multiple: inst.HasForexMultiple[0]?.Value ?? 0,
    });
    expect(placed.code, placed.msg).toBe(1);
    // One page, each look in turn; in English at 1280×800 too, where the sheet is a centred dialog.
    const looks: Look[] = [
      ['hk', PHONE, '360-hk'],
      ['en', PHONE, '360-en'],
      ['en', DESKTOP, '1280-en'],
      ['ar', PHONE, '360-ar'],
    ];
    await inEachLook(
      e2e.chrome.browser,
      e2e.server,
      user,
      '#/order?type=1',
      async (page, _lang, name) => {
        await page.locator(`.od-row[data-id="${placed.data.Id}"]`).click({ timeout: slow(20_000) });
        await page.locator('.od-detail').waitFor();
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
        const gap = await gapAboveLots(page);
        expect(gap, name).not.toBeNull();
        expect(gap ?? 0, name).toBeGreaterThanOrEqual(10);
        await snap(page, `smalls-order-sheet-${name}`);
        await page.keyboard.press('Escape');
        await page.locator('.od-detail').waitFor({ state: 'detached' });
      },
      { looks },
    );
    await userGet(e2e.server, user, '/v1/api/forex/close', { id: placed.data.Id });
  },
  slow(120_000),
);

it(
  'ranking and copy rows show every figure whole and each fact together at 360 px (de, ru, ar); the lists differ',
  async () => {
    // One visitor's page, each language picked in the app in turn.
    const page = await open('en', PHONE, '#/');
    for (const lang of ['de', 'ru', 'ar'] as const) {
      await pickLanguage(page, lang);
      for (const tab of ['', '?tab=copy']) {
        await page.goto(`${e2e.server.url}/#/rank${tab}`);
        await page
          .locator(`[data-list="${tab ? 'copy' : 'rank'}"] .rank-row`)
          .first()
          .waitFor({ timeout: slow(20_000) });
        const clipped = await page.evaluate(() => {
          const bad: string[] = [];
          for (const row of document.querySelectorAll<HTMLElement>('.rank-row')) {
            const box = row.getBoundingClientRect();
            for (const el of row.querySelectorAll<HTMLElement>(
              '.rank-row__meta, .rank-row__figures > *, .rank-row__name',
            )) {
              const b = el.getBoundingClientRect();
              const cut = el.scrollWidth > el.clientWidth + 1;
              const outside = b.left < box.left - 1 || b.right > box.right + 1;
              if (cut || outside) bad.push(`${row.dataset.rank}: ${el.className} "${el.textContent}"`);
            }
            // A line of facts breaks between facts: a fact wraps only when it is wider than the whole line.
            const facts = row.querySelectorAll<HTMLElement>('.rank-row__meta > *');
            if (facts.length !== 4) bad.push(`${row.dataset.rank}: ${facts.length} facts`);
            for (const fact of facts) {
              const lines = new Set([...fact.getClientRects()].map((r) => Math.round(r.top))).size; // bidi: boxes
              const line = fact.parentElement?.clientWidth ?? 0;
              if (lines > 1 && fact.offsetWidth < line - 1)
                bad.push(`${row.dataset.rank}: "${fact.textContent}" split`);
            }
          }
          return bad;
        });
        expect(clipped, `${lang} ${tab}`).toEqual([]);
        await snap(page, `smalls-rank-360-${lang}${tab ? '-copy' : ''}`);
      }
    }
    await page.context().close();
    const rank = await open('en', PHONE, '#/rank');
    await rank
      .locator('.rank-row')
      .first()
      .waitFor({ timeout: slow(20_000) });
    const ranked = await rank.locator('.rank-row__name').allTextContents();
    expect(await rank.locator('.rank-row__no').count()).toBeGreaterThan(0);
    expect(await rank.locator('[data-field="rank-by"]').textContent()).toBe('Ranked by return over the last 3 weeks');
    await rank.goto(`${e2e.server.url}/#/rank?tab=copy`);
    await rank
      .locator('[data-list="copy"] .rank-row')
      .first()
      .waitFor({ timeout: slow(20_000) });
    expect(await rank.locator('.rank-row__no').count()).toBe(0);
    expect(await rank.locator('.rank-row__name').allTextContents()).not.toEqual(ranked);
    await rank.locator('.rank-row').first().click();
    // Copying starts on the Copy tab, which a visitor reaches through the login.
    await expect.poll(() => new URL(rank.url()).hash).toBe('#/login?from=%2Fcopy');
    await rank.context().close();
  },
  slow(180_000),
);

it(
  '/product on the desk keeps each name near its price, and its box says names work',
  async () => {
    const page = await open('en', DESKTOP, '#/product');
    await page
      .locator('.pd-page--instruments .mk-row')
      .first()
      .waitFor({ timeout: slow(20_000) });
    const far = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('.pd-page--instruments .mk-row')].map((row) => {
          const name = row.querySelector('.mk-name')?.getBoundingClientRect();
          const price = row.querySelector('.mk-price')?.getBoundingClientRect();
          return name && price ? price.right - name.left : 0;
        }),
      ),
    );
    expect(far).toBeGreaterThan(0);
    expect(far).toBeLessThanOrEqual(760);
    expect(await page.locator('input[type="search"]').getAttribute('placeholder')).toContain('name');
    await snap(page, 'smalls-product-1280');
    await page.context().close();
  },
  slow(60_000),
);
