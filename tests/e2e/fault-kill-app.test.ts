// Fault injection, the app's side (docs/reliability.md "The app through a kill"): the server is killed with SIGKILL in
// the middle of a burst of order submits and restarted on the same data. The app in Chromium, left alone (no reload, no
// tap), comes back live and its holding list is exactly what the database holds: every acknowledged order is there, no
// half-made one.
import { expect, it } from 'vitest';
import type { Instrument, Order, OrderList } from '../../domain/types.ts';
import { PHONE, newPage, snap } from './browser.ts';
import { useOwnServerAndChrome } from './server-and-chrome.ts';
import { userGet } from './lang-page.ts';
import { createFundedUser, loginInBrowser, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

// The connection state is read from the DOM, not its visibility: some screens keep their badge hidden at phone width.
const e2e = useOwnServerAndChrome(); // own: it kills and restarts its server

const get = <T>(user: RealUser, path: string, query: Record<string, string | number> = {}) =>
  userGet<T>(e2e.server, user, path, query);

it('SIGKILL during a burst of submits: the app comes back live by itself and shows exactly the stored orders', async () => {
  const user = await createFundedUser(e2e.server, '100000', 'e2e fault');
  const list = await get<Instrument[]>(user, '/v1/api/forex/trade_list');
  const inst = list.data.find((i) => i.Code === 'EURUSD' && i.MarketStatus === 1) as Instrument;
  expect(inst).toBeTruthy();

  const { context, page } = await newPage(e2e.chrome.browser, PHONE);
  await loginInBrowser(page, e2e.server, user);
  await page.goto(`${e2e.server.url}/#/order?type=1`);
  await page.locator('.od-page').waitFor({ timeout: slow(20_000) }); // the screen's chunk is in (see the next test)
  await page
    .locator('[data-conn="live"]')
    .first()
    .waitFor({ state: 'attached', timeout: slow(20_000) });

  // Four lanes of market buys; the kill lands once 6 are acknowledged, with others in flight.
  const acked = new Set<number>();
  let stop = false;
  const lane = async (): Promise<void> => {
    while (!stop) {
      try {
        const r = await get<Order>(user, '/v1/api/forex/submit', {
          type: 1,
          cont: inst.ForexMinCont,
          forex_id: inst.Id,
          status: 1,
          multiple: inst.HasForexMultiple[0]?.Value ?? 0,
        });
        if (r.code === 1) acked.add(r.data.Id);
      } catch {
        return; // the connection died with the server: this answer never came
      }
    }
  };
  const lanes = [lane(), lane(), lane(), lane()];
  await expect.poll(() => acked.size, { timeout: slow(30_000), interval: 20 }).toBeGreaterThanOrEqual(6);
  await e2e.server.kill();
  stop = true;
  await Promise.all(lanes);
  await page
    .locator('[data-conn="reconnecting"], [data-conn="offline"]')
    .first()
    .waitFor({ state: 'attached', timeout: slow(20_000) });

  await e2e.server.start();
  await page
    .locator('[data-conn="live"]')
    .first()
    .waitFor({ state: 'attached', timeout: slow(40_000) });

  const held = await get<OrderList>(user, '/v1/api/forex/my_deal', { status: 1, page: 1 });
  expect(held.data.total).toBe(held.data.data.length); // one page: the app's first page is the whole list
  const stored = held.data.data.map((o) => String(o.Id)).sort();
  // Nothing acknowledged is lost; what the server stored but never answered is there too, whole.
  for (const id of acked) expect(stored).toContain(String(id));
  await expect
    .poll(
      async () =>
        (
          await page
            .locator('.od-row[data-status="1"]')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''))
        ).sort(),
      { timeout: slow(30_000) },
    )
    .toEqual(stored);
  await snap(page, 'orders-after-kill');
  await context.close();
});

it('a screen whose chunk fails to load while the server is away loads by itself once it answers', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE);
  await page.goto(`${e2e.server.url}/#/`);
  await page
    .locator('[data-conn="live"]')
    .first()
    .waitFor({ state: 'attached', timeout: slow(20_000) });
  // The news screen's own chunk is refused twice, as during a restart; the app must not settle on its error page.
  let refused = 0;
  await page.route(/\/assets\/news-page-[^/]+\.js$/, async (route) => {
    if (refused < 2) {
      refused++;
      await route.abort('connectionrefused');
    } else {
      await route.continue();
    }
  });
  await page.goto(`${e2e.server.url}/#/news`);
  await page
    .locator('.news-row')
    .first()
    .waitFor({ state: 'attached', timeout: slow(30_000) });
  expect(refused).toBe(2);
  await context.close();
});
