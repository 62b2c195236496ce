// Payout holds on screen in Chromium (docs/security.md "Payout holds"), phone 360×740 and desk 1280×800, with the
// server's clock simulated (SIM_TIME) so the browser's own clock differs from it: the add-address screen says the
// 24 h hold before anything is added; the withdrawal form then says until when the new address is held and refuses
// to go on (no summary, no code asked); the account's own hold after a factor reset is on the security page. All
// from the server's answers (`held_until`, the overview's 0 once passed), never from the browser's clock.
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { userPageAt } from './lang-page.ts';
import { totpCode } from '../../server/auth/second-factor.ts';
import { createFundedUser, type RealUser } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

async function post(
  user: RealUser,
  path: string,
  body: Record<string, unknown>,
): Promise<{ code: number; msg: string; data: unknown }> {
  const res = await fetch(`${e2e.server.url}${path}`, {
    method: 'POST',
    headers: { authorization: user.token, lang: 'en', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

it(
  'says the hold when an address is added, refuses the withdrawal before any code, and shows the account hold',
  async () => {
    const user = await createFundedUser(e2e.server, '1000', 'e2e payout holds');
    for (const [size, name] of [
      [PHONE, '360'],
      [DESKTOP, '1280'],
    ] as const) {
      const { context, page } = await userPageAt(
        e2e.chrome.browser,
        e2e.server,
        user,
        'en',
        size,
        '#/mine/withdraw-way?type=1&back=withdraw',
      );
      const note = page.locator('[data-testid="payout-hold-note"]');
      await expect
        .poll(() => note.innerText(), { timeout: slow(20_000) })
        .toBe(
          'For your safety, withdrawals to a newly added address or account can be made 24 hours after it is added.',
        );
      await snap(page, `payout-holds-add-${name}`);
      if (name === '360') {
        await page.locator('input[name="dc_address"]').fill(TRON);
        await page.locator('[data-testid="bind-submit"]').click();
        await page.locator('[data-testid="withdraw-form"]').waitFor({ timeout: slow(20_000) });
      } else {
        await page.goto(`${e2e.server.url}/#/mine/withdraw?type=1`);
      }
      const held = page.locator('[data-testid="withdraw-form"] [data-testid="method-held"]');
      await expect.poll(() => held.innerText(), { timeout: slow(20_000) }).toMatch(/^Usable from /);
      await page.locator('input[name="number"]').fill('100');
      await expect.poll(() => page.locator('[data-testid="withdraw-submit"]').isDisabled()).toBe(true);
      await snap(page, `payout-holds-withdraw-${name}`);
      await context.close();
    }

    // A second factor turned off (a factor reset) holds the account's withdrawals; the security page says until when.
    // TOTP codes follow the real clock (wallClock), not SIM_TIME; the code turning it off is the next step's.
    const begun = await post(user, '/api/security/factor/begin', { password: user.password });
    expect(begun.code, begun.msg).toBe(1);
    const secret = (begun.data as { secret: string }).secret;
    const on = await post(user, '/api/security/factor/confirm', { code: totpCode(secret, Date.now()) });
    expect(on.code, on.msg).toBe(1);
    const off = await post(user, '/api/security/factor/off', { code: totpCode(secret, Date.now() + 30_000) });
    expect(off.code, off.msg).toBe(1);
    for (const [size, name] of [
      [PHONE, '360'],
      [DESKTOP, '1280'],
    ] as const) {
      const { context, page } = await userPageAt(e2e.chrome.browser, e2e.server, user, 'en', size, '#/mine/security');
      await expect
        .poll(() => page.locator('[data-testid="withdrawals-held"]').innerText(), { timeout: slow(20_000) })
        .toMatch(/^Withdrawals are held until /);
      await snap(page, `payout-holds-security-${name}`);
      await context.close();
    }
  },
  slow(180_000),
);
