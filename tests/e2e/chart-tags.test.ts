// Order tags that would overlap on the chart (docs/screens.md "Positions and orders on the chart"), in Chromium at
// 360×740 (Arabic, touch) and 1280×800 (English, mouse): two buys at one price drew one "Buy 0.01" tag over the other,
// hiding its P&L and taking its taps. Both tags show whole, apart, and a tap or click at each one's centre opens the
// sheet of the order it names. The orders are placed through the API. Screenshots: test-artifacts/chart-tags-*.png.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Instrument, Order } from '../../domain/types.ts';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { userGet, userPageAt } from './lang-page.ts';
import { createFundedUser, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();
let user: RealUser;
let inst: Instrument;

async function buy(): Promise<Order> {
  const placed = await userGet<Order>(e2e.server, user, '/v1/api/forex/submit', {
    type: 1,
    cont: inst.ForexMinCont,
    forex_id: inst.Id,
    status: 1,
    target_profit_price: 0,
    stop_loss_price: 0,
    multiple: inst.HasForexMultiple[0]?.Value ?? 0,
  });
  expect(placed.code, placed.msg).toBe(1);
  return placed.data;
}

/** The tag of `o`'s entry line, as drawn (shown, not off the scale). */
const entryTag = (page: Page, o: Order) => page.locator(`.tw-oline[data-line="${o.Id}:entry"]:not([data-off])`);

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '20000', 'e2e chart tags');
  const list = await userGet<Instrument[]>(e2e.server, user, '/v1/api/forex/trade_list');
  const open = list.data.filter((i) => i.MarketStatus === 1);
  inst = open.find((i) => i.Code === 'EURUSD') ?? (open[0] as Instrument);
});

for (const [name, size, lang] of [
  ['phone', PHONE, 'ar'],
  ['desk', DESKTOP, 'en'],
] as const) {
  it(
    `two orders at one price draw two whole tags, and each tap reaches its own order (${name})`,
    async () => {
      const orders = [await buy(), await buy()];
      const { context, page } = await userPageAt(
        e2e.chrome.browser,
        e2e.server,
        user,
        lang,
        size,
        `#/trade?code=${inst.Code}`,
      );
      for (const o of orders) await entryTag(page, o).waitFor({ timeout: slow(20_000) });
      const boxes = await Promise.all(orders.map((o) => entryTag(page, o).boundingBox()));
      const [a, b] = boxes.map((x) => x ?? { x: 0, y: 0, width: 0, height: 0 }).sort((p, q) => p.y - q.y);
      expect(a && b && a.y + a.height <= b.y).toBe(true); // apart: neither covers the other
      await snap(page, `chart-tags-${name}-${lang}`);
      for (const o of orders) {
        const box = await entryTag(page, o).boundingBox();
        if (!box) throw new Error('no tag');
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        // What a finger or the mouse lands on at the tag's centre is that tag.
        const landed = await page.evaluate(
          ([px, py]) => document.elementFromPoint(px ?? 0, py ?? 0)?.closest<HTMLElement>('.tw-oline')?.dataset.line,
          [x, y],
        );
        expect(landed).toBe(`${o.Id}:entry`);
        if (name === 'phone') await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
        const sheet = page.locator(`[data-testid="chart-order-sheet"][data-order="${o.Id}"]`);
        await sheet.waitFor({ timeout: slow(10_000) });
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'detached' });
      }
      await context.close();
    },
    slow(120_000),
  );
}
