// The dealing desk seen by a trader (docs/market-data.md): an instrument halted with `feed-halt` shows "Halted" in the
// market list and on /trade, where the order form gives the desk's reason and buy/sell are disabled; resumed, it
// trades again; /ops.html shows the price desk. English, Arabic; phone and desktop screenshots.
import { afterAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, newPage, resizeTo, snap } from './browser.ts';
import { pageIn, pickLanguage } from './lang-page.ts';
import { openOpsWithToken, ops, runOpsCommand } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';

// The shared server: the files of a run go one at a time, and EURUSD is resumed by the test (and after it, if it failed).
const e2e = useServerAndChrome();
afterAll(async () => {
  await ops(e2e.server, 'feed-resume', { code: 'EURUSD' }).catch(() => undefined); // not halted: nothing to resume
});
const REASON = 'Price check with the liquidity provider';

it("a halted instrument shows Halted and the desk's reason; resumed, it trades again", async () => {
  await ops(e2e.server, 'feed-halt', { code: 'EURUSD', reason: REASON });
  // One visitor's page, each look in turn: resized, Arabic picked in the app.
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', PHONE);
  for (const [lang, size, viewport] of [
    ['en', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
    ['ar', 'phone', PHONE],
  ] as const) {
    await resizeTo(page, viewport);
    await page.goto(`${e2e.server.url}/#/`);
    if (lang === 'ar') await pickLanguage(page, lang);
    const row = page.locator('.mk-row[data-code="EURUSD"]').filter({ visible: true });
    await row.locator('[data-halted]').waitFor({ timeout: slow(15_000) });
    expect(await row.locator('[data-halted]').getAttribute('title')).toBe(REASON);
    await snap(page, `feed-halt-market-${lang}-${size}`);
    await row.click(); // a phone goes to /trade; the desktop market screen shows the trade panel beside the list
    if (size === 'phone') await page.waitForURL(/#\/trade/);
    const blocked = page.locator('.tr-blocked[data-reason="trade.halted"]').filter({ visible: true });
    await blocked.waitFor({ timeout: slow(15_000) });
    expect(await blocked.innerText()).toContain(REASON);
    expect(await page.locator('.tr-head [data-halted]').filter({ visible: true }).count()).toBe(1);
    await snap(page, `feed-halt-trade-${lang}-${size}`);
  }
  // Resumed, the same page lifts the halt as it is told, and the instrument trades again.
  await ops(e2e.server, 'feed-resume', { code: 'EURUSD' });
  await page.locator('.tr-head .tr-change').filter({ visible: true }).waitFor();
  await expect
    .poll(() => page.locator('.tr-blocked[data-reason="trade.halted"]').count(), { timeout: slow(15_000) })
    .toBe(0);
  expect(await page.locator('.tr-head [data-halted]').count()).toBe(0);
  await context.close();
});

it('/ops.html shows the price desk: each source with its state, symbols, ticks/s and refused ticks', async () => {
  const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await openOpsWithToken(page, e2e.server);
  const result = await runOpsCommand(page, 'feeds');
  await expect.poll(() => result.innerText()).toContain('simulator');
  expect(await result.innerText()).toContain('ticks_per_s');
  await snap(page, 'feed-ops-phone');
  await resizeTo(page, DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0)); // the phone's scroll to the result, where the desk has the nav
  await snap(page, 'feed-ops-desktop');
  await context.close();
});
