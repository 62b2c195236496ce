// The trader's margin and swap figures in Chromium against the real server, phone (360×740, English and Arabic) and
// desk (1280×800): the order form says under the lots field, as the trader types, that the margin and fee exceed the free
// balance, and its button is off (the server's rule, domain/trade-maths.ts orderCostExceeds); with the risk rate under
// the dealer's margin-call level, /trade's account strip, the desk and /order show the banner, the margin level and
// how much more may be lost before the 50 % stop-out; with the seeded swap terms and an accelerated rollover
// (SWAP_ROLLOVER_MS), the accrued swap is on the holding row and on the position's line on the chart. Screenshots:
// test-artifacts/margin-swap-*.png.
import { beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Instrument, Order, OrderList } from '../../domain/types.ts';
import { dec } from '../../domain/decimal.ts';
import { WEEKDAY_NOON } from './app-server.ts';
import { PHONE, snap } from './browser.ts';
import { useOwnServerAndChrome } from './server-and-chrome.ts';
import { inEachLook, userGet, userPageAt } from './lang-page.ts';
import { createFundedUser, ops, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useOwnServerAndChrome({ SIM_TIME: WEEKDAY_NOON, SWAP_ROLLOVER_MS: '2000' }); // own: the swap rollover and the margin-call level
let inst: Instrument;

/** The strip's figures that do not end at its content's end (left in Arabic) on their name's line, as the summary's. */
function figuresOutOfLine(strip: Locator): Promise<string[]> {
  return strip.evaluate((dl) => {
    const style = getComputedStyle(dl);
    const box = dl.getBoundingClientRect();
    const rtl = style.direction === 'rtl';
    const end = rtl ? box.left + parseFloat(style.paddingLeft) : box.right - parseFloat(style.paddingRight);
    const faults: string[] = [];
    for (const cell of dl.querySelectorAll('.tr-account-cell')) {
      const name = cell.querySelector('dt')?.getBoundingClientRect();
      const figure = cell.querySelector('dd [data-field]')?.getBoundingClientRect();
      if (!name || !figure) continue;
      const at = rtl ? figure.left : figure.right;
      const middle = figure.top + figure.height / 2;
      if (Math.abs(at - end) > 1 || middle < name.top || middle > name.bottom)
        faults.push(
          `${cell.querySelector('dt')?.textContent}: ends at ${at} (strip ${end}), middle ${middle} (name ${name.top}–${name.bottom})`,
        );
    }
    return faults;
  });
}

const get = <T>(user: RealUser, path: string, query: Record<string, string | number> = {}) =>
  userGet<T>(e2e.server, user, path, query);

beforeAll(async () => {
  // The highest level the dealer may set, so a position using a fifth of the equity is under it (about 500 %).
  await ops(e2e.server, 'margin-call-level', { level: '1000' });
});

const TRADE = '#/trade?code=EURUSD';

/** The user's /trade on EURUSD on one page, shown as each look in turn. */
const inEachSize = (user: RealUser, check: (page: Page, lang: string, name: string) => Promise<void>) =>
  inEachLook(e2e.chrome.browser, e2e.server, user, TRADE, check);

it(
  'says under the lots field that the margin exceeds what is free, and turns the button off, as the trader types',
  async () => {
    const user = await createFundedUser(e2e.server, '20000', 'e2e margin over free');
    await inEachSize(user, async (page, lang, name) => {
      // The form on screen (the phone's /trade keeps another, hidden, for its sheet).
      const form = page.locator('form.tr-form').locator('visible=true');
      const lots = form.locator('input[data-field="lots"]');
      const note = form.locator('[data-message-for="free"]');
      const submit = form.locator('[data-action="submit-order"]');
      await lots.fill('500');
      await note.waitFor({ timeout: slow(20_000) });
      if (lang === 'en')
        expect(await note.innerText()).toBe('Margin and fee exceed your free balance of 20,000.00 USD');
      await expect.poll(() => submit.isDisabled()).toBe(true);
      await snap(page, `margin-swap-over-free-${name}`);
      await lots.fill('0.01');
      await expect.poll(() => note.count()).toBe(0);
      await expect.poll(() => submit.isDisabled()).toBe(false);
    });
  },
  slow(120_000),
);

it(
  'shows the margin call, the margin level and the distance to the stop-out wherever equity is; the swap on the row and the line',
  async () => {
    const user = await createFundedUser(e2e.server, '20000', 'e2e margin call');
    inst = (await get<Instrument[]>(user, '/v1/api/forex/trade_list')).data.find(
      (i) => i.Code === 'EURUSD',
    ) as Instrument;
    const multiple = Math.max(...inst.HasForexMultiple.map((m) => m.Value));
    // A margin of about 4,000 USD on 20,000 of equity: a risk rate near 500 %, under the 1,000 % level.
    const lots = dec(4000).times(multiple).div(dec(inst.ForexContNum).times('1.085')).toFixed(2, 1);
    const placed = await get<Order>(user, '/v1/api/forex/submit', {
      type: 1,
      cont: lots,
      forex_id: inst.Id,
      status: 1,
      multiple,
    });
    expect(placed.code, placed.msg).toBe(1);
    // The seeded EURUSD terms charge a long every accelerated rollover: no swap-set by the dealer.
    const swapOf = async () =>
      (await get<OrderList>(user, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.data.find(
        (o) => o.Id === placed.data.Id,
      )?.Swap ?? '0';
    await expect.poll(async () => Number(await swapOf()), { timeout: slow(30_000) }).toBeLessThan(0);
    // It keeps growing every rollover, so on a slow host it passes a thousand and is shown grouped.

    await inEachSize(user, async (page, lang, name) => {
      // The one on screen (the phone's /trade keeps a second strip, hidden, for its order sheet).
      const banner = page.locator('[data-testid="margin-call"]').locator('visible=true');
      await banner.waitFor({ timeout: slow(20_000) });
      const strip = page.locator('.tr-account').locator('visible=true');
      await expect.poll(() => strip.locator('[data-field="trade-margin-level"]').innerText()).toMatch(/^\d{3}\.\d\d%$/);
      expect(await figuresOutOfLine(strip), name).toEqual([]);
      if (lang === 'en') {
        await expect
          .poll(() => banner.locator('[data-field="stop-out-distance"]').innerText())
          .toMatch(/^A further loss of \d{1,3}(,\d{3})*\.\d\d USD closes your positions \(stop-out at 50%\)$/);
        await expect
          .poll(() => strip.locator('[data-field="trade-stop-out"]').innerText())
          .toMatch(/^A further loss of \d{1,3}(,\d{3})*\.\d\d USD/);
        await expect
          .poll(() => page.locator('[data-field="line-swap"]').first().innerText())
          .toMatch(/^Swap -\d{1,3}(,\d{3})*\.\d\d$/);
      } else {
        await page.locator('[data-field="line-swap"]').first().waitFor();
      }
      await snap(page, `margin-swap-trade-${name}`);
    });

    const { context, page } = await userPageAt(e2e.chrome.browser, e2e.server, user, 'en', PHONE, '#/order?type=1');
    await page
      .locator('[data-testid="margin-call"]')
      .locator('visible=true')
      .waitFor({ timeout: slow(20_000) });
    const row = page.locator(`.od-row[data-id="${placed.data.Id}"]`);
    await expect
      .poll(() => row.locator('[data-field="swap"]').innerText(), { timeout: slow(20_000) })
      .toMatch(/^Swap -\d{1,3}(,\d{3})*\.\d\d$/);
    await expect
      .poll(() => page.locator('[data-field="stop-out-distance-header"]').innerText())
      .toMatch(/^A further loss of [\d,]+\.\d\d USD/);
    await snap(page, 'margin-swap-order-360');
    await context.close();
  },
  slow(180_000),
);
