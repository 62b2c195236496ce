// Every money figure on the trader's routes is written by the one formatter of its kind (docs/client.md "Money on
// screen"), end to end in Chromium at 360×740 and 1280×800: a demo account with an open position walks the market,
// orders and user center screens; no screen shows a six-decimal USD figure ("−1110.070000"), and the
// balance is grouped ("99,891.29").
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Envelope } from '../../domain/types.ts';
import { DESKTOP, PHONE, newPage } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';
import { demoLoginInBrowser } from './real-user.ts';

const e2e = useServerAndChrome();
// A USD amount in the wire's six decimals: four or more whole digits ("1110.070000"), or a signed P&L ("+0.000000").
const SIX_DECIMALS = /-?\d{4,}\.\d{6}(?!\d)|[+-]\d+\.\d{6}(?!\d)/;
const GROUPED = /\d{1,3}(,\d{3})+\.\d{2}/;

async function openPosition(page: Page): Promise<void> {
  const demoId = await page.evaluate(() => localStorage.getItem('tw:demo-id'));
  const login = (await (
    await fetch(`${e2e.server.url}/api/user/createAccountDemoForU?demo_id=${demoId}`)
  ).json()) as Envelope<{ token: string }>;
  const q = new URLSearchParams({ type: '1', cont: '0.1', forex_id: '1', status: '1', multiple: '100' });
  const res = await fetch(`${e2e.server.url}/v1/api/forex/submit?${q}`, {
    headers: { authorization: login.data.token, lang: 'en' },
  });
  expect(((await res.json()) as Envelope<unknown>).code).toBe(1);
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desk', DESKTOP],
] as const) {
  it(
    `shows no six-decimal money and groups the balance on every route (${size})`,
    async () => {
      const { context, page } = await newPage(e2e.chrome.browser, viewport, { locale: 'en-GB' });
      await context.addCookies([{ name: 'lang', value: 'en', url: e2e.server.url }]);
      await demoLoginInBrowser(page, e2e.server.url);
      await openPosition(page);
      for (const [route, ready, grouped] of [
        ['/', '.mk-row', false],
        ['/order?type=1', '.od-row[data-status="1"] [data-field="pnl"]', true],
        ['/user', '[data-testid="user-name"]', true],
      ] as const) {
        await page.goto(`${e2e.server.url}/#${route}`);
        await page.locator(ready).first().waitFor();
        // Once the figures are in (the grouped balance), nothing on the screen is six-decimal money.
        if (grouped) await expect.poll(() => page.locator('body').innerText()).toMatch(GROUPED);
        const text = await page.locator('body').innerText();
        expect(text.match(SIX_DECIMALS)?.[0] ?? null, route).toBeNull();
      }
      await context.close();
    },
    slow(120_000),
  );
}
