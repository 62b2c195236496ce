// Copy trading end to end (docs/copy-trading.md "Screens"), in Chromium and in Firefox's flow run. At 360×740 the whole
// journey through the UI: a demo provider publishes through "Become a provider" (refused a fee above 30 % first); a
// demo follower opens the Copy tab, picks it, is refused a too-small amount with the start route's own message, starts
// a copy; the provider (the API as their session) opens, partly closes and closes a position, and each shows on the
// follower's screen within two seconds with its notice; the follower pauses and resumes, adds and withdraws funds
// through the sheet, stops the copy (asked first) and the wallet shows the money back, net of the fee. At 1280×800,
// with the provider and the copy seeded through the API: the desk's layout of My copies, the list and a provider's
// page, and the provider's open and close live on the follower's copy with their notices; another provider's copy
// sheet, a start refused for no amount scrolling to the field with its label in view. Arabic screenshots at both.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FlowContext, FlowPage } from './flow-page.ts';
import type { Envelope, Order } from '../../domain/types.ts';
import type { CopyItem, CopyProvider } from '../../domain/copy-types.ts';
import { dec } from '../../domain/decimal.ts';
import { DESKTOP, PHONE, type FlowBrowser } from './browser.ts';
import { describeInFlowBrowsers } from './flow-browsers.ts';
import type { AppServer } from './app-server.ts';
import { sharedOrOwnServer } from './server-and-chrome.ts';
import { recordToasts, toastsShown } from './toasts.ts';
import { slow } from '../fixtures/slowness.ts';
import { createDemoUser, demoLoginInBrowser, seedSession } from './real-user.ts';

let server: AppServer;
beforeAll(async () => {
  server = await sharedOrOwnServer(); // the simulator on a weekday noon: forex is open
});
afterAll(async () => {
  await server?.dispose();
});

type Api = <T>(path: string, query?: Record<string, string>, json?: Record<string, unknown>) => Promise<T>;

/** A demo account's API session: GET with a query, or POST with a JSON body. */
async function demoSession(demoId: string): Promise<Api> {
  const login = (await (
    await fetch(`${server.url}/api/user/createAccountDemoForU?demo_id=${encodeURIComponent(demoId)}`)
  ).json()) as Envelope<{ token: string }>;
  expect(login.code, login.msg).toBe(1);
  const headers = { authorization: login.data.token, lang: 'en' };
  return async <T>(path: string, query: Record<string, string> = {}, json?: Record<string, unknown>): Promise<T> => {
    const res = json
      ? await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        })
      : await fetch(`${server.url}${path}?${new URLSearchParams(query)}`, { headers });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, `${path}: ${body.msg}`).toBe(1);
    return body.data;
  };
}

/** The number on screen as plain decimal text ('99,000.00' → '99000.00'). */
const plain = async (page: FlowPage, sel: string) => (await page.locator(sel).first().innerText()).replace(/,/g, '');
const activity = (page: FlowPage) => page.locator('[data-testid="copy-activity"]').innerText();
// Read at once, not waited for as a locator's attribute is: a copy that never shows fails at the poll's own limit.
const shownLots = (page: FlowPage) =>
  page.evaluate(() => document.querySelector('.copy-position')?.getAttribute('data-lots') ?? null);
const WITHIN = { timeout: slow(2_000) }; // the issue's promise: the follower's screen shows it within two seconds

/** How many of the first SEL's children share each line on screen, top to bottom ([4, 1]: four, then one). */
const perRow = (page: FlowPage, sel: string) =>
  page.evaluate((s) => {
    const tops = [...(document.querySelector(s)?.children ?? [])].map((c) => Math.round(c.getBoundingClientRect().top));
    return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
  }, sel);

/** The facts of the first SEL whose name is not above its figure (the desk's layout): their data-field. */
const notStacked = (page: FlowPage, sel: string) =>
  page.evaluate(
    (s) =>
      [...(document.querySelector(s)?.children ?? [])]
        .filter((fact) => {
          const [name, figure] = [...fact.children].map((e) => e.getBoundingClientRect());
          return !name || !figure || name.bottom > figure.top + 1;
        })
        .map((fact) => fact.querySelector('dd')?.getAttribute('data-field')),
    sel,
  );

/**
 * The provider (10.5 lots with 100,000 USD) opens a EURUSD long: the 1,000 USD copy's 0.105 rounds down to 0.1, away
 * from a lot step, so a tick between the fill and the mirror cannot round it to 0.09. It shows on the follower's copy
 * within two seconds, with its notice.
 */
async function providerOpensShown(page: FlowPage, provider: Api, name: string): Promise<Order> {
  const opened = await provider<Order>('/v1/api/forex/submit', {
    type: '1',
    cont: '10.5',
    forex_id: '1',
    status: '1',
    multiple: '100',
  });
  await expect.poll(() => shownLots(page), WITHIN).toBe('0.1');
  await expect.poll(() => activity(page), WITHIN).toContain(`${name}: copied 0.1 lots of EUR/USD opened`);
  expect(await page.locator('.copy-position').first().innerText()).toContain(`Copied from ${name}`);
  return opened;
}

/** The desk's copy screens are a column of 880 px (wider than other screens' 560), centred in the window. */
async function expectCentredColumn(page: FlowPage): Promise<void> {
  const [left = NaN, width = NaN, right = NaN] = await page.evaluate(() => {
    const body = document.querySelector('.copy-page .page-body')?.getBoundingClientRect();
    return body ? [body.left, body.width, document.documentElement.clientWidth - body.right] : [];
  });
  expect(width, "the column's width").toBe(880);
  expect(Math.abs(left - right), `${left} px on its left, ${right} px on its right`).toBeLessThanOrEqual(1);
}

/** My copies and the list in Arabic, right to left, from My copies: its screenshots, and the list's own checks. */
async function arabicScreens(
  browser: FlowBrowser,
  { context, page }: { context: FlowContext; page: FlowPage },
  name: string,
  size: 'phone' | 'desk',
): Promise<void> {
  await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
  await page.evaluate(() => localStorage.setItem('tw:lang', 'ar'));
  await page.reload();
  await page.locator('.copy-card[data-copy]').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await browser.snap(page, `copy-mine-ar-${size}`);
  await page.goto(`${server.url}/#/copy`);
  await page.locator('.copy-row').first().waitFor();
  // The provider's English description reads left to right, on the right-hand side of the Arabic row.
  const descStyle = await page.evaluate((n) => {
    const row = [...document.querySelectorAll('.copy-row')].find((r) => r.textContent?.includes(n));
    const desc = row?.querySelector('.copy-row__desc');
    return desc ? [getComputedStyle(desc).direction, getComputedStyle(desc).textAlign] : null;
  }, name);
  expect(descStyle).toEqual(['ltr', 'right']);
  // Each fact under a trader's name keeps to one line: a row breaks between facts, never leaves a figure alone.
  const factLines = await page.evaluate(() =>
    [...document.querySelectorAll('.copy-row__meta')].map((m) =>
      // A fact of mixed directions is several boxes on one line: count the lines by their tops.
      [...m.children].map((f) => new Set([...f.getClientRects()].map((r) => Math.round(r.top))).size),
    ),
  );
  expect(factLines.length).toBeGreaterThan(0);
  for (const lines of factLines) expect(lines).toEqual([1, 1, 1]);
  await browser.snap(page, `copy-list-ar-${size}`);
  await context.close();
}

/** After a refused start focused the amount field: its label is in view too, not under the sheet's top edge. */
function amountLabelShown(page: FlowPage): Promise<boolean> {
  return page.evaluate(() => {
    const label = document.querySelector('[data-testid="copy-sheet"] label'); // the amount's, the first field
    let box = label?.parentElement ?? null;
    while (box && !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible'))
      box = box.parentElement;
    return !!label && (!box || label.getBoundingClientRect().top >= box.getBoundingClientRect().top);
  });
}

describeInFlowBrowsers((browser) => {
  it("starts a copy, shows the provider's open, partial close and close, and stops with the money back (phone)", async () => {
    const size = 'phone';
    const run = `${browser().name}-${size}-${Date.now()}`;
    const name = `Pro ${run}`;
    // The provider publishes through "Become a provider" on My copies, in a second browser context kept for their
    // own view; the sheet refuses a fee above 30 % with the publish route's text first.
    const own = await browser().newPage(PHONE, { locale: 'en-GB' });
    await own.context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await own.page.addInitScript(`localStorage.setItem('tw:demo-id', ${JSON.stringify(`copy-provider-${run}`)})`);
    await demoLoginInBrowser(own.page, server.url);
    await own.page.goto(`${server.url}/#/copy?view=mine`);
    await own.page.locator('[data-testid="copy-become-open"]').click();
    const publish = own.page.locator('[data-testid="provider-sheet"]');
    await publish.locator('input[name="provider_name"]').fill(name);
    await publish.locator('input[name="provider_description"]').fill('EUR/USD swings');
    await publish.locator('input[name="provider_fee"]').fill('31');
    await own.page.locator('[data-testid="provider-confirm"]').click();
    await expect.poll(() => publish.innerText()).toContain('The performance fee must be a whole percent from 0 to 30');
    await publish.locator('input[name="provider_fee"]').fill('10');
    await browser().snap(own.page, `copy-publish-sheet-${size}`);
    await own.page.locator('[data-testid="provider-confirm"]').click();
    await own.page.locator('[data-testid="copy-self"]').waitFor();
    expect(await own.page.locator('[data-field="self-name"]').innerText()).toBe(name);
    expect(await publish.count()).toBe(0);
    const provider = await demoSession(`copy-provider-${run}`);

    const { context, page } = await browser().newPage(PHONE, { locale: 'en-GB' });
    await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await demoLoginInBrowser(page, server.url);
    const demoId = await page.evaluate(() => localStorage.getItem('tw:demo-id'));
    const follower = await demoSession(String(demoId));
    const before = (await follower<{ balance: string }>('/v1/api/main/wallet/getBalance')).balance;

    // The Copy tab lists the provider with its statistics; its page shows the fee rule and Copy.
    await page.locator('.tab-bar [data-tab="documentary"]').click();
    await page.waitForURL((u) => u.hash.startsWith('#/copy'));
    const listed = await follower<CopyProvider[]>('/api/copy/providers');
    const providerId = listed.find((p) => p.name === name)?.provider_id;
    const row = page.locator(`.copy-row[data-provider="${providerId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('fee 10%');
    // A new provider with no trade in 90 days reads the calmest risk, on the row and on its page.
    expect(await row.locator('.copy-risk').innerText()).toBe('Risk 1/10');
    await browser().snap(page, `copy-list-${size}`);
    await row.click();
    await page.locator('[data-testid="copy-provider"]').waitFor();
    expect(await page.locator('[data-field="fee-rule"]').innerText()).toContain('Performance fee 10%');
    expect(await page.locator('[data-field="risk"] .copy-risk').getAttribute('data-band')).toBe('low');
    await browser().snap(page, `copy-provider-${size}`);

    // The sheet refuses a too-small amount and a bad multiplier with the server's own texts, then starts.
    await page.locator('[data-testid="copy-open"]').click();
    const sheet = page.locator('[data-testid="copy-sheet"]');
    await sheet.locator('input[name="amount"]').fill('50');
    await sheet.locator('input[name="multiplier"]').fill('5');
    await page.locator('[data-testid="copy-confirm"]').click();
    await expect.poll(() => sheet.innerText()).toContain('The minimum to copy this trader is 100.00 USD');
    expect(await sheet.innerText()).toContain('The multiplier must be between 0.1 and 3, with one decimal');
    expect(await follower<CopyItem[]>('/api/copy/mine')).toEqual([]);
    await browser().snap(page, `copy-sheet-refused-${size}`);
    await sheet.locator('input[name="amount"]').fill('1000');
    await sheet.locator('input[name="multiplier"]').fill('1');
    await expect.poll(() => sheet.locator('[data-field="stop-level"]').innerText()).toBe('600.00');
    await page.locator('[data-testid="copy-confirm"]').click();
    await page.waitForURL((u) => u.hash.includes('view=mine'));
    await page.locator('.copy-card[data-status="1"]').waitFor();
    expect(await page.locator('[data-field="invested"]').first().innerText()).toBe('1,000.00');

    const opened = await providerOpensShown(page, provider, name);
    await browser().snap(page, `copy-mine-open-${size}`);

    // The provider's own view, in their browser context: one copier, the copy's money.
    await own.page.reload();
    await own.page.locator('[data-testid="copy-self"]').waitFor();
    expect(await own.page.locator('[data-field="self-copiers"]').innerText()).toBe('1');
    // The AUM is the copy's equity: its 1,000 less the open's fee, plus the floating P&L, which moves with the price
    // (a tick up takes it over 1,000), so it is compared with the equity the follower's copy shows a moment later.
    const aum = dec(await plain(own.page, '[data-field="self-aum"]'));
    const equity = dec((await follower<CopyItem[]>('/api/copy/mine'))[0]?.equity ?? 'NaN');
    expect(aum.minus(equity).abs().lte(2), `AUM ${aum.toFixed()}, the copy's equity ${equity.toFixed()}`).toBe(true);
    expect(aum.gt(990) && aum.lt(1010), `AUM ${aum.toFixed()}`).toBe(true);
    await browser().snap(own.page, `copy-self-${size}`);
    await own.context.close();

    // Half closed by the provider: half of the copy's lots close.
    await provider('/v1/api/forex/close', { id: String(opened.Id), cont: '5.25' });
    await expect.poll(() => shownLots(page), WITHIN).toBe('0.05');
    await expect.poll(() => activity(page), WITHIN).toContain(`${name}: 0.05 lots of EUR/USD closed (partial close)`);

    // The rest closed: the copy holds nothing.
    await provider('/v1/api/forex/close', { id: String(opened.Id) });
    await expect.poll(() => page.locator('.copy-position').count(), WITHIN).toBe(0);
    await expect.poll(() => activity(page), WITHIN).toContain(`${name}: copied 0.05 lots of EUR/USD closed`);

    // Pause (the card says what it means), resume; add 500 and withdraw 200 through the funds sheet, refused first
    // with the routes' own texts; the invested money follows each.
    await page.locator('[data-testid="copy-pause"]').click();
    await page.locator('.copy-card[data-status="2"]').waitFor();
    expect(await page.locator('.copy-card[data-copy]').first().innerText()).toContain(
      'Paused: your positions stay open',
    );
    await browser().snap(page, `copy-mine-paused-${size}`);
    await page.locator('[data-testid="copy-pause"]').click();
    await page.locator('.copy-card[data-status="1"]').waitFor();
    expect((await follower<CopyItem[]>('/api/copy/mine'))[0]?.status).toBe(1);
    const funds = page.locator('[data-testid="copy-funds-sheet"]');
    await page.locator('[data-testid="copy-add"]').click();
    await funds.locator('input[name="funds_amount"]').fill('1.001');
    await page.locator('[data-testid="copy-funds-confirm"]').click();
    await expect.poll(() => funds.innerText()).toContain('The amount can have at most 2 decimals');
    await funds.locator('input[name="funds_amount"]').fill('500');
    await browser().snap(page, `copy-add-${size}`);
    await page.locator('[data-testid="copy-funds-confirm"]').click();
    await expect.poll(() => plain(page, '[data-field="invested"]')).toBe('1500.00');
    await page.locator('[data-testid="copy-withdraw"]').click();
    await funds.locator('input[name="funds_amount"]').fill('99999');
    await recordToasts(page);
    await page.locator('[data-testid="copy-funds-confirm"]').click();
    await expect.poll(async () => (await toastsShown(page)).join('\n')).toContain('You can withdraw at most');
    expect((await follower<CopyItem[]>('/api/copy/mine'))[0]?.invested).toBe('1500.00');
    await funds.locator('input[name="funds_amount"]').fill('200');
    await page.locator('[data-testid="copy-funds-confirm"]').click();
    await expect.poll(() => plain(page, '[data-field="invested"]')).toBe('1300.00');
    expect(await funds.count()).toBe(0);

    // Stop, asked first: the copy's money is back in the wallet, the fee (if any profit) deducted.
    await page.locator('[data-testid="copy-stop"]').click();
    // Closing at market is the default; keeping the positions is the follower's choice (tests/server/copy/copy-keep).
    expect(
      await page.evaluate(() => document.querySelector<HTMLInputElement>('[name="keep_positions"]')?.checked),
    ).toBe(false);
    await browser().snap(page, `copy-stop-dialog-${size}`);
    await page.locator('.dialog__actions .btn-danger').click();
    await page.locator('.copy-card[data-status="3"]').waitFor();
    const [stopped] = await follower<CopyItem[]>('/api/copy/mine');
    const fee = dec(stopped?.fees_paid ?? 'NaN');
    const returned = dec(stopped?.invested ?? 'NaN').plus(stopped?.pnl ?? 'NaN');
    const after = (await follower<{ balance: string }>('/v1/api/main/wallet/getBalance')).balance;
    expect(dec(after).toFixed(2)).toBe(
      dec(before)
        .minus(stopped?.invested ?? 'NaN')
        .plus(returned)
        .toFixed(2),
    );
    expect(fee.gte(0)).toBe(true);
    await expect.poll(() => plain(page, '[data-field="wallet"]')).toBe(dec(after).toFixed(2));
    await browser().snap(page, `copy-mine-stopped-${size}`);

    await arabicScreens(browser(), { context, page }, name, size);
  });

  it("lays the copy screens out for the desk and shows the provider's trades live on the copy (desk)", async () => {
    const run = `${browser().name}-desk-${Date.now()}`;
    const name = `Pro ${run}`;
    // Seeded through the API: publishing, the start's refusals and the funds sheet are the phone test's, above.
    const provider = await demoSession(`copy-provider-${run}`);
    await provider('/api/copy/publish', {}, { name, description: 'EUR/USD swings', fee: 10, min_amount: '100' });
    const user = await createDemoUser(server);
    const follower = await demoSession(user.demoId);
    const providerId = (await follower<CopyProvider[]>('/api/copy/providers')).find(
      (p) => p.name === name,
    )?.provider_id;
    await follower('/api/copy/start', {}, { provider_id: providerId, amount: '1000', multiplier: '1' });

    const { context, page } = await browser().newPage(DESKTOP, { locale: 'en-GB' });
    await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await seedSession(page, server, user);
    await page.goto(`${server.url}/#/copy?view=mine`);
    await page.locator('.copy-card[data-status="1"]').waitFor();
    // The desk's top bar marks the Copy tab; the page is a centred column, the copy's figures four to a row, each
    // name above its figure, and its four buttons on one row.
    expect(await page.locator('.desk-nav__tabs [data-tab="documentary"]').getAttribute('aria-current')).toBe('page');
    await expectCentredColumn(page);
    expect(await perRow(page, '.copy-card[data-copy] .copy-facts')).toEqual([4, 1]);
    expect(await notStacked(page, '.copy-card[data-copy] .copy-facts')).toEqual([]);
    expect(await perRow(page, '.copy-card__actions')).toEqual([4]);

    // The provider's open and close show on the desk's copy within two seconds, each with its notice.
    const opened = await providerOpensShown(page, provider, name);
    await browser().snap(page, 'copy-mine-open-desk');
    await provider('/v1/api/forex/close', { id: String(opened.Id) });
    await expect.poll(() => page.locator('.copy-position').count(), WITHIN).toBe(0);
    await expect.poll(() => activity(page), WITHIN).toContain(`${name}: copied 0.1 lots of EUR/USD closed`);

    // The top bar's Copy tab leads to the list, in the same column; a provider's page shows its figures four to a row.
    await page.locator('.desk-nav__tabs [data-tab="documentary"]').click();
    const row = page.locator(`.copy-row[data-provider="${providerId}"]`);
    await row.waitFor();
    await expectCentredColumn(page);
    await browser().snap(page, 'copy-list-desk');
    await row.click();
    await page.locator('[data-testid="copy-provider"]').waitFor();
    expect(await perRow(page, '[data-testid="copy-provider"] .copy-facts')).toEqual([4, 4, 1]);
    expect(await notStacked(page, '[data-testid="copy-provider"] .copy-facts')).toEqual([]);
    await browser().snap(page, 'copy-provider-desk');

    // The copy sheet of a provider not copied yet: a start refused (no amount) scrolls to the amount, label and all.
    const other = await demoSession(`copy-provider-b-${run}`);
    await other('/api/copy/publish', {}, { name: `${name} B`, description: 'EUR/USD', fee: 0, min_amount: '100' });
    await page.locator('.desk-nav__tabs [data-tab="documentary"]').click();
    await page.locator('.copy-row', { hasText: `${name} B` }).click();
    await page.locator('[data-testid="copy-open"]').click();
    await page.locator('[data-testid="copy-confirm"]').click();
    await page.locator('[data-testid="copy-sheet"] [data-message-for="amount"]').waitFor();
    await expect.poll(() => amountLabelShown(page)).toBe(true);

    await page.goto(`${server.url}/#/copy?view=mine`);
    await arabicScreens(browser(), { context, page }, name, 'desk');
  });
});
