// 6, 7 in Chromium against the real server, one server and one browser: one-click trading turned on
// from the settings and a market order placed with the B key on the desk (1280×800); red-up chosen and a rising row
// drawn in the red; the chart's text alternative reached by its role and its table opened on a phone (360×740);
// axe on the new screens (settings cards, shortcuts sheet, bars table). Screenshots test-artifacts/keys-*.png,
// Arabic too.
import { beforeAll, expect, it } from 'vitest';
import type { Envelope, Instrument, OrderList } from '../../domain/types.ts';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { createFundedUser, type RealUser } from './real-user.ts';
import { axe, userPageAt } from './lang-page.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();
let user: RealUser;
let inst: Instrument;

/** A signed-in page of its own (a device: one-click is kept per device) at `hash`. */
const pageAt = (lang: string, size: { width: number; height: number }, hash: string) =>
  userPageAt(e2e.chrome.browser, e2e.server, user, lang, size, hash);

async function holding(): Promise<OrderList['data']> {
  const qs = new URLSearchParams({ status: '1', page: '1' });
  const res = await fetch(`${e2e.server.url}/v1/api/forex/my_deal?${qs}`, {
    headers: { authorization: user.token, lang: 'en' },
  });
  return ((await res.json()) as Envelope<OrderList>).data.data;
}

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '50000', 'e2e trader keys');
  const res = await fetch(`${e2e.server.url}/v1/api/forex/trade_list`, { headers: { lang: 'en' } });
  const list = ((await res.json()) as Envelope<Instrument[]>).data;
  inst = list.find((i) => i.Code === 'EURUSD' && i.MarketStatus === 1) as Instrument;
});

it(
  'one-click on from the settings, then B on the desk places a market order at once',
  async () => {
    const { context, page } = await pageAt('en', DESKTOP, '#/mine/system');
    await page.locator('input[data-field="one-click"]').click();
    await page.locator('[role="alertdialog"]').waitFor(); // the risk text, asked once
    await page.locator('[role="alertdialog"] .dialog__actions .btn-danger').click();
    await expect.poll(() => page.locator('input[data-field="one-click"]').isChecked()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await snap(page, 'keys-settings-1280');

    await page.goto(`${e2e.server.url}/#/`);
    // On its code, not its middle: with one-click on, the row's Buy / Sell pair sits over the sparkline.
    await page.locator(`.mk-row[data-code="${inst.Code}"] .mk-code`).first().click();
    await page.locator('[data-testid="one-click-bar"]').waitFor();
    await page.keyboard.press('?');
    await page.locator('[data-testid="shortcuts-sheet"]').waitFor();
    expect(await axe(page)).toEqual([]);
    await snap(page, 'keys-shortcuts-1280');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="shortcuts-sheet"]').waitFor({ state: 'detached' });

    const before = (await holding()).length;
    await page.keyboard.press('b');
    await expect.poll(async () => (await holding()).length, { timeout: slow(15_000) }).toBe(before + 1);
    const placed = (await holding()).find((o) => o.ForexTradeLists.Code === inst.Code);
    expect(placed?.OrderType).toBe(1);
    expect(Number(placed?.Quantity)).toBe(Number(inst.ForexMinCont)); // the form's first draft: never traded before
    await snap(page, 'keys-one-click-1280');
    // Typing in a field is not a shortcut: S in the lots field sends nothing.
    await page.locator('input[data-field="lots"]').focus();
    await page.keyboard.press('s');
    await expect(page.locator('input[data-field="lots"]').inputValue()).resolves.toContain('s');
    expect((await holding()).length).toBe(before + 1);
    await context.close();

    const ar = await pageAt('ar', DESKTOP, '#/'); // one-click is per device: off here, so B focuses the form
    await ar.page.locator(`.mk-row[data-code="${inst.Code}"]`).first().click();
    await ar.page.keyboard.press('b');
    await expect.poll(() => ar.page.evaluate(() => document.activeElement?.getAttribute('data-field'))).toBe('lots');
    await ar.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // out of the field: keys work again
    await ar.page.keyboard.press('?');
    await ar.page.locator('[data-testid="shortcuts-sheet"]').waitFor();
    await snap(ar.page, 'keys-shortcuts-1280-ar');
    await ar.context.close();
  },
  slow(150_000),
);

it(
  'red-up draws a rising row in the red; the chart has a text alternative and a table of bars',
  async () => {
    const { context, page } = await pageAt('en', PHONE, '#/mine/system');
    await page.locator('[data-testid="updown-setting"] [data-value="red-up"]').click();
    await page.goto(`${e2e.server.url}/#/`);
    // The direction is on the change box itself (market-row.tsx), the open state on the row.
    const rising = page.locator('.mk-row[data-open="true"] .mk-change[data-dir="up"]').first();
    await rising.waitFor({ timeout: slow(20_000) });
    await expect.poll(() => rising.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 44)');
    await snap(page, 'keys-red-up-360');

    await page.goto(`${e2e.server.url}/#/trade`);
    const region = page.getByRole('region', { name: /chart as text/ });
    await expect.poll(() => region.ariaSnapshot(), { timeout: slow(20_000) }).toMatch(/Last price \d/);
    await region.getByRole('button', { name: /bars as a table/ }).click();
    const table = page.getByTestId('chart-table'); // the chart library lays its canvases out in a table of its own
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await axe(page)).toEqual([]);
    await snap(page, 'keys-chart-table-360');
    await context.close();

    const ar = await pageAt('ar', PHONE, '#/mine/system');
    await ar.page.locator('[data-testid="updown-setting"]').waitFor();
    await snap(ar.page, 'keys-settings-360-ar');
    await ar.page.goto(`${e2e.server.url}/#/trade`);
    await ar.page.locator('[data-action="chart-table"]').click();
    await ar.page.getByTestId('chart-table').waitFor();
    await snap(ar.page, 'keys-chart-table-360-ar');
    await ar.context.close();
  },
  slow(150_000),
);
