// The screens in Chromium against the real server: a registered user with money sees /mining/subscribe refuse
// bad amounts under the field (balance formatted), a cancelled pending order read as cancelled in history, the bank
// tab of /mine/charge with its first account chosen, /mine/chat with its new-tab link, the chart's free right edge,
// one connection dot and one language globe on the desk /order, and logout landing on /. Screenshots at 360×740 and
// 1280×800 (test-artifacts/fund-subscribe-360.png, order-*.png, charge-bank-*.png, chat-*.png, trade-*.png).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Instrument, Order } from '../../domain/types.ts';
import { dec } from '../../domain/decimal.ts';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { pageIn, userGet } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { createFundedUser, seedSession, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();
let user: RealUser;

/** A page in English (the app's default is hk): the language cookie the app reads at start. */
const englishPage = (size: { width: number; height: number }) => pageIn(e2e.chrome.browser, e2e.server, 'en', size);
const get = <T>(path: string, query: Record<string, string | number> = {}) => userGet<T>(e2e.server, user, path, query);

type Opened = Awaited<ReturnType<typeof englishPage>>;
/** An English page of `size` signed in as the user (the session seeded: sign-in is not what this file tests). */
async function signedInPage(size: { width: number; height: number }): Promise<Opened> {
  const opened = await englishPage(size);
  await seedSession(opened.page, e2e.server, user);
  return opened;
}
/** One signed-in page per size, that the tests visiting screens in English share (each goes to its own screen). */
const shared = new Map<number, Promise<Opened>>();
function sharedPage(size: { width: number; height: number }): Promise<Opened> {
  let opened = shared.get(size.width);
  if (!opened) shared.set(size.width, (opened = signedInPage(size)));
  return opened;
}

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '699.7', 'e2e money and chart');
});
afterAll(async () => {
  for (const opened of shared.values()) await (await opened).context.close();
});

it(
  '/mining/subscribe: formatted balance, messages before any sheet, gone once the amount is edited',
  async () => {
    const { page } = await sharedPage(PHONE);
    await page.goto(`${e2e.server.url}/#/mining`);
    await page.locator('[data-testid="fund-card"]').first().click();
    await page.waitForURL(/#\/mining\/subscribe\?id=/);
    // The fund is in USDT, the wallet in USD: the balance says the 1:1 booking (docs/funds.md).
    await expect(page.locator('[data-testid="fund-balance"]').innerText()).resolves.toBe(
      '699.70 USD = 699.70 USDT (1 USDT = 1 USD)',
    );
    const amount = page.locator('[data-testid="fund-amount"]');
    for (const bad of ['-100', '0', '999999']) {
      await amount.fill(bad);
      await page.locator('[data-testid="fund-subscribe"]').click();
      await page.locator('[data-testid="fund-error"]').waitFor();
      await expect(page.locator('[data-testid="fund-confirm"]').count()).resolves.toBe(0);
      await expect(amount.inputValue()).resolves.toBe(bad);
    }
    await amount.fill('-100');
    await page.locator('[data-testid="fund-subscribe"]').click();
    await snap(page, 'fund-subscribe-360');
    await amount.fill('100');
    await expect(page.locator('[data-testid="fund-error"]').count()).resolves.toBe(0);
  },
  slow(150_000),
);

it(
  'order history: a cancelled pending order reads as cancelled, without close price or P&L (phone and Arabic)',
  async () => {
    const list = await get<Instrument[]>('/v1/api/forex/trade_list');
    const inst = list.data.find((i) => i.Code === 'EURUSD' && i.MarketStatus === 1) as Instrument;
    const close = dec(inst.ForexQuotations?.Close ?? '1');
    const placed = await get<Order>('/v1/api/forex/submit', {
      type: 1,
      cont: inst.ForexMinCont,
      forex_id: inst.Id,
      status: 0,
      target_price: close.times('0.99').toFixed(inst.PricePrecision),
      stop_loss_price: 0,
      target_profit_price: 0,
      multiple: inst.HasForexMultiple[0]?.Value ?? 0,
    });
    expect(placed.code, placed.msg).toBe(1);
    expect((await get<Order>('/v1/api/forex/cancel_trade', { id: placed.data.Id })).code).toBe(1);

    const { context, page } = await signedInPage(PHONE); // its own: it turns to Arabic
    await page.goto(`${e2e.server.url}/#/order?type=3`);
    const row = page.locator(`.od-row[data-id="${placed.data.Id}"]`);
    await row.waitFor({ timeout: slow(15_000) });
    await expect(row.locator('.od-row__state').innerText()).resolves.toBe('Cancelled');
    await expect(row.locator('[data-field="pnl"]').count()).resolves.toBe(0);
    await expect(row.locator('.od-prices > span').count()).resolves.toBe(1);
    await snap(page, 'order-history-360');
    await row.click();
    await page.locator('.od-detail [data-field="status"]').waitFor();
    await expect(page.locator('.od-detail [data-row="pnl"]').count()).resolves.toBe(0);
    await snap(page, 'order-sheet-360');
    await context.addCookies([{ name: 'lang', value: 'ar', url: e2e.server.url }]);
    await page.goto(`${e2e.server.url}/#/order?type=3`);
    await page.reload(); // the language cookie is read at start
    await row.waitFor({ timeout: slow(15_000) });
    await snap(page, 'order-history-ar-360');
    await context.close();
  },
  slow(150_000),
);

it(
  '/mine/charge bank tab: the first account is chosen and shown as chosen; /mine/chat offers a new tab',
  async () => {
    for (const size of [PHONE, DESKTOP] as const) {
      const { page } = await sharedPage(size);
      await page.goto(`${e2e.server.url}/#/mine/charge?type=1`);
      await page.locator('.segmented__item[data-value="1"]').click({ timeout: slow(60_000) });
      await page
        .locator('.mw-bank')
        .first()
        .waitFor({ timeout: slow(60_000) });
      await expect(page.locator('.mw-bank').first().getAttribute('aria-checked')).resolves.toBe('true');
      await snap(page, `charge-bank-${size.width}`);
      await page.goto(`${e2e.server.url}/#/mine/chat`);
      const link = page.locator('[data-testid="chat-new-tab"]');
      await link.waitFor();
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await snap(page, `chat-${size.width}`);
    }
  },
  slow(150_000),
);

it(
  'the desk /order shows one connection dot and one language globe; /trade keeps the chart edge free',
  async () => {
    const { page } = await sharedPage(DESKTOP);
    await page.goto(`${e2e.server.url}/#/trade`);
    await page
      .locator('.tw-chart[data-bars]:not([data-bars="0"])')
      .first()
      .waitFor({ state: 'attached', timeout: slow(60_000) });
    await snap(page, 'trade-1280');
    await page.goto(`${e2e.server.url}/#/order?type=1`);
    await page.locator('.od-page').waitFor({ timeout: slow(20_000) });
    await expect(page.locator('[data-testid="language-button"]:visible').count()).resolves.toBe(1);
    await expect(page.locator('.conn-badge:visible').count()).resolves.toBe(1);
    await snap(page, 'order-1280');

    const phone = await englishPage(PHONE);
    await phone.page.goto(`${e2e.server.url}/#/trade`);
    await phone.page
      .locator('.tw-chart[data-bars]:not([data-bars="0"])')
      .first()
      .waitFor({ state: 'attached', timeout: slow(60_000) });
    await snap(phone.page, 'trade-360');
    await phone.context.close();
  },
  slow(150_000),
);

it(
  'logout lands on / (docs/contract.md §4)',
  async () => {
    const { page } = await sharedPage(PHONE); // the last test of the shared phone page: it signs out
    await page.goto(`${e2e.server.url}/#/mine/system`);
    await page.locator('[data-testid="logout"]').click();
    await page.locator('.dialog .btn-danger').click();
    await page
      .locator('.mk-panel')
      .first()
      .waitFor({ timeout: slow(60_000) }); // the market page is in: a guard redirect came first
    expect(new URL(page.url()).hash).toMatch(/^(#\/)?$/);
  },
  slow(150_000),
);
