// Positions and orders on the chart (docs/screens.md "Positions and orders on the chart") in Chromium against the real
// server: a position's entry, take-profit and stop-loss lines and a pending order's line on /trade; on the desk
// (1280×800) the take-profit's tag dragged up, confirmed, and the order's stop changed on the server, a drag cancelled
// snapping back, a take-profit dragged under the price refused (told, snapped back, unchanged on the server), a
// stop-loss dragged lower taken; a position opened elsewhere (FOREX_TRADE) drawn and named in the chart's text
// alternative at once, and one closed elsewhere (FOREX_CLOSED) taken away at once. On the phone (360×740) a touch held
// on a line opens the order's edit sheet; a touch held on the chart places the price line, whose chip makes an alert
// at a price typed in its sheet: drawn at that price exactly (not where the finger was), named in the text alternative,
// no price line and no crosshair left; the next load of the chart (in Arabic) draws and names it again. A pending
// order's line: on the desk its tag dragged, confirmed, and the order's price changed on the server
// (set_pending_price), a drag the server refuses (past the order's own stop-loss) snapping back with the refusal told;
// on the phone (and in Arabic) a touch held on it opens its sheet, whose price box moves the order. Every order is
// placed through the API. Screenshots: test-artifacts/chart-orders-*.png and chart-pending-*.png (and Arabic).
import { beforeAll, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import type { Instrument, Order, OrderList } from '../../domain/types.ts';
import { dec } from '../../domain/decimal.ts';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { useOwnServerAndChrome } from './server-and-chrome.ts';
import { axe, userGet, userPageAt } from './lang-page.ts';
import { createFundedUser, type RealUser } from './real-user.ts';
import { crosshairInk } from './chart-ink.ts';
import type { PriceAlertsWire } from '../../domain/price-alerts.ts';
import { recordToasts, toastsShown } from './toasts.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useOwnServerAndChrome(); // own: its stops 0.05 % away lie inside the bars of a fresh server's history
let user: RealUser;
let inst: Instrument;

const get = <T>(path: string, query: Record<string, string | number> = {}) => userGet<T>(e2e.server, user, path, query);

/**
 * A market buy with a take-profit and a stop-loss 0.05 % away (inside the bars' range, so their tags show) from the
 * price; none with `stops` false.
 */
async function buyWithStops(stops = true): Promise<Order> {
  const quote = await get<Instrument[]>('/v1/api/forex/trade_list');
  const now = dec(quote.data.find((i) => i.Id === inst.Id)?.ForexQuotations.Close ?? '1');
  const places = inst.PricePrecision;
  const placed = await get<Order>('/v1/api/forex/submit', {
    type: 1,
    cont: inst.ForexMinCont,
    forex_id: inst.Id,
    status: 1,
    target_profit_price: stops ? now.times('1.0005').toFixed(places) : 0,
    stop_loss_price: stops ? now.times('0.9995').toFixed(places) : 0,
    multiple: inst.HasForexMultiple[0]?.Value ?? 0,
  });
  expect(placed.code, placed.msg).toBe(1);
  return placed.data;
}

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

/** The order `id` as the server has it now: held (status 1) or pending (status 0). */
async function orderNow(id: number, status = 1): Promise<Order | undefined> {
  return (await get<OrderList>('/v1/api/forex/my_deal', { status, page: 1 })).data.data.find((o) => o.Id === id);
}
const held = (id: number) => orderNow(id, 1);
const pendingNow = (id: number) => orderNow(id, 0);

/** The app loaded at /trade of the instrument, its chart loaded and the order's `role` line drawn. */
async function tradeAt(lang: string, size: { width: number; height: number }, o: Order, role = 'tp') {
  const opened = await userPageAt(e2e.chrome.browser, e2e.server, user, lang, size, `#/trade?code=${inst.Code}`);
  const { page } = opened;
  await page.waitForFunction(
    () => Number(document.querySelector('.tw-chart[data-slot="0"]')?.getAttribute('data-bars') ?? 0) > 50,
    null,
    { timeout: slow(20_000) },
  );
  await page.locator(`.tw-oline[data-line="${o.Id}:${role}"]:not([data-off])`).waitFor({ timeout: slow(15_000) });
  return opened;
}

const tag = (page: Page, o: Order, role: string) => page.locator(`.tw-oline[data-line="${o.Id}:${role}"]`);

/** A stop line of `o` the chart shows now: the price may have moved the other one off the scale (its tag hidden). */
async function shownStop(page: Page, o: Order): Promise<ReturnType<typeof tag>> {
  const shown = page.locator(
    `.tw-oline[data-line="${o.Id}:sl"]:not([data-off]), .tw-oline[data-line="${o.Id}:tp"]:not([data-off])`,
  );
  await shown.first().waitFor({ timeout: slow(15_000) });
  return page.locator(`.tw-oline[data-line="${await shown.first().getAttribute('data-line')}"]`);
}

/** Drags `line`'s tag `dy` pixels down (up when negative) with the mouse, in two moves. */
async function drag(page: Page, line: ReturnType<typeof tag>, dy: number): Promise<void> {
  const box = await line.boundingBox();
  if (!box) throw new Error('no tag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy / 2, { steps: 4 });
  await page.mouse.move(x, y + dy, { steps: 4 });
  await page.mouse.up();
}

/**
 * Holds a touch on `line`'s tag through the browser's own touch input until the order's sheet opens; answers it. The
 * tag follows the price scale, which a tick can move between reading its box and touching it: the page records what
 * the touch landed on, and a touch that missed the tag is lifted at once and tried again where the tag is now. A touch
 * that landed holds until the sheet opens (no sleep: a busy page may take longer than the hold to act on it).
 */
async function holdOpensSheet(page: Page, cdp: CDPSession, line: ReturnType<typeof tag>, o: Order) {
  const sheet = page.locator(`[data-testid="chart-order-sheet"][data-order="${o.Id}"]`);
  const key = await line.getAttribute('data-line');
  for (let attempt = 1; ; attempt++) {
    // On the scale: a tick may have taken it off for a moment (its tag is then hidden and takes no touch).
    await page.locator(`.tw-oline[data-line="${key}"]:not([data-off])`).waitFor({ timeout: slow(15_000) });
    await line.scrollIntoViewIfNeeded();
    // Nothing drawn over the tag's middle (a busy page may still be building the chart's canvases above it).
    await expect
      .poll(() =>
        line.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return top !== null && el.contains(top);
        }),
      )
      .toBe(true)
      .catch(async (e: unknown) => {
        console.log(
          'DIAG',
          page.url(),
          await line.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            const chain = (n: Element | null) => {
              const out: string[] = [];
              for (let x = n; x; x = x.parentElement) {
                const cs = getComputedStyle(x);
                out.push(
                  `${x.tagName}.${typeof x.className === 'string' ? x.className : ''}[z=${cs.zIndex},pos=${cs.position},op=${cs.opacity},tr=${cs.transform},iso=${cs.isolation},cont=${cs.contain},wc=${cs.willChange},disp=${cs.display},vis=${cs.visibility}]`,
                );
              }
              return out.join(' < ');
            };
            return `lang=${document.documentElement.lang} dir=${document.documentElement.dir}\nTAG ${chain(el)}\nTOP ${chain(top)}`;
          }),
        );
        throw e;
      });
    const box = await line.boundingBox();
    if (!box) throw new Error('no tag');
    await page.evaluate(() => {
      const w = window as { __pressed?: string };
      w.__pressed = undefined;
      const note = (e: PointerEvent) => {
        w.__pressed = (e.target as Element | null)?.closest('.tw-oline')?.getAttribute('data-line') ?? 'elsewhere';
      };
      document.addEventListener('pointerdown', note, { capture: true, once: true });
    });
    const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
    const pressed = await page.waitForFunction(() => (window as { __pressed?: string }).__pressed, null, {
      timeout: slow(10_000),
    });
    const landed = (await pressed.jsonValue()) === key;
    if (!landed && attempt < 20) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.keyboard.press('Escape'); // a touch that missed may have opened something of its own: close it
      continue;
    }
    await sheet.waitFor({ timeout: slow(10_000) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    return sheet;
  }
}

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '50000', 'e2e chart orders');
  const list = await get<Instrument[]>('/v1/api/forex/trade_list');
  inst = list.data.find((i) => i.Code === 'EURUSD' && i.MarketStatus === 1) as Instrument;
});

it(
  'draws a position, its stops and a pending order; a take-profit dragged on the desk moves on the server',
  async () => {
    const o = await buyWithStops();
    const below = dec(o.Price).times('0.999').toFixed(inst.PricePrecision);
    const pending = await get<Order>('/v1/api/forex/submit', {
      type: 1,
      cont: inst.ForexMinCont,
      forex_id: inst.Id,
      status: 0,
      target_price: below,
      stop_loss_price: 0,
      target_profit_price: 0,
      multiple: inst.HasForexMultiple[0]?.Value ?? 0,
    });
    expect(pending.code, pending.msg).toBe(1);
    const { context, page } = await tradeAt('en', DESKTOP, o);
    const chart = page.locator('.tw-chart[data-slot="0"]');
    await expect
      .poll(() => chart.getAttribute('data-order-lines'))
      .toContain(`${o.Id}:entry=${o.Price} ${o.Id}:tp=${o.TargetProfitPrice} ${o.Id}:sl=${o.TargetLossPrice}`);
    await expect.poll(() => chart.getAttribute('data-order-lines')).toContain(`${pending.data.Id}:pending=`);
    // The entry's tag: side, lots and a signed live P&L (0.000000 unsigned while the price is still the opening one);
    // every tag is a named button in the chart's region.
    expect(await tag(page, o, 'entry').innerText()).toMatch(
      new RegExp(`^Buy ${inst.ForexMinCont}\\s*([+-]\\d|0\\.0+\\n)`),
    );
    expect(await tag(page, o, 'tp').textContent()).toBe(
      `TP ${o.TargetProfitPrice}Take profit of Buy ${inst.ForexMinCont} lots at ${o.TargetProfitPrice}`,
    );
    expect(await axe(page, '.tw-olines')).toEqual([]);
    await snap(page, 'chart-orders-desk-1280');

    // A drag cancelled: the line goes back to its price.
    const tp = tag(page, o, 'tp');
    const sl = tag(page, o, 'sl');
    await drag(page, tp, -40);
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Move the take profit of Buy .* from \d\.\d+ to \d\.\d+\?/);
    await dialog.locator('button', { hasText: 'Cancel' }).click();
    await expect.poll(() => tp.getAttribute('data-price')).toBe(o.TargetProfitPrice);

    // Dragged up again and confirmed: set_stop_price with the new take-profit, the stop-loss unchanged.
    await drag(page, tp, -40);
    await dialog.waitFor();
    const moved = await tp.getAttribute('data-price');
    expect(dec(moved ?? '0').gt(o.TargetProfitPrice)).toBe(true);
    await snap(page, 'chart-orders-drag-confirm-1280');
    await dialog.locator('button', { hasText: 'Confirm' }).click();
    await expect.poll(async () => (await held(o.Id))?.TargetProfitPrice, { timeout: slow(10_000) }).toBe(moved);
    expect((await held(o.Id))?.TargetLossPrice).toBe(o.TargetLossPrice);
    await expect.poll(() => chart.getAttribute('data-order-lines')).toContain(`${o.Id}:tp=${moved}`);

    // Down under the price (to the stop-loss's height) and confirmed: the server refuses, the refusal is told, the line
    // goes back to its price and the order keeps it.
    const [tpBox, slBox] = await Promise.all([tp.boundingBox(), sl.boundingBox()]);
    await drag(page, tp, (slBox?.y ?? 0) - (tpBox?.y ?? 0));
    await dialog.waitFor();
    expect(dec((await tp.getAttribute('data-price')) ?? '9').lt(o.Price)).toBe(true);
    await recordToasts(page);
    await dialog.locator('button', { hasText: 'Confirm' }).click();
    await expect
      .poll(() => toastsShown(page))
      .toEqual(expect.arrayContaining([expect.stringContaining('take profit must be above the price')]));
    await expect.poll(() => tp.getAttribute('data-price')).toBe(moved);
    expect((await held(o.Id))?.TargetProfitPrice).toBe(moved);

    // The stop-loss dragged lower and confirmed: taken on the server, the take-profit kept.
    await drag(page, sl, 30);
    await dialog.waitFor();
    const lower = await sl.getAttribute('data-price');
    expect(dec(lower ?? '9').lt(o.TargetLossPrice)).toBe(true);
    await dialog.locator('button', { hasText: 'Confirm' }).click();
    await expect.poll(async () => (await held(o.Id))?.TargetLossPrice, { timeout: slow(10_000) }).toBe(lower);
    expect((await held(o.Id))?.TargetProfitPrice).toBe(moved);
    await expect.poll(() => chart.getAttribute('data-order-lines')).toContain(`${o.Id}:sl=${lower}`);

    // Opened elsewhere (another tab, the API) while the chart shows: FOREX_TRADE draws it at once, named in the chart's
    // text alternative with its side, lots, entry and P&L.
    const other = await buyWithStops(false);
    await expect
      .poll(() => chart.getAttribute('data-order-lines'), { timeout: slow(5_000) })
      .toContain(`${other.Id}:entry=${other.Price}`);
    expect(
      await page.locator(`[data-testid="chart-lines-text"] li[data-line="${other.Id}:entry"]`).innerText(),
    ).toMatch(
      new RegExp(
        `^Buy position, ${inst.ForexMinCont} lots, opened at ${other.Price.replace('.', '\\.')}, P&L [+-]?\\d`,
      ),
    );
    await get<Order>('/v1/api/forex/close', { id: other.Id });

    // Closed from elsewhere (the API): FOREX_CLOSED takes its lines away without a reload.
    const closed = await get<Order>('/v1/api/forex/close', { id: o.Id });
    expect(closed.code, closed.msg).toBe(1);
    await expect
      .poll(() => chart.getAttribute('data-order-lines'), { timeout: slow(10_000) })
      .not.toContain(`${o.Id}:`);
    await get('/v1/api/forex/cancel_trade', { id: pending.data.Id });
    await context.close();
  },
  slow(120_000),
);

it(
  "a pending order's line dragged on the desk moves the order on the server; a refused drag snaps back",
  async () => {
    const o = await pendingBuy();
    const { context, page } = await tradeAt('en', DESKTOP, o, 'pending');
    const line = tag(page, o, 'pending');
    expect(await line.getAttribute('data-draggable')).toBe('true');
    const dialog = page.locator('[role="alertdialog"]');

    // Down past its own stop-loss: the server refuses, the refusal is told and the line goes back to its price.
    await drag(page, line, 150);
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Move the pending Buy .* from \d\.\d+ to \d\.\d+\?/);
    const low = await line.getAttribute('data-price');
    expect(dec(low ?? '0').lt(o.TargetLossPrice)).toBe(true);
    await recordToasts(page);
    await dialog.locator('button', { hasText: 'Confirm' }).click();
    await expect
      .poll(() => toastsShown(page))
      .toEqual(expect.arrayContaining([expect.stringContaining('stop-loss must be below')]));
    await expect.poll(() => line.getAttribute('data-price')).toBe(o.Price);
    expect((await pendingNow(o.Id))?.Price).toBe(o.Price);

    // Up a little and confirmed: set_pending_price with the new price, the stop-loss kept.
    await drag(page, line, -30);
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
      const { context, page } = await tradeAt(lang, PHONE, o, 'pending');
      const sheet = await holdOpensSheet(page, await context.newCDPSession(page), tag(page, o, 'pending'), o);
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

it(
  'on the phone a touch held on a line opens the order’s edit sheet (and in Arabic)',
  async () => {
    const o = await buyWithStops();
    let alert: { id: number; price: string } | null = null;
    for (const lang of ['en', 'ar']) {
      const { context, page } = await tradeAt(lang, PHONE, o);
      const cdp = await context.newCDPSession(page);
      const sheet = await holdOpensSheet(page, cdp, await shownStop(page, o), o);
      await expect.poll(() => sheet.locator('input[data-field="stop-loss"]').inputValue()).toBe(o.TargetLossPrice);
      await snap(page, `chart-orders-hold-360-${lang}`);
      if (lang === 'en') {
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'detached' });
        alert = await alertFromPriceLine(page, cdp);
      } else if (alert) {
        // The alert made in English, on this fresh load: drawn at its price and named in Arabic.
        const { id, price } = alert;
        const chart = page.locator('.tw-chart[data-slot="0"]');
        await expect.poll(() => chart.getAttribute('data-alert-lines')).toBe(`${id}:${price}`);
        expect(await page.locator(`[data-testid="chart-lines-text"] li[data-alert="${id}"]`).textContent()).toBe(
          `تنبيه سعر عند \u2068${price}\u2069`, // the price isolated left to right in the Arabic sentence
        );
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'detached' });
        await snap(page, 'chart-orders-alert-line-360-ar');
      }
      await context.close();
    }
  },
  slow(120_000),
);

/**
 * A touch held on the chart away from the lines places the price line; its chip opens the alert sheet with the pressed
 * price, where a rounder price above the market is typed: the alert's line is drawn at that price exactly, named in
 * the text alternative, and neither the price line nor the crosshair the touch showed is left.
 */
async function alertFromPriceLine(page: Page, cdp: CDPSession): Promise<{ id: number; price: string }> {
  const chart = page.locator('.tw-chart[data-slot="0"]');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  // A height in the price pane away from every order's line (a hold near one opens its sheet).
  const y = await page.evaluate(() => {
    // Each line's own height (data-y): a stacked tag sits below its line, away from where a hold finds the line.
    const tops = [...document.querySelectorAll<HTMLElement>('.tw-oline:not([data-off])')].map((t) =>
      parseFloat(t.dataset.y ?? t.style.top),
    );
    // The height farthest from every line, whatever their number: a hold within a few px of one opens its sheet.
    let best = { at: 60, gap: -1 };
    for (let at = 60; at < 240; at += 2) {
      const gap = Math.min(...tops.map((top) => Math.abs(top - at)));
      if (gap > best.gap) best = { at, gap };
    }
    return best.at;
  });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: box.x + box.width / 2, y: box.y + y }],
  });
  const line = page.locator('[data-testid="price-line"]');
  await line.waitFor(); // the hold placed it (no sleep: its chip shows)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const pressed = (await line.getAttribute('data-price')) ?? '';
  // The touch's crosshair, drawn on a frame after the touch: on a busy machine a later one.
  await expect.poll(() => crosshairInk(page, '.tw-chart[data-slot="0"]')).toBeGreaterThan(0);
  // The chip is on top where it sits: an order's tag whose line runs through the chip's margin does not cover it.
  const chipOnTop = await page.evaluate(() => {
    const chip = document.querySelector('[data-testid="chart-alert"]');
    const r = chip?.getBoundingClientRect();
    return r ? chip?.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)) : false;
  });
  expect(chipOnTop).toBe(true);
  await page.locator('[data-testid="chart-alert"]').tap();
  const priceBox = page.locator('[data-testid="alert-price"]');
  expect(await priceBox.inputValue()).toBe(pressed);
  // Above both the pressed price and the market, to four places: an alert that waits.
  const close = Number(await chart.getAttribute('data-last-close'));
  const typed = (Math.ceil(Math.max(Number(pressed), close) * 1e4 + 2) / 1e4).toFixed(inst.PricePrecision);
  expect(typed).not.toBe(pressed);
  await priceBox.fill(typed);
  await page.locator('.al-cond [data-value="above"]').tap();
  await page.locator('[data-testid="alert-create"]').tap();
  await page.locator('.al-row[data-kind="price"][data-status="active"]').waitFor({ timeout: slow(10_000) });
  await page.keyboard.press('Escape');
  await priceBox.waitFor({ state: 'detached' });
  const alerts = (await get<PriceAlertsWire>('/v1/api/alerts/list')).data.alerts;
  const made = alerts.find((a) => a.status === 'active' && a.forex_id === inst.Id);
  expect(made?.price).toBe(typed);
  await expect.poll(() => chart.getAttribute('data-alert-lines')).toBe(`${made?.id}:${typed}`);
  expect(await page.locator(`[data-testid="chart-lines-text"] li[data-alert="${made?.id}"]`).innerText()).toBe(
    `Price alert at ${typed}`,
  );
  expect(await line.count()).toBe(0);
  await expect.poll(() => crosshairInk(page, '.tw-chart[data-slot="0"]')).toBe(0);
  await snap(page, 'chart-orders-alert-line-360');
  return { id: made?.id ?? 0, price: typed };
}

it(
  'in Arabic on the desk the lines keep their tags and the chart stays left to right',
  async () => {
    const o = await buyWithStops();
    const { context, page } = await tradeAt('ar', DESKTOP, o);
    expect(await tag(page, o, 'tp').textContent()).toContain(o.TargetProfitPrice);
    const [tp, box] = await Promise.all([
      tag(page, o, 'tp').boundingBox(),
      page.locator('.tw-chart[data-slot="0"]').boundingBox(),
    ]);
    // At the plot's start edge (left: the chart is not mirrored), inside the chart.
    expect((tp?.x ?? 0) - (box?.x ?? 0)).toBeLessThan(80);
    await snap(page, 'chart-orders-desk-1280-ar');
    await context.close();
  },
  slow(60_000),
);
