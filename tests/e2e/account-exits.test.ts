// Leaving an account, end to end in Chromium at 360×740 and 1280×800 (docs/security.md "Sessions and devices"): the
// log-out row at the end of the user center and on the security page signs out; a device signed out from another
// one is told so with the time — while open, and when it opens again — not "login expired".
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { createRealUser, loginInBrowser, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';
import { recordToasts, toastsShown } from './toasts.ts';

const e2e = useServerAndChrome();
const ELSEWHERE = /^You were signed out from another device at .*\d{1,2}:\d{2}.*\. Please log in again$/;

async function englishPage(viewport: typeof PHONE | typeof DESKTOP) {
  const opened = await newPage(e2e.chrome.browser, viewport, { locale: 'en-GB' });
  await opened.context.addCookies([{ name: 'lang', value: 'en', url: e2e.server.url }]);
  return opened;
}

/** Ends every session of the account but the one `user.token` names, as "sign out all others" on another device. */
async function signOutOthers(user: RealUser): Promise<void> {
  const res = await fetch(`${e2e.server.url}/api/security/sessions/revoke_others`, {
    method: 'POST',
    headers: { authorization: user.token, lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(1);
}

async function logOutFrom(page: Page, hash: string, shot: string): Promise<void> {
  await page.goto(`${e2e.server.url}/#${hash}`);
  const button = page.locator('[data-testid="logout"]');
  await button.scrollIntoViewIfNeeded();
  await snap(page, shot);
  await button.click();
  await page.locator('.dialog .btn-danger').click();
  await page.waitForURL((u) => u.hash === '' || u.hash === '#/');
  await expect.poll(() => toastsShown(page)).toContain('Logged out');
  // Signed out for real: the user center asks for a login.
  await page.goto(`${e2e.server.url}/#/user`);
  await page.waitForURL(/#\/login/);
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desk', DESKTOP],
] as const) {
  it(
    `logs out from the end of the user center and from the security page (${name})`,
    async () => {
      const user = await createRealUser(e2e.server);
      const { context, page } = await englishPage(viewport);
      await recordToasts(page);
      await loginInBrowser(page, e2e.server, user);
      await page.goto(`${e2e.server.url}/#/user`);
      const rows = page.locator('.user-row');
      await rows.last().waitFor();
      // The log-out row comes after the last row of the user center.
      const lastRow = await rows.last().boundingBox();
      const logout = await page.locator('[data-testid="logout"]').boundingBox();
      expect(logout && lastRow && logout.y >= lastRow.y + lastRow.height).toBe(true);
      await logOutFrom(page, '/user', `exits-user-center-${name}`);
      await loginInBrowser(page, e2e.server, user);
      await logOutFrom(page, '/mine/security', `exits-security-${name}`);
      await context.close();
    },
    slow(120_000),
  );

  it(
    `a device signed out from another one is told so, with the time (${name})`,
    async () => {
      const user = await createRealUser(e2e.server);
      const { context, page } = await englishPage(viewport);
      await recordToasts(page);
      await loginInBrowser(page, e2e.server, user);
      await page.goto(`${e2e.server.url}/#/user`);
      await page.locator('.user-row').first().waitFor();
      await signOutOthers(user);
      // Open: the live socket says so at once, and the app goes to the login.
      await page.waitForURL(/#\/login/);
      await expect.poll(async () => (await toastsShown(page)).some((t) => ELSEWHERE.test(t))).toBe(true);
      expect((await toastsShown(page)).join('\n')).not.toContain('expired');
      await snap(page, `exits-elsewhere-${name}`);

      // Closed meanwhile: opening the app again says the same.
      await loginInBrowser(page, e2e.server, user);
      await page.goto('about:blank');
      await signOutOthers(user);
      await page.goto(`${e2e.server.url}/#/user`);
      await expect.poll(async () => (await toastsShown(page)).some((t) => ELSEWHERE.test(t))).toBe(true);
      expect((await toastsShown(page)).join('\n')).not.toContain('expired');
      await context.close();
    },
    slow(120_000),
  );
}
