// Two-sided prices seen by a trader (docs/trading.md "Bid and ask"): the dealer gives EURUSD a 10-pip mark-up
// (`feed-spread`), a demo user buys 0.1 lot, and /order shows the entry at the ask (exactly the spread above the bid
// the server quoted at the fill) and the position's current price and floating P&L at the bid, as the worker marks it.
import { afterAll, expect, it } from 'vitest';
import { dec } from '../../domain/decimal.ts';
import type { Envelope, Order } from '../../domain/types.ts';
import { PHONE, newPage, snap } from './browser.ts';
import { ops, demoLoginInBrowser } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';

// The shared server: the files of a run go one at a time, and the spread is put back to one price after this one.
const e2e = useServerAndChrome();
const SPREAD = '0.00100'; // 100 points on a 5-decimal price

afterAll(async () => {
  await ops(e2e.server, 'feed-spread', { code: 'EURUSD', points: '0' });
});

it('a demo buy shows its entry at the ask and its floating P&L at the bid', async () => {
  await ops(e2e.server, 'feed-spread', { code: 'EURUSD', points: '100' });
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await demoLoginInBrowser(page, e2e.server.url);
  const demoId = await page.evaluate(() => localStorage.getItem('tw:demo-id'));
  const login = (await (
    await fetch(`${e2e.server.url}/api/user/createAccountDemoForU?demo_id=${demoId ?? ''}`)
  ).json()) as Envelope<{ token: string }>;
  // The mark-up applies from the next quote: the trade header shows it before the buy, as a trader would see it.
  await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
  await expect
    .poll(() => page.locator('[data-testid="quote-sides"] [data-field="spread"]').first().innerText(), {
      timeout: slow(20_000),
    })
    .toBe('100');
  const q = new URLSearchParams({ type: '1', cont: '0.1', forex_id: '1', status: '1', multiple: '100' });
  const res = (await (
    await fetch(`${e2e.server.url}/v1/api/forex/submit?${q}`, {
      headers: { authorization: login.data.token, lang: 'en' },
    })
  ).json()) as Envelope<Order>;
  expect(res.msg).toBe('success');
  const order = res.data;
  // Filled at the ask: the price the server answered is exactly the spread above the bid it marks the position at.
  expect(dec(order.Price).minus(order.UpdatePrice).eq(SPREAD)).toBe(true);

  await page.goto(`${e2e.server.url}/#/order?type=1`);
  const row = page.locator(`.od-row[data-id="${order.Id}"]`);
  await row.waitFor({ timeout: slow(15_000) });
  expect((await row.locator('.od-prices > span').first().innerText()).replace(/,/g, '')).toBe(order.Price);
  // Read the shown current price and P&L in one go (one painted batch): the P&L is the bid's.
  await expect
    .poll(
      async () => {
        const shown = await row.evaluate((el) => ({
          current: el.querySelector('[data-field="current"]')?.textContent ?? '',
          pnl: el.querySelector('[data-field="pnl"]')?.textContent ?? '',
        }));
        const current = dec(shown.current.replace(/[^\d.]/g, '') || '0');
        const pnl = dec(shown.pnl.replace(/\u2212/g, '-').replace(/[^\d.-]/g, '') || '0');
        // 0.1 lot × 100000 units: P&L = (current − entry) × 10000, and current sits about the spread below the entry.
        const fromBid = current.minus(order.Price).times(10_000);
        return pnl.minus(fromBid).abs().lte('0.000001') && dec(order.Price).minus(current).gt('0.00050');
      },
      { timeout: slow(20_000) },
    )
    .toBe(true);
  await snap(page, 'spread-order-holding');
  await context.close();
});
