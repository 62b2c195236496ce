// A pending order's line on the chart (docs/screens.md "Positions and orders on the chart") in Chromium against the
// real server: on the desk (1280×800) its tag dragged, confirmed, and the order's price changed on the server
// (set_pending_price); a drag the server refuses (the target moved past the order's own stop-loss) snaps back with the
// refusal told; on the phone (360×740, and in Arabic) a touch held on the line opens the edit sheet, whose price box
// moves the order. Screenshots: test-artifacts/chart-pending-*.png.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Instrument, Order, OrderList } from '../../domain/types.ts';
import { dec } from '../../domain/decimal.ts';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { userGet, userPageAt } from './lang-page.ts';
import { createFundedUser, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();
let user: RealUser;
let inst: Instrument;

const get = <T>(path: string, query: Record<string, string | number> = {}) => userGet<T>(e2e.server, user, path, query);

/** A pending buy a little below the price (inside the bars' range, so its tag shows), with a stop-loss under it. */
async function pendingBuy(): Promise<Order> {
  const quote = await get<Instrument[]>('/v1/api/forex/trade_list');
  const now = dec(quote.data.find((i) => i.Id === inst.Id)?.ForexQuotations.Close ?? '1');
  const places = inst.PricePrecision;
  const placed = await get<Order>('/v1/api/forex/submit', {
    type: 1,
    cont: inst.ForexMinCont,
    forex_id: inst.Id,
    status: 0,
    target_price: now.times('0.9997').toFixed(places),
    stop_loss_price: now.times('0.9994').toFixed(places),
    target_profit_price: 0,
    multiple: inst.HasForexMultiple[0]?.Value ?? 0,
  });
  expect(placed.code, placed.msg).toBe(1);
  return placed.data;
}

async function pendingNow(id: number): Promise<Order | undefined> {
  return (await get<OrderList>('/v1/api/forex/my_deal', { status: 0, page: 1 })).data.data.find((o) => o.Id === id);
}

async function tradeAt(lang: string, size: { width: number; height: number }, o: Order) {
  const opened = await userPageAt(e2e.chrome.browser, e2e.server, user, lang, size, `#/trade?code=${inst.Code}`);
  const { page } = opened;
  await page.reload();
  await page.waitForFunction(
    () => Number(document.querySelector('.tw-chart[data-slot="0"]')?.getAttribute('data-bars') ?? 0) > 50,
    null,
    { timeout: slow(20_000) },
  );
  await page.locator(`.tw-oline[data-line="${o.Id}:pending"]:not([data-off])`).waitFor({ timeout: slow(15_000) });
  return opened;
}

const tag = (page: Page, o: Order) => page.locator(`.tw-oline[data-line="${o.Id}:pending"]`);

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '50000', 'e2e chart pending');
  const list = await get<Instrument[]>('/v1/api/forex/trade_list');
  inst = list.data.find((i) => i.Code === 'EURUSD' && i.MarketStatus === 1) as Instrument;
});

it(
  "a pending order's line dragged on the desk moves the order on the server; a refused drag snaps back",
  async () => {
    const o = await pendingBuy();
    const { context, page } = await tradeAt('en', DESKTOP, o);
    const line = tag(page, o);
    expect(await line.getAttribute('data-draggable')).toBe('true');
    const drag = async (dy: number) => {
      const box = await line.boundingBox();
      if (!box) throw new Error('no pending tag');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + dy / 2, { steps: 4 });
      await page.mouse.move(x, y + dy, { steps: 4 });
      await page.mouse.up();
    };
    const dialog = page.locator('[role="alertdialog"]');

    // Down past its own stop-loss: the server refuses, the refusal is told and the line goes back to its price.
    await drag(150);
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Move the pending Buy .* from \d\.\d+ to \d\.\d+\?/);
    const low = await line.getAttribute('data-price');
    expect(dec(low ?? '0').lt(o.TargetLossPrice)).toBe(true);
    await dialog.locator('button', { hasText: 'Confirm' }).click();
    await expect
      .poll(() => page.locator('.toast, [role="status"]').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('stop-loss must be below')]));
    await expect.poll(() => line.getAttribute('data-price')).toBe(o.Price);
    expect((await pendingNow(o.Id))?.Price).toBe(o.Price);

    // Up a little and confirmed: set_pending_price with the new price, the stop-loss kept.
    await drag(-30);
    await dialog.waitFor();
    const moved = await line.getAttribute('data-price');
    expect(dec(moved ?? '0').gt(o.Price)).toBe(true);
    await snap(page, 'chart-pending-drag-confirm-1280');
    await dialog.locator('button', { hasText: 'Confirm' }).click();
    await expect.poll(async () => (await pendingNow(o.Id))?.Price, { timeout: slow(10_000) }).toBe(moved);
    expect((await pendingNow(o.Id))?.TargetLossPrice).toBe(o.TargetLossPrice);
    const chart = page.locator('.tw-chart[data-slot="0"]');
    await expect.poll(() => chart.getAttribute('data-order-lines')).toContain(`${o.Id}:pending=${moved}`);
    await get('/v1/api/forex/cancel_trade', { id: o.Id });
    await context.close();
  },
  slow(120_000),
);

it(
  "on the phone a touch held on a pending order's line opens its sheet, whose price box moves it",
  async () => {
    for (const lang of ['en', 'ar']) {
      const o = await pendingBuy();
      const { context, page } = await tradeAt(lang, PHONE, o);
      const line = tag(page, o);
      await line.scrollIntoViewIfNeeded();
      const box = await line.boundingBox();
      if (!box) throw new Error('no pending tag');
      const cdp = await context.newCDPSession(page);
      const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
      // Held until the hold has opened the sheet (no sleep: a busy page may take longer than the hold to act on it).
      const sheet = page.locator(`[data-testid="chart-order-sheet"][data-order="${o.Id}"]`);
      await sheet.waitFor({ timeout: slow(10_000) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const input = sheet.locator('input[data-field="pending-price"]');
      await expect.poll(() => input.inputValue()).toBe(o.Price);
      const next = dec(o.Price).times('0.9999').toFixed(inst.PricePrecision);
      await input.fill(next);
      await snap(page, `chart-pending-sheet-360-${lang}`);
      await sheet.locator('[data-action="save-pending-price"]').click();
      await expect.poll(async () => (await pendingNow(o.Id))?.Price, { timeout: slow(10_000) }).toBe(next);
      await get('/v1/api/forex/cancel_trade', { id: o.Id });
      await context.close();
    }
  },
  slow(120_000),
);
