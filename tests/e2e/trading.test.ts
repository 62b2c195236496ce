// The trading issue end to end at 360×740 against the real server: demo login → buy 0.1 lot EUR/USD at ×100 →
// success popup → /order with moving P&L → stop-profit/stop-loss → close → history, and the balance moved by exactly
// the realised P&L minus the fee; a far pending order appears under pending with the day it expires and can be
// cancelled. On the way, the order form's rules (tests/e2e/order-form-rules.ts): stops after a change at 360×740 and
// 1280×800, the risk cap and the size mode's change at 360×740; and the market-order confirm in the buy colour.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FlowPage } from './flow-page.ts';
import { dec } from '../../domain/decimal.ts';
import type { Envelope, Order, OrderList } from '../../domain/types.ts';
import { DESKTOP, PHONE, resizeTo } from './browser.ts';
import { checkRiskCap, checkStops, confirmColours, pickExpiryDate } from './order-form-rules.ts';
import { describeInFlowBrowsers } from './flow-browsers.ts';
import type { AppServer } from './app-server.ts';
import { sharedOrOwnServer } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';
import { demoLoginInBrowser } from './real-user.ts';

let server: AppServer;

beforeAll(async () => {
  server = await sharedOrOwnServer(); // the simulator on a weekday noon: forex is open
});

afterAll(async () => {
  await server?.dispose();
});

/** The same demo account the page uses, seen from the API: the page's demo_id returns the same user. */
async function apiAs(page: FlowPage): Promise<<T>(path: string, query?: Record<string, string>) => Promise<T>> {
  const demoId = await page.evaluate(() => localStorage.getItem('tw:demo-id'));
  expect(demoId).toBeTruthy();
  const login = (await (
    await fetch(`${server.url}/api/user/createAccountDemoForU?demo_id=${demoId}`)
  ).json()) as Envelope<{ token: string }>;
  const token = login.data.token;
  return async <T>(path: string, query: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${server.url}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: token, lang: 'en' },
    });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, body.msg).toBe(1);
    return body.data;
  };
}

/** Current price text of the open order sheet, as a decimal. */
async function sheetCurrentPrice(page: FlowPage): Promise<string> {
  return (await page.locator('.od-detail [data-row="current-price"] dd').innerText()).trim().replace(/,/g, '');
}

describeInFlowBrowsers((browser) => {
  it('buys, protects, closes and cancels with exact money', async () => {
    const { context, page } = await browser().newPage(PHONE);
    await demoLoginInBrowser(page, server.url);
    const api = await apiAs(page);
    const before = await api<{ balance: string }>('/v1/api/main/wallet/getBalance');

    // Buy 0.1 lot of EUR/USD at ×100 from the trade screen.
    await page.goto(`${server.url}/#/`);
    await page.locator('.mk-row[data-code="EURUSD"]').click();
    await page.waitForURL(/#\/trade/);
    await checkStops(page, '360', true);
    await checkRiskCap(page, '360');
    await resizeTo(page, DESKTOP); // the desk's layout: list, chart and its own form side by side
    await checkStops(page, '1280', false);
    await resizeTo(page, PHONE);
    await page.locator('.tr-side[data-side="1"]').click();
    const lotsInput = page.locator('.tr-stepper input');
    await lotsInput.fill('0.1');
    await page.locator('[data-field="leverage"]').click();
    await page.locator('[data-leverage="100"]').click();
    const submit = page.locator('[data-action="submit-order"]');
    await expect.poll(() => submit.isEnabled(), { timeout: slow(20_000) }).toBe(true);
    await submit.click();
    // On the phone a market order asks once: the dialog names the side, the lots and the instrument.
    const confirm = page.locator('.dialog .dialog__actions .btn:last-child'); // the side's colour, not the primary one
    await confirm.waitFor();
    expect(await page.locator('.dialog__text').innerText()).toMatch(/EUR\/USD 0\.1/); // 以市價買漲 EUR/USD 0.1 手
    // It says the price the buy goes at, live: the ask, as the header and the Buy button show it (one read: it ticks).
    const at = await page.evaluate(() => {
      const text = (sel: string) => document.querySelector(sel)?.textContent?.replace(/[^\d.]/g, '') ?? '';
      return {
        confirm: text('.dialog [data-field="confirm-price"]'),
        header: text('[data-testid="quote-sides"] [data-field="ask"]'),
        button: text('[data-action="submit-order"] [data-field="submit-price"]'),
        buySide: text('.tr-side [data-field="side-ask"]'),
        bid: text('[data-testid="quote-sides"] [data-field="bid"]'),
        sellSide: text('.tr-side [data-field="side-bid"]'),
      };
    });
    expect(at.confirm).toMatch(/^\d\.\d{5}$/);
    // Buy at the ask everywhere it shows; Sell at the bid (this server quotes one price: the two are equal here).
    expect(at).toEqual({ ...at, header: at.confirm, button: at.confirm, buySide: at.confirm, sellSide: at.bid });
    expect(at.bid).toMatch(/^\d\.\d{5}$/);
    const painted = await confirmColours(page);
    expect(painted.confirm).toBe(painted.up);
    expect(painted.up).not.toBe(painted.accent);
    await browser().snap(page, 'trade-confirm-market');
    await confirm.click();
    await page.locator('[data-action="view-orders"]').waitFor({ timeout: slow(15_000) });
    await browser().snap(page, 'trade-order-placed');
    await page.locator('[data-action="view-orders"]').click();
    await page.waitForURL(/#\/order\?type=1/);

    // It is held, and its floating P&L moves with the market.
    const row = page.locator('.od-row[data-status="1"]').first();
    await row.waitFor({ timeout: slow(15_000) });
    const id = await row.getAttribute('data-id');
    const pnl = row.locator('[data-field="pnl"]');
    const firstPnl = await pnl.innerText();
    await expect.poll(() => pnl.innerText(), { timeout: slow(20_000) }).not.toBe(firstPnl);
    await browser().snap(page, 'orders-holding');

    const held = await api<OrderList>('/v1/api/forex/my_deal', { status: '1', page: '1' });
    const order = held.data.find((o) => String(o.Id) === id) as Order;
    expect(order.Quantity).toMatch(/^0\.10*$/);
    expect(order.Multiple).toBe(100);

    // Stop-profit above and stop-loss below the current price, both far enough not to trigger during the test.
    await row.click();
    await page.locator('.od-detail').waitFor();
    const now = dec(await sheetCurrentPrice(page));
    const sp = now.times('1.05').toFixed(5);
    const sl = now.times('0.95').toFixed(5);
    await page.locator('[data-action="edit-stops"]').click();
    await page.locator('input[data-field="stop-profit"]').fill(sp);
    await page.locator('input[data-field="stop-loss"]').fill(sl);
    await page.locator('[data-action="save-stops"]').click();
    await expect
      .poll(
        async () =>
          (await api<OrderList>('/v1/api/forex/my_deal', { status: '1', page: '1' })).data.find(
            (o) => String(o.Id) === id,
          )?.TargetProfitPrice,
      )
      .toBe(sp);
    const withStops = (await api<OrderList>('/v1/api/forex/my_deal', { status: '1', page: '1' })).data.find(
      (o) => String(o.Id) === id,
    );
    expect(withStops?.TargetLossPrice).toBe(sl);
    await browser().snap(page, 'orders-sheet-stops');

    // Close it: it leaves the holding list and shows in history.
    await page.locator('[data-action="close-order"]').click();
    await page.locator('.dialog .btn-danger').click();
    await page
      .locator(`.od-row[data-id="${id}"][data-status="1"]`)
      .waitFor({ state: 'detached', timeout: slow(15_000) });
    await page.locator('[role="tab"][data-value="3"]').click();
    await page.locator(`.od-row[data-id="${id}"]`).waitFor({ timeout: slow(15_000) });
    await browser().snap(page, 'orders-history');

    // Money: the balance moved by exactly the realised P&L minus the handling fee.
    const history = await api<OrderList>('/v1/api/forex/my_deal', { status: '3', page: '1' });
    const closed = history.data.find((o) => String(o.Id) === id) as Order;
    expect(closed.Status).toBe(3);
    const after = await api<{ balance: string; lock_balance: string }>('/v1/api/main/wallet/getBalance');
    const expected = dec(before.balance).plus(dec(closed.FactProfits)).minus(dec(closed.TradeFee));
    expect(
      dec(after.balance).eq(expected),
      `${after.balance} = ${before.balance} + ${closed.FactProfits} − ${closed.TradeFee}`,
    ).toBe(true);
    expect(dec(after.lock_balance).eq(dec(0))).toBe(true);

    // A pending buy far below the price rests under pending and can be cancelled.
    await page.goto(`${server.url}/#/trade`);
    await page.locator('.tr-side[data-side="1"]').click();
    await page.locator('.tr-mode[data-mode="pending"]').click();
    const target = page.locator('input[data-field="target-price"]');
    const current = dec((await target.inputValue()) || now.toString());
    await target.fill(current.times('0.9').toFixed(5));
    const expires = await pickExpiryDate(page);
    await expect.poll(() => submit.isEnabled(), { timeout: slow(20_000) }).toBe(true);
    await submit.click();
    await page.locator('[data-action="view-orders"]').waitFor({ timeout: slow(15_000) });
    await page.goto(`${server.url}/#/order?type=0`);
    const pendingRow = page.locator('.od-row[data-status="0"]').first();
    await pendingRow.waitFor({ timeout: slow(15_000) });
    await browser().snap(page, 'orders-pending');
    await pendingRow.click();
    // The day chosen, as the day it ends (not the next day at midnight).
    expect(await page.locator('.od-detail [data-row="expires"] dd').innerText()).toBe(expires);
    await page.locator('[data-action="cancel-order"]').click();
    await page.locator('.dialog .btn-danger').click();
    await page
      .locator('.od-row[data-status="0"]')
      .first()
      .waitFor({ state: 'detached', timeout: slow(15_000) });
    const pending = await api<OrderList>('/v1/api/forex/my_deal', { status: '0', page: '1' });
    expect(pending.total).toBe(0);
    const end = await api<{ balance: string; lock_balance: string }>('/v1/api/main/wallet/getBalance');
    expect(end.balance).toBe(after.balance); // cancelling releases the margin and refunds the fee
    await context.close();
  });
});
