// End to end at 360×740 against the real server: a real user deposits with a proof image, an operator
// approves it in the back-office page, the balance shows it; the user binds a TRC20 address (a mistyped one is
// refused), withdraws with the docs/contract.md §5 fee preview, sees the frozen amount; the operator rejects it from the
// command line and the amount is released; real-name goes from the form to waiting to finish. Screenshots of every
// money screen at 360×740 and 1280×800 land in test-artifacts/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FlowPage } from './flow-page.ts';
import { DESKTOP, PHONE, resizeTo } from './browser.ts';
import { describeInFlowBrowsers } from './flow-browsers.ts';
import type { AppServer } from './app-server.ts';
import { sharedOrOwnServer } from './server-and-chrome.ts';
import {
  confirmWithdrawal,
  changeSetting,
  createRealUser,
  loginInBrowser,
  openOpsWithToken,
  ops,
  type RealUser,
  demoLoginInBrowser,
} from './real-user.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
let server: AppServer;
let user: RealUser;
let proofFile = '';
const proofDir = mkdtempSync(join(tmpdir(), 'tickwise-proof-'));
/** Puts back the payout hold this file lifts: the run's shared server outlives the file. */
let putBackHold = (): Promise<void> => Promise.resolve();

beforeAll(async () => {
  server = await sharedOrOwnServer();
  user = await createRealUser(server);
  // A new address is usable at once here: the payout hold has its own flow (tests/e2e/account-security.test.ts).
  putBackHold = await changeSetting(server, 'payout_hold_hours', '0');
  proofFile = join(proofDir, 'proof.png');
  await sharp({ create: { width: 400, height: 240, channels: 3, background: '#2b64f5' } })
    .png()
    .toFile(proofFile);
});

afterAll(async () => {
  await putBackHold();
  await server?.dispose();
  rmSync(proofDir, { recursive: true, force: true });
});

const text = (page: FlowPage, sel: string) => page.locator(sel).first().innerText();
const money = async (page: FlowPage) => ({
  available: await text(page, '[data-testid="available"]'),
  frozen: await text(page, '[data-testid="frozen"]'),
});

async function attach(page: FlowPage, picker: string): Promise<void> {
  await page.locator(`[data-testid="${picker}"] input[type="file"]`).setInputFiles(proofFile);
  await page.locator(`[data-testid="${picker}"][data-state="done"]`).waitFor();
}

describeInFlowBrowsers((browser) => {
  it('deposits, is approved in the back office, binds an address, withdraws, is released from the command line', async () => {
    const { context, page } = await browser().newPage(PHONE, { locale: 'en-GB' });
    await page.addInitScript(() => (document.cookie = 'lang=en; path=/'));
    await loginInBrowser(page, server, user);

    // Deposit 250 USDT on TRC20 with a proof image.
    await page.goto(`${server.url}/#/user`);
    await page.locator('[data-row="deposit"]').click();
    await page.waitForURL(/#\/mine\/charge/);
    await expect.poll(() => page.locator('[data-testid="deposit-address"]').innerText()).toMatch(/^T/);
    await page.locator('[data-testid="qr-code"]').waitFor();
    await page.locator('[data-testid="charge-submit"]').click();
    expect(await text(page, '.mw-error')).toBe('Please enter the number of coins to be charged');
    await page.locator('input[name="number"]').fill('250');
    await attach(page, 'proof');
    await page.locator('[data-testid="charge-submit"]').click();
    await expect.poll(() => text(page, '[data-testid="charge-history"]')).toContain('Under review');
    expect(await text(page, '[data-testid="charge-history"]')).toContain('250 USDT');

    // The operator approves it in the back-office page: list → tap the row → approve.
    const opsPage = await context.newPage();
    await openOpsWithToken(opsPage, server);
    await opsPage.locator('nav button', { hasText: 'charge-list' }).click();
    await opsPage.locator('form[aria-label="charge-list"] button[type="submit"]').click();
    await opsPage.locator('[aria-label="Result"] tbody tr').first().click();
    await opsPage.locator('nav button', { hasText: 'charge-approve' }).click();
    expect(await opsPage.locator('input[name="id"]').inputValue()).toMatch(/^\d+$/);
    await opsPage.locator('form[aria-label="charge-approve"] button[type="submit"]').click();
    await expect.poll(() => opsPage.locator('[aria-label="Result"]').innerText()).toContain('250.00');
    await opsPage.close();

    // The balance shows the deposit, and the history its record.
    await page.goto(`${server.url}/#/mine/history`);
    await expect.poll(() => money(page)).toEqual({ available: '250.00', frozen: '0.00' });
    await expect.poll(() => text(page, '[data-testid="records"]')).toContain('Deposit');

    // Bind a TRC20 address: a one-character slip is refused by its checksum, the real one is saved.
    await page.goto(`${server.url}/#/mine/coin-address-list`);
    await page.locator('[data-testid="add-method"]').click();
    await page.waitForURL(/withdraw-way\?type=1/);
    await page.locator('[data-testid="way-currencies"] [aria-checked="true"]').waitFor();
    await page.locator('input[name="dc_address"]').fill(TRON.replace('U7', 'U8'));
    await page.locator('[data-testid="bind-submit"]').click();
    expect(await text(page, '[data-message-for="dc_address"]')).toBe('This is not a valid TRC20 address');
    await page.locator('input[name="dc_address"]').fill(TRON);
    await page.locator('[data-testid="bind-submit"]').click();
    await page.waitForURL(/coin-address-list/);
    await expect.poll(() => text(page, '[data-testid="methods"]')).toContain(TRON);

    // Withdraw 100 USD: the fee preview is docs/contract.md §5's, the amount is frozen.
    await page.goto(`${server.url}/#/mine/withdraw`);
    await page.locator('[data-testid="withdraw-methods"] [aria-checked="true"]').waitFor();
    expect(await text(page, '[data-testid="fee"]')).toBe('--');
    expect(await text(page, '[data-testid="receive"]')).toBe('--');
    await page.locator('input[name="number"]').fill('100');
    expect(await text(page, '[data-testid="fee"]')).toBe('1.00 USD');
    expect(await text(page, '[data-testid="receive"]')).toBe('99.00 USDT');
    await page.locator('input[name="memo"]').fill('rent');
    await confirmWithdrawal(page, server, user);
    await expect.poll(() => money(page)).toEqual({ available: '150.00', frozen: '100.00' });
    await expect.poll(() => text(page, '[data-testid="withdraw-history"]')).toContain('Pending');

    // The operator rejects it from the command line; the amount is released.
    const [pending] = await ops<Array<{ id: number }>>(server, 'withdraw-list', { user: user.account });
    const cli = spawnSync(
      process.execPath,
      [
        'server/ops/cli.ts',
        'withdraw-reject',
        '--id',
        String(pending?.id),
        '--reason',
        'Please bind an address in your own name',
      ],
      {
        // The break-glass token the e2e server was given explicitly (a staff CLI sign-in is tests/server/ops/ops.test.ts).
        env: { ...process.env, OPS_URL: server.url, DATA_DIR: server.dataDir, OPS_TOKEN: server.opsToken },
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    await page.reload();
    await expect.poll(() => money(page)).toEqual({ available: '250.00', frozen: '0.00' });
    await expect
      .poll(() => text(page, '[data-testid="withdraw-history"]'))
      .toContain('Please bind an address in your own name');

    // Real-name: two photos → waiting; the operator verifies → finish.
    await page.goto(`${server.url}/#/mine/auth`);
    await page.locator('input[name="name"]').fill('Chan Tai Man');
    await page.locator('input[name="card_id"]').fill('A1234567');
    await attach(page, 'front');
    await page.locator('[data-testid="real-name-submit"]').click();
    expect(await text(page, '[data-message-for="photos"]')).toBe(
      'Please upload the front and back of your passport/ID',
    );
    await attach(page, 'back');
    await page.locator('[data-testid="real-name-submit"]').click();
    await page.locator('[data-testid="real-name-waiting"]').waitFor();
    await ops(server, 'realname-verify', { user: user.account });
    await page.reload();
    await page.locator('[data-testid="real-name-finish"]').waitFor();
    expect(await text(page, '[data-testid="real-name-finish"]')).toContain('A1****67');
    await context.close();
  });

  it('shows every money screen at phone and desktop size', async () => {
    const screens: Array<[string, string]> = [
      ['history', '/mine/history'],
      ['wallet', '/mine/wallet'],
      ['charge', '/mine/charge'],
      ['withdraw', '/mine/withdraw'],
      ['withdraw-way-coin', '/mine/withdraw-way?type=1'],
      ['withdraw-way-bank', '/mine/withdraw-way?type=2'],
      ['coin-addresses', '/mine/coin-address-list'],
      ['bank-cards', '/mine/bank-card-list'],
      ['auth', '/mine/auth'],
    ];
    // One page, the phone's size and then the desk's (the width query picks the layout).
    const { context, page } = await browser().newPage(PHONE, { locale: 'en-GB' });
    await page.addInitScript(() => (document.cookie = 'lang=en; path=/'));
    await loginInBrowser(page, server, user);
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await resizeTo(page, viewport);
      for (const [name, path] of screens) {
        await page.goto(`${server.url}/#${path}`);
        await page.locator('.mw-page').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.locator('.page-placeholder, [data-placeholder]').count(), path).toBe(0);
        await browser().snap(page, `money-${name}-${size}`);
      }
      // The bank tab of the deposit screen, with its accounts.
      await page.goto(`${server.url}/#/mine/charge`);
      await page.locator('.segmented [data-value="1"]').click();
      await page.locator('.mw-bank').first().waitFor();
      await browser().snap(page, `money-charge-bank-${size}`);
    }
    await context.close();
  });

  it('keeps demo users out of the money screens', async () => {
    const { context, page } = await browser().newPage(PHONE, { locale: 'en-GB' });
    await page.addInitScript(() => (document.cookie = 'lang=en; path=/'));
    await demoLoginInBrowser(page, server.url);
    await page.goto(`${server.url}/#/mine/charge`);
    await expect.poll(() => page.locator('body').innerText()).toContain('Please register or log in to a real account');
    expect(await page.locator('[data-testid="coin-charge"]').count()).toBe(0);
    await context.close();
  });
});
