// Staff in /ops.html, in Chromium (docs/back-office.md): the first administrator comes from the shell's bootstrap
// file; the admin's one-time password opens only the step where she sets her own, then she scans the second factor's
// QR code (the test decodes the drawn code with jsqr and computes the authenticator's codes from the secret in it)
// and creates a finance member in the Staff tab; the finance member does the same at their first sign-in, approves a
// trader's deposit, and finds their own name in the audit search (and its CSV export). Screenshots at 360×740 and
// 1280×800.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { totpCode } from '../../server/auth/second-factor.ts';
import { DESKTOP, PHONE, downloadBytes, newPage, snap } from './browser.ts';
import { createRealUser, runOpsCommand } from './real-user.ts';
import { useOwnServerAndChrome } from './server-and-chrome.ts';

const e2e = useOwnServerAndChrome(); // own: its staff and their sign-ins

/** The secret in the second factor's QR code as the page drew it: what an authenticator app reads from the screen. */
async function secretFromQr(page: Page): Promise<string> {
  const shot = await page.locator('[data-testid="totp-qr"]').screenshot();
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(qr?.data).toMatch(/^otpauth:\/\/totp\//);
  return new URL(qr?.data ?? '').searchParams.get('secret') ?? '';
}

/**
 * Signs in on the page: password, then the code. The first time: the member's own password in place of the one-time
 * one (`own`), then the secret read from the QR code the page draws (the same as the key shown beside it).
 */
async function signInOnPage(
  page: Page,
  login: string,
  password: string,
  known?: string,
  at = Date.now(),
  own?: string,
): Promise<string> {
  await page.goto(`${e2e.server.url}/ops.html`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  if (own) {
    await page.locator('input[name="new_password"]').fill(own);
    await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  }
  await page.locator('input[name="code"]').waitFor();
  let secret = known ?? '';
  if (!known) {
    await page.locator('[data-testid="totp-qr"]').waitFor();
    secret = await secretFromQr(page);
    expect(secret).toBe((await page.locator('[data-testid="totp-secret"]').innerText()).trim());
    await snap(page, `staff-qr-${login}`);
  }
  await page.locator('input[name="code"]').fill(totpCode(secret, at));
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.locator('[data-testid="ops-who"]').waitFor();
  return secret;
}

async function depositWaiting(): Promise<void> {
  const user = await createRealUser(e2e.server);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(png)]), 'proof.png');
  const up = (await (
    await fetch(`${e2e.server.url}/api/common/image_upload`, {
      method: 'POST',
      headers: { authorization: user.token },
      body: fd,
    })
  ).json()) as { data: { url: string } };
  const nets = (await (
    await fetch(`${e2e.server.url}/api/quickCharge/info`, { headers: { authorization: user.token } })
  ).json()) as { data: Array<{ id: number; address: string }> };
  const net = nets.data[0]!;
  const qs = new URLSearchParams({
    number: '120',
    proofImg: up.data.url,
    address: net.address,
    charge_id: String(net.id),
  });
  const res = (await (
    await fetch(`${e2e.server.url}/api/quickCharge/submit?${qs}`, {
      headers: { authorization: user.token, lang: 'en' },
    })
  ).json()) as { code: number; msg: string };
  expect(res.msg).toBe('Submitted, your deposit will be credited after review');
}

it('an admin creates a finance member, who signs in with TOTP, approves a deposit and finds themself in the audit log', async () => {
  // The shell's first administrator (what `npm run ops -- staff-create --role admin` does).
  const bootstrap = readFileSync(join(e2e.server.dataDir, 'ops-bootstrap'), 'utf8').trim();
  const made = (await (
    await fetch(`${e2e.server.url}/api/ops/bootstrap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-bootstrap': bootstrap, lang: 'en' },
      body: JSON.stringify({ login: 'ada', name: 'Ada Admin', role: 'admin' }),
    })
  ).json()) as { code: number; data: { first_password: string } };
  expect(made.code).toBe(1);

  const admin = await newPage(e2e.chrome.browser, DESKTOP);
  // The one-time password opens nothing but the step where Ada chooses her own.
  await admin.page.goto(`${e2e.server.url}/ops.html`);
  await admin.page.locator('input[name="login"]').fill('ada');
  await admin.page.locator('input[name="password"]').fill(made.data.first_password);
  await admin.page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await admin.page.locator('[data-testid="own-password"]').waitFor();
  expect(await admin.page.locator('[data-testid="totp-secret"]').count()).toBe(0);
  await snap(admin.page, 'staff-own-password-desktop');
  await signInOnPage(admin.page, 'ada', made.data.first_password, undefined, Date.now(), 'Ada’s own long password');
  expect(await admin.page.locator('[data-testid="ops-who"]').innerText()).toContain('Ada Admin');
  await admin.page.locator('.ops-tabs button', { hasText: 'Staff' }).click();
  const newMember = admin.page.locator('form[aria-label="Add a member"]');
  await newMember.locator('input[name="login"]').fill('fred');
  await newMember.locator('input[name="name"]').fill('Fred Finance');
  await newMember.locator('select[name="role"]').selectOption('finance');
  await newMember.locator('button[type="submit"]').click();
  const password = (await admin.page.locator('[data-testid="first-password"]').innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await expect.poll(() => admin.page.locator('table[aria-label="Staff"]').innerText()).toContain('Fred Finance');
  await snap(admin.page, 'staff-admin-desktop');
  // An admin has no money commands.
  await admin.page.locator('.ops-tabs button', { hasText: 'Commands' }).click();
  expect(await admin.page.locator('nav button', { hasText: 'charge-approve' }).count()).toBe(0);
  await admin.context.close();

  await depositWaiting();
  let fredSecret = '';
  const fredOwn = 'Fred’s own long password';
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page } = await newPage(e2e.chrome.browser, viewport);
    if (size === 'phone') {
      fredSecret = await signInOnPage(page, 'fred', password, undefined, Date.now(), fredOwn);
      await snap(page, 'staff-finance-signed-in-phone');
    } else {
      // A second sign-in, with his own password: a code is never accepted twice, so the next step's (±1 step).
      await signInOnPage(page, 'fred', fredOwn, fredSecret, Date.now() + 30_000);
    }
    if (size === 'phone') {
      // The deposit: list → tap the row → approve.
      await (await runOpsCommand(page, 'charge-list')).locator('tbody tr').first().click();
      // The row's id fills charge-approve's form.
      const approved = await runOpsCommand(page, 'charge-approve');
      await expect.poll(() => approved.innerText()).toContain('120.00');
      // Finance sees no staff or desk commands.
      expect(await page.locator('.ops-tabs button', { hasText: 'Staff' }).count()).toBe(0);
      expect(await page.locator('nav button', { hasText: 'feed-halt' }).count()).toBe(0);
    }
    await page.locator('.ops-tabs button', { hasText: 'Audit log' }).click();
    await page.locator('form[aria-label="Search"] input[name="text"]').fill('fred');
    await page.locator('form[aria-label="Search"] button[type="submit"]').click();
    const audit = page.locator('table[aria-label="Audit log"]');
    await expect.poll(() => audit.innerText()).toContain('Fred Finance (fred)');
    expect(await audit.innerText()).toContain('charge-approve');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await downloadBytes(download)).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('id,at,who,role,address,action,params,before,after');
    expect(csv).toContain('Fred Finance (fred)');
    await snap(page, `staff-audit-${size}`);
    await context.close();
  }
});
