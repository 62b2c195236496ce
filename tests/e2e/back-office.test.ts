// The back-office page (/ops.html) against the real server: a wrong token is refused, the right one lists the
// server's commands, a command runs with its parameters; screenshots at both sizes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';

const e2e = useServerAndChrome();

it('connects with the operator token and runs a command', async () => {
  const token = readFileSync(join(e2e.server.dataDir, 'ops-token'), 'utf8').trim();
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
    await page.locator('input[name="token"]').fill('not-the-token-not-the-token');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.locator('[role="alert"]').innerText()).toContain('token');

    await page.locator('input[name="token"]').fill(token);
    await page.locator('button[type="submit"]').click();
    await page.locator('nav button', { hasText: 'user-show' }).click();
    await page.locator('input[name="user"]').fill('ops-e2e-demo-1');
    await page.locator('form[aria-label="user-show"] button[type="submit"]').click();
    const result = page.locator('[aria-label="Result"]');
    await expect.poll(() => result.innerText()).toContain('100000');
    expect(await result.innerText()).toContain('is_demo');

    await snap(page, `back-office-${size}`);

    // The token survives a reload in this tab (sessionStorage) and is forgotten on request.
    await page.reload();
    await page.locator('nav button', { hasText: 'user-show' }).waitFor();
    await page.getByRole('button', { name: 'Forget token' }).click();
    await page.locator('input[name="token"]').waitFor();
    await context.close();
  }
});
