// Withdraw screens at 360×740 beyond the main money flow (tests/e2e/money.test.ts): with nothing bound, the submit
// asks to bind first and the confirm opens /mine/withdraw-way?type=1 (coin) or 2 (bank); a saved address is removed
// by swiping its row and confirming (cancel keeps it), on the screen and on the server.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { createFundedUser, loginInBrowser, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const e2e = useServerAndChrome();
let user: RealUser;

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '300', 'e2e');
});

async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<T> {
  const qs = new URLSearchParams(params).toString();
  const res = await fetch(`${e2e.server.url}${path}${method === 'GET' ? `?${qs}` : ''}`, {
    method,
    headers: { authorization: user.token, lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
    ...(method === 'POST' ? { body: qs } : {}),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

/** A finger drags the row's body `dx` px sideways (touch events, as a phone sends them). */
async function swipe(page: Page, selector: string, dx: number): Promise<void> {
  await page.locator(selector).evaluate((el, d) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    const x0 = r.right - 20;
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
    const fire = (type: string, x: number, down: boolean) =>
      el.dispatchEvent(
        new TouchEvent(type, {
          touches: down ? [touch(x)] : [],
          changedTouches: [touch(x)],
          bubbles: true,
          cancelable: true,
        }),
      );
    fire('touchstart', x0, true);
    fire('touchmove', x0 + d / 2, true);
    fire('touchmove', x0 + d, true);
    fire('touchend', x0 + d, false);
  }, dx);
}

it('asks to bind a method first, then deletes a saved address by swipe and confirm', async () => {
  const { page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
  await page.addInitScript(() => (document.cookie = 'lang=en; path=/'));
  await loginInBrowser(page, e2e.server, user);

  // Nothing bound: the submit opens the not-bound confirm; accepting it goes to the coin binding form.
  await page.goto(`${e2e.server.url}/#/mine/withdraw`);
  await page.locator('[data-testid="bind-first"]').waitFor();
  // The fee shows "--" until an amount is typed: never a quote of "0 USD" (docs/screens: the withdrawal).
  await page.locator('input[name="number"]').fill('5');
  await expect.poll(() => page.locator('[data-testid="fee"]').innerText(), { timeout: slow(15_000) }).toMatch(/USD$/);
  await page.locator('input[name="number"]').fill('');
  expect(await page.locator('[data-testid="fee"]').innerText()).toBe('--');
  await page.locator('[data-testid="withdraw-submit"]').click();
  const dialog = page.locator('[role="alertdialog"]');
  await dialog.waitFor();
  await dialog.locator('.btn-primary').click();
  await page.waitForURL(/#\/mine\/withdraw-way\?type=1&back=withdraw$/);

  // The bank tab sends to the bank form.
  await page.goto(`${e2e.server.url}/#/mine/withdraw`);
  await page.locator('[role="tab"]', { hasText: 'Bank' }).click();
  // The coin tab's "bind first" is on screen already: wait for the bank tab itself before submitting.
  await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Bank' }).waitFor();
  await page.locator('[data-testid="bind-first"]').waitFor();
  await page.locator('[data-testid="withdraw-submit"]').click();
  await dialog.waitFor();
  await dialog.locator('.btn-primary').click();
  await page.waitForURL(/#\/mine\/withdraw-way\?type=2&back=withdraw$/);

  // A saved address: a swipe reveals delete; cancel keeps it, confirm removes it here and on the server.
  const [coin] = await call<Array<{ id: number }>>('GET', '/api/account/draw_symbol_list', { type: '1' });
  await call('POST', '/api/wallet/bind_draw_method', { type: '1', draw_id: String(coin?.id), dc_address: TRON });
  await page.goto(`${e2e.server.url}/#/mine/coin-address-list`);
  const row = page.locator('[data-testid^="method-"]').first();
  await row.waitFor();
  expect(await row.getAttribute('data-open')).toBe('false');
  await snap(page, 'withdraw-address-row-phone');
  await swipe(page, '[data-testid^="method-"] .mw-swipe__body', -120);
  await expect.poll(() => row.getAttribute('data-open')).toBe('true');
  // Fully revealed once the slide ends: the body's right edge reaches the delete button's left edge.
  const edges = async () => {
    const body = await row.locator('.mw-swipe__body').boundingBox();
    const del = await row.locator('.mw-swipe__delete').boundingBox();
    return body && del ? Math.round(body.x + body.width - del.x) : null;
  };
  await expect.poll(edges).toBeLessThanOrEqual(0);
  await snap(page, 'withdraw-address-swiped-phone');
  await row.locator('.mw-swipe__delete').click();
  await dialog.locator('.btn-secondary').click();
  await dialog.waitFor({ state: 'detached' });
  expect(await call<unknown[]>('GET', '/api/wallet/get_draw_method', { draw_type: '1' })).toHaveLength(1);
  await row.locator('.mw-swipe__delete').click();
  await dialog.locator('.btn-danger').click();
  await page.locator('[data-testid="methods"]').waitFor({ state: 'detached' });
  expect(await call<unknown[]>('GET', '/api/wallet/get_draw_method', { draw_type: '1' })).toEqual([]);
});
