// The back office on a phone and a desk (/ops.html with the break-glass token, then as the member it made;
// docs/back-office.md): the Staff table reads name first and actions last with no name cut, the create form is empty
// after a member is made, and every answer is a sentence — a movement waiting for four eyes says "approval no. N" (an id, not a count), a dropped
// approval says what happened, nothing is raw JSON. Chromium at 360×740 and 1280×800.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { totpCode } from '../../server/auth/second-factor.ts';
import { AUTH_KEY } from '../../src/ops/ops-api.ts';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { createRealUser, openOpsWithToken } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';

// The shared server: its members and the approval it drops are its own (no other file reads the staff or approvals).
const e2e = useServerAndChrome();
const LONG_NAME = 'Maximiliana Alexandra Montgomery-Whitfield';

/** Where the member's name and action cells are, and whether the name shows whole inside the screen. */
/** Signs the member in through the API as they would at the first sign-in: their own password, the factor set up. */
async function signInAsMember(login: string, firstPassword: string): Promise<string> {
  const own = `${login}’s own long password`;
  const post = async (body: Record<string, string>) =>
    (await (
      await fetch(`${e2e.server.url}/api/ops/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({ login, ...body }),
      })
    ).json()) as { msg: string; data: { secret?: string; token?: string } | null };
  const setup = await post({ password: firstPassword, new_password: own });
  const done = await post({ password: own, code: totpCode(setup.data?.secret ?? '', Date.now()) });
  if (!done.data?.token) throw new Error(`sign-in of ${login}: ${done.msg}`);
  return done.data.token;
}

function staffRow(page: Page, login: string) {
  return page.locator('table[aria-label="Staff"] tbody tr', { hasText: login }).evaluate((tr) => {
    const cells = [...tr.querySelectorAll('td')];
    const name = tr.querySelector('td[data-col="name"]') as HTMLElement;
    const actions = tr.querySelector('td.ops-actions') as HTMLElement;
    const n = name.getBoundingClientRect();
    const a = actions.getBoundingClientRect();
    return {
      nameIndex: cells.indexOf(name as HTMLTableCellElement),
      actionsIndex: cells.indexOf(actions as HTMLTableCellElement),
      nameWhole: name.scrollWidth <= name.clientWidth + 1 && n.right <= window.innerWidth && n.left >= 0,
      actionsAfter: a.top >= n.bottom - 1 || a.left >= n.right - 1,
      lastCell: cells.at(-1) === actions,
    };
  });
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desk', DESKTOP],
] as const) {
  it(
    `staff table name first, form cleared, every answer a sentence (${size})`,
    async () => {
      const user = await createRealUser(e2e.server);
      const { context, page } = await newPage(e2e.chrome.browser, viewport);
      await openOpsWithToken(page, e2e.server);

      await page.locator('.ops-tabs button', { hasText: 'Staff' }).click();
      const form = page.locator('form[aria-label="Add a member"]');
      const login = `sam${size}`;
      await form.locator('input[name="login"]').fill(login);
      await form.locator('input[name="name"]').fill(LONG_NAME);
      await form.locator('select[name="role"]').selectOption('finance');
      await form.locator('button[type="submit"]').click();
      await expect
        .poll(() => page.locator('[data-testid="ops-sentence"]').innerText())
        .toBe(`${LONG_NAME} (${login}) is a finance member now: give them the first password below.`);
      const firstPassword = (await page.locator('[data-testid="first-password"]').innerText()).trim();
      expect(await form.locator('input[name="login"]').inputValue()).toBe('');
      expect(await form.locator('input[name="name"]').inputValue()).toBe('');
      expect(await form.locator('select[name="role"]').inputValue()).toBe('support');
      await expect.poll(() => page.locator('table[aria-label="Staff"]').innerText()).toContain(LONG_NAME);
      expect(await staffRow(page, login)).toEqual({
        nameIndex: 0,
        actionsIndex: expect.any(Number) as number,
        nameWhole: true,
        actionsAfter: true,
        lastCell: true,
      });
      await page
        .locator('table[aria-label="Staff"] tbody tr', { hasText: login })
        .getByRole('button', { name: 'End sessions' })
        .click();
      await expect
        .poll(() => page.locator('[data-testid="ops-sentence"]').innerText())
        .toBe(`0 sessions of ${login} ended.`);
      await snap(page, `ops-staff-${size}`);

      // A credit above the four-eyes threshold, asked by the new member (break-glass may not ask), waits: its answer
      // names the approval as an id.
      const member = JSON.stringify({ kind: 'session', secret: await signInAsMember(login, firstPassword) });
      await page.evaluate(([key, auth]) => sessionStorage.setItem(key, auth), [AUTH_KEY, member] as const);
      await page.reload();
      await expect.poll(() => page.locator('[data-testid="ops-who"]').innerText()).toContain('role finance');
      await page.locator('.ops-tabs button', { hasText: 'Commands' }).click();
      await page.locator('nav button', { hasText: 'user-credit' }).click();
      const credit = page.locator('form[aria-label="user-credit"]');
      await credit.locator('input[name="user"]').fill(user.account);
      await credit.locator('input[name="amount"]').fill('12000');
      await credit.locator('button[type="submit"]').click();
      const said = page.locator('[aria-label="Result"] [data-testid="ops-sentence"]');
      await expect
        .poll(() => said.innerText())
        .toMatch(
          /^Nothing has moved yet: credit .* waits for a second finance member \(approval no\. \d+ under Second approvals\)\.$/,
        );
      const id = /approval no\. (\d+)/.exec(await said.innerText())?.[1];
      await snap(page, `ops-waiting-${size}`);

      // Dropped from the Second approvals tab: a sentence, not JSON.
      await page.locator('.ops-tabs button', { hasText: 'Second approvals' }).click();
      const row = page
        .locator('table[aria-label="Second approvals"] tbody tr')
        .filter({ has: page.locator('td[data-col="id"]', { hasText: new RegExp(`^${id}$`) }) });
      await row.getByRole('button', { name: 'Drop' }).click();
      await expect
        .poll(() => page.locator('[data-testid="ops-sentence"]').innerText())
        .toBe(`Approval no. ${id} dropped: nothing was paid or credited.`);
      expect(await page.locator('body').innerText()).not.toMatch(/[{}]"|"\w+":/);
      await snap(page, `ops-dropped-${size}`);
      await context.close();
    },
    slow(120_000),
  );
}
