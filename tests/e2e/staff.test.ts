// Staff in /ops.html, in Chromium (docs/back-office.md): the first administrator comes from the shell's bootstrap
// file; the admin signs in with a TOTP second factor and creates a finance member in the Staff tab; the finance
// member signs in with their own factor, approves a trader's deposit, and finds their own name in the audit
// search (and its CSV export). Screenshots at 360×740 and 1280×800.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { totpCode } from '../../server/auth/second-factor.ts';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { createRealUser } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

const e2e = useServerAndChrome();

/** Signs in on the page: password, then the code; the first time, the secret the page shows. */
async function signInOnPage(
  page: Page,
  login: string,
  password: string,
  known?: string,
  at = Date.now(),
): Promise<string> {
  await page.goto(`${e2e.server.url}/ops.html`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.locator('input[name="code"]').waitFor();
  const secret = known ?? (await page.locator('[data-testid="totp-secret"]').innerText()).trim();
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
  await signInOnPage(admin.page, 'ada', made.data.first_password);
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
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page } = await newPage(e2e.chrome.browser, viewport);
    if (size === 'phone') {
      fredSecret = await signInOnPage(page, 'fred', password);
      await snap(page, 'staff-finance-signed-in-phone');
    } else {
      // A second sign-in: a code is never accepted twice, so the next step's (within the ±1 step window).
      await signInOnPage(page, 'fred', password, fredSecret, Date.now() + 30_000);
    }
    if (size === 'phone') {
      // The deposit: list → tap the row → approve.
      await page.locator('nav button', { hasText: 'charge-list' }).click();
      await page.locator('form[aria-label="charge-list"] button[type="submit"]').click();
      await page.locator('[aria-label="Result"] tbody tr').first().click();
      await page.locator('nav button', { hasText: 'charge-approve' }).click();
      await page.locator('form[aria-label="charge-approve"] button[type="submit"]').click();
      await expect.poll(() => page.locator('[aria-label="Result"]').innerText()).toContain('120.00');
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
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,at,who,role,address,action,params,before,after');
    expect(csv).toContain('Fred Finance (fred)');
    await snap(page, `staff-audit-${size}`);
    await context.close();
  }
});
