// Deposits end to end at 360×740 against the real server: a registered (real) user logs in, files a USDT coin charge
// with a proof image on /mine/charge (the §8 toast, the history row "under review"), an operator approves it through
// the ops API (the same command the back-office page and `npm run ops` run), and /mine/history shows the new
// available balance and the deposit record. Screenshots of every wallet screen at 360×740 and 1280×800.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Envelope } from '../../src/domain/types.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap, type LaunchedBrowser } from './browser.ts';
import { startAppServer, type AppServer } from './app-server.ts';

let server: AppServer;
let chrome: LaunchedBrowser;
let opsToken: string;
const hk = JSON.parse(readFileSync('locales/hk.json', 'utf8')) as { server: { charge_submitted: string } };

beforeAll(async () => {
  server = await startAppServer();
  chrome = await launchBrowser();
  opsToken = readFileSync(join(server.dataDir, 'ops-token'), 'utf8').trim();
});

afterAll(async () => {
  await chrome?.close();
  await server?.dispose();
});

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, init);
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

/** Runs a back-office command over the ops API, as the page and the CLI do. */
function ops<T>(name: string, args: Record<string, string>): Promise<T> {
  return call<T>(`/api/ops/run/${name}`, {
    method: 'POST',
    headers: { 'x-ops-token': opsToken, 'content-type': 'application/json', lang: 'en' },
    body: JSON.stringify(args),
  });
}

/** A real account through the real routes; the verification code is read from the outbox by an operator. */
async function registerReal(email: string, password: string): Promise<void> {
  const form = (o: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
    body: new URLSearchParams(o).toString(),
  });
  await call('/api/notify/send_email', form({ to: email, type: '1' }));
  const outbox = await ops<Array<{ body: string }>>('outbox', { to: email });
  const code = /\b(\d{6})\b/.exec(outbox[0]?.body ?? '')?.[1];
  expect(code).toBeTruthy();
  await call('/api/user/register', form({ type: 'email', account: email, password, re_password: password, sms_code: code ?? '' }));
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/#/login`);
  await page.locator('input[name="account"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
}

const pngProof = (): Promise<Buffer> =>
  sharp({ create: { width: 240, height: 160, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();

it('deposits with a proof image, is approved, and sees the balance and record', async () => {
  const email = `deposit-e2e-${Date.now()}@example.com`;
  const password = 'secret-pass-1';
  await registerReal(email, password);

  const { context, page } = await newPage(chrome.browser, PHONE, { locale: 'en-US' });
  await login(page, email, password);

  // The coin form: USDT on TRC20, its address with a 160 px QR code.
  await page.goto(`${server.url}/#/mine/charge`);
  await page.locator('[data-network="USDT-TRC20"]').click();
  const qr = page.locator('[data-testid="address-qr"]');
  await qr.waitFor();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([160, 160]);
  expect(await page.locator('[data-testid="deposit-address"]').innerText()).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

  // Submitting without an amount says so and sends nothing.
  await page.locator('[data-action="submit-charge"]').click();
  await page.locator('.wl-form [role="alert"]').waitFor();

  await page.locator('input[name="number"]').fill('250.5');
  await page.locator('[data-testid="proof-input"]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() });
  await page.locator('[data-testid="proof-preview"][data-state="done"]').waitFor({ timeout: 15_000 });
  await snap(page, 'charge-coin-filled');
  await page.locator('[data-action="submit-charge"]').click();
  // The §8 toast: the server's msg in the page's language (the default, traditional Chinese).
  await page.locator('.toast', { hasText: hk.server.charge_submitted }).first().waitFor({ timeout: 15_000 });
  const row = page.locator('[data-testid="charge-history"] .wl-charge').first();
  await row.waitFor();
  expect(await row.getAttribute('data-status')).toBe('0');
  expect(await row.innerText()).toContain('USDT');
  await snap(page, 'charge-submitted');

  // The operator approves it: 250.5 USDT at 1 USDT per USD.
  const pending = await ops<Array<{ id: number; uid: string; usd: string }>>('charge-list', { status: '0' });
  const mine = pending[0];
  expect(mine?.usd).toBe('250.50');
  await ops('charge-approve', { id: String(mine?.id) });

  // The history screen shows the new balance and the deposit record.
  await page.goto(`${server.url}/#/mine/history`);
  await expect.poll(() => page.locator('[data-testid="funds-available"]').innerText(), { timeout: 15_000 }).toBe('250.50');
  const record = page.locator('.wl-record[data-type="31"]');
  await record.waitFor();
  expect(await record.innerText()).toContain('+250.50');
  await snap(page, 'history-phone');

  // The charge history now says completed, with the USD credited.
  await page.goto(`${server.url}/#/mine/charge`);
  const done = page.locator('[data-testid="charge-history"] .wl-charge').first();
  await expect.poll(() => done.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
  await context.close();
});

it('shows every wallet screen at phone and desktop size', async () => {
  const email = `wallet-shots-${Date.now()}@example.com`;
  const password = 'secret-pass-1';
  await registerReal(email, password);
  await ops('user-credit', { user: email, amount: '1234.56', memo: 'welcome bonus' });
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    const { context, page } = await newPage(chrome.browser, viewport, { locale: 'en-US' });
    await login(page, email, password);
    await page.goto(`${server.url}/#/mine/charge`);
    await page.locator('[data-testid="address-qr"]').waitFor();
    await snap(page, `charge-coin-${size}`);
    await page.goto(`${server.url}/#/mine/charge?type=1`);
    await page.locator('.wl-bank').first().click();
    await page.locator('.wl-bank__details').waitFor();
    await snap(page, `charge-bank-${size}`);
    await page.goto(`${server.url}/#/mine/history`);
    await page.locator('.wl-record[data-type="35"]').waitFor();
    await snap(page, `history-${size}`);
    await page.goto(`${server.url}/#/mine/wallet`);
    await page.locator('.wl-row[data-row="bank-cards"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="funds-available"]').innerText()).toBe('1,234.56');
    await snap(page, `wallet-${size}`);
    await page.goto(`${server.url}/#/user`);
    await expect.poll(() => page.locator('[data-testid="balance-amount"]').innerText()).toBe('1,234.56');
    await snap(page, `user-${size}`);
    await context.close();
  }
});
