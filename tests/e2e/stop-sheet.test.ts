// The TP/SL sheet on /order (docs/orders-screen.md "Decisions the spec left open"), Chromium at 360×740 and 1280×800: a stop on the wrong
// side is said under its box as it is typed, with the order form's rule, and nothing is sent; a good one shows the
// pips from the open price and the P&L at that stop as money, to the cent the position's maths gives.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dec } from '../../domain/decimal.ts';
import type { Envelope, Order, OrderList } from '../../domain/types.ts';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';
import { demoLoginInBrowser } from './real-user.ts';

const e2e = useServerAndChrome();

async function demoApi(page: Page) {
  const demoId = await page.evaluate(() => localStorage.getItem('tw:demo-id'));
  const login = (await (
    await fetch(`${e2e.server.url}/api/user/createAccountDemoForU?demo_id=${demoId}`)
  ).json()) as Envelope<{ token: string }>;
  return async <T>(path: string, query: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${e2e.server.url}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: login.data.token, lang: 'en' },
    });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, body.msg).toBe(1);
    return body.data;
  };
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desk', DESKTOP],
] as const) {
  it(
    `checks stops as typed and shows pips and P&L at the stop (${size})`,
    async () => {
      const { context, page } = await newPage(e2e.chrome.browser, viewport, { locale: 'en-GB' });
      await context.addCookies([{ name: 'lang', value: 'en', url: e2e.server.url }]);
      await demoLoginInBrowser(page, e2e.server.url);
      const api = await demoApi(page);
      const placed = await api<Order>('/v1/api/forex/submit', {
        type: '1',
        cont: '0.1',
        forex_id: '1',
        status: '1',
        multiple: '100',
      });
      await page.goto(`${e2e.server.url}/#/order?type=1`);
      await page.locator(`.od-row[data-id="${placed.Id}"]`).click();
      await page.locator('[data-action="edit-stops"]').click();
      const now = dec(placed.Price);

      // Above the price: a buy's stop-loss is refused under its box as it is typed, before any Save.
      const sheet = page.locator('[data-testid="stop-form"]'); // the desk shows the order form's boxes beside it
      const loss = sheet.locator('input[data-field="stop-loss"]');
      await loss.fill(now.times('1.01').toFixed(5));
      await expect
        .poll(() => page.locator('[data-testid="stop-form"]').innerText())
        .toContain('For a buy (long), the stop-loss must be below the price');
      await page.locator('[data-action="save-stops"]').click();
      const held = async () =>
        (await api<OrderList>('/v1/api/forex/my_deal', { status: '1', page: '1' })).data.find(
          (o) => o.Id === placed.Id,
        );
      expect((await held())?.TargetLossPrice).toMatch(/^0(\.0+)?$/);
      await snap(page, `stop-sheet-refused-${size}`);

      // Below it: pips from the open price and the P&L there, in money (2 decimals, signed).
      const sl = now.times('0.99').toFixed(5);
      await loss.fill(sl);
      const pnlAt = now.minus(sl).times('0.1').times('100000').toFixed(2);
      const pips = now.minus(sl).abs().div('0.0001').toFixed(1);
      await expect
        .poll(() => sheet.locator('[data-outcome="stop-loss"]').innerText())
        .toBe(
          `${pips} pips · P&L at stop loss -${Number(pnlAt).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
        );
      const sp = now.times('1.02').toFixed(5);
      await sheet.locator('input[data-field="stop-profit"]').fill(sp);
      const gain = dec(sp).minus(now).times('0.1').times('100000').toFixed(2);
      await expect
        .poll(() => sheet.locator('[data-outcome="stop-profit"]').innerText())
        .toMatch(
          new RegExp(
            `· P&L at take profit \\+${Number(gain).toLocaleString('en-GB', { minimumFractionDigits: 2 }).replace(/\./g, '\\.')}$`,
          ),
        );
      expect(await page.locator('[data-testid="stop-form"]').innerText()).not.toContain('must be');
      await snap(page, `stop-sheet-outcome-${size}`);
      await page.locator('[data-action="save-stops"]').click();
      await expect.poll(async () => (await held())?.TargetLossPrice).toBe(sl);
      await context.close();
    },
    slow(120_000),
  );
}
