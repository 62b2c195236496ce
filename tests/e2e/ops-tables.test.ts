// The back office's result tables at 1280×800 in Chromium (/ops.html, src/ops/ops.css): `deliveries` (a list with an
// error and an address per row), `book` (a list) and `book-absorbed` (one object holding a list) each stay inside
// their card — a wide one scrolls inside its own box, never the page — so no column is cut off-screen.
import { expect, it } from 'vitest';
import { DESKTOP, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { userGet } from './lang-page.ts';
import { createFundedUser, openOpsWithToken, runOpsCommand } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();

it(
  'keeps deliveries, book and book-absorbed inside their cards at 1280 px',
  async () => {
    const user = await createFundedUser(e2e.server, '5000', 'e2e ops tables');
    const placed = await userGet(e2e.server, user, '/v1/api/forex/submit', {
      type: 1,
      cont: '0.1',
      forex_id: 1,
      status: 1,
      multiple: 100,
    });
    expect(placed.code, placed.msg).toBe(1);
    const { context, page } = await newPage(e2e.chrome.browser, DESKTOP, { locale: 'en-GB' });
    await openOpsWithToken(page, e2e.server);
    for (const name of ['deliveries', 'book', 'book-absorbed']) {
      const result = await runOpsCommand(page, name);
      await result.locator('table').first().waitFor();
      const box = await page.evaluate(() => {
        const card = document.querySelector('[aria-label="Result"]')?.getBoundingClientRect();
        const tables = [...document.querySelectorAll('[aria-label="Result"] .ops-scroll')].map((el) =>
          el.getBoundingClientRect(),
        );
        return {
          page: document.documentElement.scrollWidth,
          width: window.innerWidth,
          cardRight: card?.right ?? 0,
          tableRights: tables.map((r) => r.right),
        };
      });
      expect(box.page, name).toBeLessThanOrEqual(box.width);
      expect(box.cardRight, name).toBeLessThanOrEqual(box.width);
      for (const right of box.tableRights) expect(right, name).toBeLessThanOrEqual(box.cardRight);
      expect(box.tableRights.length, name).toBeGreaterThan(0);
      await snap(page, `ops-tables-${name}-1280`);
    }
    await context.close();
  },
  slow(90_000),
);
