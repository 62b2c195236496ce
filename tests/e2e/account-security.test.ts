// Account security end to end against the real server, in Chromium and Firefox (E2E_BROWSERS; docs/security.md
// "Second factor", "Sessions and devices", "Payout holds", "Withdrawal confirmation"): TOTP turned on, after the
// account's password (the session alone and a wrong password get no secret), from the key /mine/security shows and its
// QR code decoded (the test computes the codes as the phone would), signed out, signed in again with a code;
// a payout method added from the withdrawal's "Add now" comes back chosen and held until a day later; the withdrawal's
// summary step with its e-mail code; another device signed out from /mine/security. Screenshots at 360×740, 1280×800
// and in Arabic.
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/second-factor.ts';
import type { FlowPage } from './flow-page.ts';
import { DESKTOP, PHONE } from './browser.ts';
import { describeInFlowBrowsers } from './flow-browsers.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import {
  confirmWithdrawal,
  createFundedUser,
  createRealUser,
  loginInBrowser,
  ops,
  sessionStored,
  type RealUser,
} from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
let server: AppServer;

beforeAll(async () => {
  server = await startAppServer({}); // the real clock: the codes the test computes are the server's
});
afterAll(async () => {
  await server?.dispose();
});

const text = (page: FlowPage, sel: string) => page.locator(sel).first().innerText();

async function userCall<T>(user: RealUser, path: string, body: Record<string, string> = {}, ua?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: user.token,
      lang: 'en',
      'content-type': 'application/x-www-form-urlencoded',
      ...(ua ? { 'user-agent': ua } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

/** The page's own session token (IndexedDB, src/state/account/session.ts) posting factor/begin and /confirm alone. */
async function thiefEnrols(page: FlowPage): Promise<number[]> {
  // Both drivers await a promise the page function returns; FlowPage's type does not say so.
  return await page.evaluate(async () => {
    const token = await new Promise<string>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => reject(new Error('no session store'));
      open.onsuccess = () => {
        const get = open.result.transaction('keyval').objectStore('keyval').get('tw:session');
        get.onsuccess = () => resolve((get.result as { token: string }).token);
      };
    });
    const post = async (path: string, body: Record<string, string>) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { code: number }).code;
    };
    return [
      await post('/api/security/factor/begin', {}),
      await post('/api/security/factor/confirm', { code: '123456' }),
    ];
  });
}

/** The text of the QR code the page drew (an <img> of a data: URL), decoded as a camera would. */
async function qrText(page: FlowPage): Promise<string> {
  const src = await page.evaluate(() => document.querySelector('[data-testid="qr-code"]')?.getAttribute('src') ?? '');
  const png = Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? '';
}

describeInFlowBrowsers((browser) => {
  async function englishPage(viewport: typeof PHONE | typeof DESKTOP) {
    const { context, page } = await browser().newPage(viewport, { locale: 'en-GB' });
    await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    return { context, page };
  }

  it(
    'turns TOTP on from the key shown, signs out, and signs in again with a code',
    async () => {
      const user = await createRealUser(server);
      const { context, page } = await englishPage(PHONE);
      await loginInBrowser(page, server, user);
      await page.goto(`${server.url}/#/user`);
      await page.locator('[data-row="security"]').click();
      await page.waitForURL(/#\/mine\/security/);
      expect(await text(page, '[data-testid="factor-state"]')).toBe('Off');
      // A thief holding only this session (its token, no password) asks for a secret and confirms a code: refused.
      expect(await thiefEnrols(page)).toEqual([0, 0]);
      await page.reload();
      expect(await text(page, '[data-testid="factor-state"]')).toBe('Off');
      await page.locator('[data-testid="factor-start"]').click();
      // The session alone is not enough: a wrong password gets no secret.
      await page.locator('input[name="password"]').fill('not-my-password');
      await page.locator('[data-testid="factor-password-next"]').click();
      await expect.poll(() => page.locator('body').innerText()).toContain('The password is wrong');
      expect(await page.locator('[data-testid="factor-secret"]').count()).toBe(0);
      await browser().snap(page, 'acctsec-factor-password');
      await page.locator('input[name="password"]').fill(user.password);
      await page.locator('[data-testid="factor-password-next"]').click();
      const secret = (await text(page, '[data-testid="factor-secret"]')).trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.locator('[data-testid="qr-code"]').waitFor();
      // What the phone's camera reads from the drawn QR code: the otpauth link of the key shown beside it.
      const qr = await qrText(page);
      expect(qr).toMatch(/^otpauth:\/\/totp\//);
      expect(new URL(qr).searchParams.get('secret')).toBe(secret);
      await browser().snap(page, 'acctsec-factor-setup');
      await page.locator('input[name="code"]').fill(totpCode(secret, Date.now()));
      await page.locator('[data-testid="factor-confirm"]').click();
      await page.locator('[data-testid="recovery-codes"]').waitFor();
      expect(await page.locator('[data-testid="recovery-codes"] li').count()).toBe(10);
      await page.locator('[data-testid="recovery-done"]').click();
      await expect.poll(() => text(page, '[data-testid="factor-state"]')).toBe('On');

      // Signed out; the login asks for the code after the password, and the code signs in.
      await page.goto(`${server.url}/#/mine/system`);
      await page.locator('[data-testid="logout"]').click();
      await page.locator('.dialog .btn-danger').click();
      await page.waitForURL((u) => u.hash === '' || u.hash === '#/');
      await page.goto(`${server.url}/#/login`);
      await page.locator('input[name="account"]').fill(user.account);
      await page.locator('input[name="password"]').fill(user.password);
      await page.locator('[data-testid="login-submit"]').click();
      await page.locator('input[name="code"]').waitFor();
      expect(await page.evaluate(() => location.hash)).toMatch(/^#\/login/);
      // The next step's code: the set-up's step is spent, and ±1 step is accepted.
      await page.locator('input[name="code"]').fill(totpCode(secret, Date.now() + 30_000));
      await page.locator('[data-testid="login-submit"]').click();
      await page.waitForURL((u) => !u.hash.startsWith('#/login'));
      await sessionStored(page);
      await context.close();
    },
    slow(120_000),
  );

  it(
    'a method added from "Add now" comes back chosen and held; the summary step sends with the e-mail code',
    async () => {
      const user = await createFundedUser(server, '500', 'e2e');
      const { context, page } = await englishPage(PHONE);
      await loginInBrowser(page, server, user);
      await page.goto(`${server.url}/#/mine/withdraw`);
      await page.locator('[data-testid="bind-first"]').waitFor();
      expect(await text(page, '[data-testid="fee"]')).toBe('--');
      expect(await text(page, '[data-testid="receive"]')).toBe('--');
      await page.locator('[data-testid="withdraw-submit"]').click();
      await page.locator('[role="alertdialog"] .btn-primary').click();
      await page.waitForURL(/withdraw-way\?type=1&back=withdraw/);
      await page.locator('[data-testid="way-currencies"] [aria-checked="true"]').waitFor();
      await page.locator('input[name="dc_address"]').fill(TRON);
      await page.locator('[data-testid="bind-submit"]').click();
      await page.waitForURL(/#\/mine\/withdraw\?type=1&pick=newest/);
      await page.locator('[data-testid="withdraw-methods"] [aria-checked="true"]').waitFor();
      expect(await text(page, '[data-testid="method-held"]')).toMatch(/^Usable from /);
      await browser().snap(page, 'acctsec-method-held');
      // The server refuses it too, with the moment it is usable from.
      await page.locator('input[name="number"]').fill('100');
      expect(await text(page, '[data-testid="fee"]')).toBe('1.00 USD');

      // A method saved while the hold is 0 hours is usable at once: the summary step sends the request.
      await ops(server, 'setting-set', { key: 'payout_hold_hours', value: '0' });
      try {
        const coins = await fetch(`${server.url}/api/account/draw_symbol_list?type=1`, {
          headers: { authorization: user.token },
        }).then((r) => r.json() as Promise<{ data: Array<{ id: number; protocol: string }> }>);
        const erc = coins.data.find((c) => c.protocol === 'ERC20');
        expect(
          (
            await userCall(user, '/api/wallet/bind_draw_method', {
              type: '1',
              draw_id: String(erc?.id),
              dc_address: ETH,
            })
          ).code,
        ).toBe(1);
      } finally {
        await ops(server, 'setting-set', { key: 'payout_hold_hours', value: '24' });
      }
      await page.reload();
      await page.locator('[data-testid="withdraw-currencies"] [role="radio"]', { hasText: 'USDT-ERC20' }).click();
      await page.locator('[data-testid="withdraw-methods"] [aria-checked="true"]').waitFor();
      // The TRON method's hold note may still be on screen for a moment after the switch to ERC20.
      await expect.poll(() => page.locator('[data-testid="method-held"]').count()).toBe(0);
      await page.locator('input[name="number"]').fill('100');
      await page.locator('[data-testid="withdraw-submit"]').click();
      await page.locator('[data-testid="withdraw-summary"]').waitFor();
      expect(await text(page, '[data-testid="summary-amount"]')).toBe('100.00 USD');
      expect(await text(page, '[data-testid="summary-to"]')).toContain('ERC20');
      expect(await text(page, '[data-testid="summary-receive"]')).toMatch(/USDT$/);
      await browser().snap(page, 'acctsec-withdraw-summary');
      await confirmWithdrawal(page, server, user, true);
      await page.locator('.toast').first().waitFor();
      await expect.poll(() => text(page, '[data-testid="withdraw-history"]')).toContain('Pending');
      await context.close();
    },
    slow(120_000),
  );

  it(
    'signs another device out from /mine/security',
    async () => {
      const user = await createRealUser(server);
      const other = await fetch(`${server.url}/api/user/loginForU`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': FIREFOX_UA },
        body: new URLSearchParams({ account: user.account, password: user.password, login_type: 'email' }).toString(),
      }).then((r) => r.json() as Promise<{ data: { token: string } }>);
      const otherUser = { ...user, token: other.data.token };
      const { context, page } = await englishPage(DESKTOP);
      await loginInBrowser(page, server, user);
      await page.goto(`${server.url}/#/mine/security`);
      const row = page.locator('[data-testid="session-row"]', { hasText: 'Windows 10' });
      await row.waitFor();
      expect(await text(page, '[data-testid="session-row"][data-current="1"]')).toContain('This device');
      await browser().snap(page, 'acctsec-sessions');
      await page.locator('[data-testid="session-sign-out"][data-device*="Windows 10"]').click();
      await page.locator('.dialog .btn-danger').click();
      await expect.poll(() => page.locator('[data-testid="session-row"]', { hasText: 'Windows 10' }).count()).toBe(0);
      const info = await fetch(`${server.url}/api/user/info`, { headers: { authorization: otherUser.token } });
      expect(((await info.json()) as { code: number }).code).toBe(999);
      await context.close();
    },
    slow(120_000),
  );
});
