// The back-office page (/ops.html) against the real server with the break-glass token (set explicitly on e2e
// servers): a wrong token is refused, the right one lists the server's commands and runs one with its
// parameters, `queues` shows what waits on staff, and a closure is scheduled, listed and cancelled; signing out
// forgets it. Screenshots at both sizes. Staff
// sign-in is tests/e2e/staff.test.ts.
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { openOpsWithToken, runOpsCommand } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

// The shared server: the break-glass token and a demo account of its own change nothing another file sees.
const e2e = useServerAndChrome();

it('connects with the break-glass token and runs a command', async () => {
  const demo = (await (
    await fetch(`${e2e.server.url}/api/user/createAccountDemoForU?demo_id=ops-e2e-demo-1`)
  ).json()) as { code: number };
  expect(demo.code).toBe(1);

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page } = await newPage(e2e.chrome.browser, viewport);
    await page.goto(`${e2e.server.url}/ops.html`);
    await page.locator('summary', { hasText: 'Break-glass token' }).click();
    await page.locator('input[name="token"]').fill('not-the-token-not-the-token');
    await page.locator('form[aria-label="Break-glass token"] button[type="submit"]').click();
    await expect.poll(() => page.locator('[role="alert"]').innerText()).toContain('Sign in to the back office');

    await openOpsWithToken(page, e2e.server);
    expect(await page.locator('[data-testid="ops-who"]').innerText()).toContain('break-glass');
    await page.locator('nav button', { hasText: 'user-show' }).click();
    await page.locator('input[name="user"]').fill('ops-e2e-demo-1');
    await page.locator('form[aria-label="user-show"] button[type="submit"]').click();
    const result = page.locator('[aria-label="Result"]');
    await expect.poll(() => result.innerText()).toContain('100000');
    expect(await result.innerText()).toContain('is_demo');

    await snap(page, `back-office-${size}`);

    // What waits on staff, one row a queue with the command that lists it.
    await runOpsCommand(page, 'queues');
    await expect.poll(() => result.innerText()).toContain('feedback-list');
    expect(await result.innerText()).toContain('withdraw-list');
    await snap(page, `back-office-queues-${size}`);

    // A holiday scheduled, listed with who scheduled it, and cancelled (docs/market-data.md "Scheduled closures").
    const day = Math.ceil(Date.now() / 86_400_000 + 2) * 86_400_000;
    const utc = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
    await page.locator('nav button', { hasText: /^closure-add$/ }).click();
    const add = page.locator('form[aria-label="closure-add"]');
    await add.locator('input[name="code"]').fill('USOIL');
    await add.locator('input[name="from"]').fill(utc(day));
    await add.locator('input[name="to"]').fill(utc(day + 86_400_000));
    await add.locator('input[name="reason"]').fill('Christmas Day');
    await add.locator('button[type="submit"]').click();
    await expect.poll(() => result.innerText()).toContain('USOIL');
    await page.locator('nav button', { hasText: /^closure-list$/ }).click();
    await page.locator('form[aria-label="closure-list"] button[type="submit"]').click();
    await expect.poll(() => result.innerText()).toContain('upcoming');
    expect(await result.innerText()).toContain('Christmas Day');
    expect(await result.innerText()).toContain('break-glass');
    await snap(page, `back-office-closures-${size}`);
    const id = (await result.locator('td').first().innerText()).trim();
    await page.locator('nav button', { hasText: /^closure-cancel$/ }).click();
    await page.locator('form[aria-label="closure-cancel"] input[name="id"]').fill(id);
    await page.locator('form[aria-label="closure-cancel"] button[type="submit"]').click();
    await expect.poll(() => result.innerText()).toContain(`#${id}`);

    // The tab keeps it across a reload (sessionStorage) and forgets it on sign-out.
    await page.reload();
    await page.locator('nav button', { hasText: 'user-show' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name="login"]').waitFor();
    await context.close();
  }
});
