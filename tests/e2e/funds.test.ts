// End to end at 360×740 with 2-second fund days: an operator credits a real user, who subscribes to a fund
// from /mining, watches income appear on /mining/income, redeems early from /mining/record with the penalty shown
// first, and the balance is exactly credit − penalty + the income paid.
import { expect, it } from 'vitest';
import { dec } from '../../domain/decimal.ts';
import type { Envelope } from '../../domain/types.ts';
import type { FundIncome, FundSubscription, LastPaged } from '../../domain/fund-types.ts';
import { DESKTOP, PHONE, newPage, snap } from './browser.ts';
import { useOwnServerAndChrome } from './server-and-chrome.ts';
import { WEEKDAY_NOON } from './app-server.ts';
import { createRealUser, loginInBrowser, ops } from './real-user.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useOwnServerAndChrome({ SIM_TIME: WEEKDAY_NOON, FUND_DAY_MS: '2000' }); // own: short fund days

it('subscribes, earns daily income, redeems with the penalty, and the balance is exact', async () => {
  const user = await createRealUser(e2e.server);
  await ops(e2e.server, 'user-credit', { user: user.account, amount: '2000', memo: 'e2e mining' });
  const get = async <T>(path: string, query: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${e2e.server.url}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: user.token, lang: 'en' },
    });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, body.msg).toBe(1);
    return body.data;
  };

  const { context, page } = await newPage(e2e.chrome.browser, PHONE);
  await loginInBrowser(page, e2e.server, user);
  // The user center links to the fund list.
  await page.goto(`${e2e.server.url}/#/user`);
  await page.locator('[data-row="mining"]').click();
  await page.waitForURL(/#\/mining$/);
  await page.locator('[data-testid="fund-card"]').first().waitFor();
  await snap(page, 'fund-list-360');
  // The page is in hk (the default): the fund's name is its hk one (docs/content.md "Content languages").
  await page.locator('[data-testid="fund-card"]', { hasText: '港灣穩健 7' }).click();
  await page.waitForURL(/#\/mining\/subscribe\?id=/);

  // A USDT fund beside a USD wallet says the 1:1 booking, with separators.
  await expect(page.locator('[data-testid="fund-balance"]').innerText()).resolves.toMatch(
    /^2,000\.00 USD = 2,000\.00 USDT[（(]1 USDT = 1 USD[）)]$/,
  );
  // Empty amount: the 'input lock number' message and no sheet.
  await page.locator('[data-testid="fund-subscribe"]').click();
  await page.locator('[data-testid="fund-error"]').waitFor(); // 'input lock number' under the field
  await expect(page.locator('[data-testid="fund-confirm"]').count()).resolves.toBe(0);

  await page.locator('[data-testid="fund-amount"]').fill('1234.56');
  await page.locator('[data-testid="fund-subscribe"]').click();
  // 1234.56 × 0.35 / 100 = 4.32096 → 4.3209 a day; 7 days.
  await expect(page.locator('[data-testid="fund-day-profit"]').innerText()).resolves.toBe('4.3209 USDT');
  await expect(page.locator('[data-testid="fund-total-profit"]').innerText()).resolves.toBe('30.2463 USDT');
  await snap(page, 'fund-subscribe-sheet-360');
  await page.locator('[data-testid="fund-confirm"]').click();
  await page.waitForURL(/#\/mining\/record/);
  const [sub] = (await get<LastPaged<FundSubscription>>('/api/fund/subList', { page: '1' })).data;
  expect(sub).toMatchObject({ status: 1, share_amount: expect.stringMatching(/^1234\.56/) as string });
  const subId = String(sub?.id);

  // Income is paid within a few (short) fund days: poll the server for the first payment, then the screen shows it.
  const incomeRows = async (): Promise<number> =>
    (await get<LastPaged<FundIncome>>('/api/fund/insList', { sub_id: subId, page: '1' })).data.length;
  await expect.poll(incomeRows, { timeout: slow(20_000) }).toBeGreaterThan(0);
  await page.goto(`${e2e.server.url}/#/mining/income?id=${subId}`);
  await page.locator('[data-testid="income-row"]').first().waitFor();
  await expect(page.locator('[data-testid="income-row"]').first().innerText()).resolves.toContain('+4.3209');
  await snap(page, 'fund-income-360');

  // Redeem from the record screen: the penalty (5 % of 1234.56 = 61.73) is shown before the request.
  await page.goto(`${e2e.server.url}/#/mining/record`);
  await page.locator('[data-testid="sub-redeem"]').first().click();
  await expect(page.locator('[data-testid="redeem-text"]').innerText()).resolves.toContain('61.73');
  await page.locator('[data-testid="redeem-confirm"]').click();
  await page.locator('[data-testid="sub-row"][data-status="3"]').waitFor();
  // Redeemed early: the card says the penalty and what came back, not the profit it will not earn, and offers no
  // Redeem.
  const redeemed = async (p: typeof page) => {
    const card = p.locator('[data-testid="sub-row"][data-status="3"]').first();
    await expect(card.locator('[data-testid="sub-penalty"]').innerText()).resolves.toBe('61.73 USDT');
    await expect(card.locator('[data-testid="sub-returned"]').innerText()).resolves.toBe('1,172.83 USDT');
    await expect(card.locator('[data-testid="sub-redeem"]').count()).resolves.toBe(0);
    await expect(card.innerText()).resolves.not.toContain('總收益');
  };
  await redeemed(page);
  await snap(page, 'fund-record-360');

  const income = (await get<LastPaged<FundIncome>>('/api/fund/insList', { sub_id: subId, page: '1' })).data;
  expect(income.length).toBeGreaterThan(0);
  const paid = income.reduce((s, i) => s.plus(i.interest), dec(0));
  const balance = await get<{ balance: string }>('/v1/api/main/wallet/getBalance');
  expect(dec(balance.balance).toFixed(4)).toBe(dec(2000).minus('61.73').plus(paid).toFixed(4));
  await context.close();

  // The desk layout: the fund list is in the top navigation.
  const desk = await newPage(e2e.chrome.browser, DESKTOP);
  await desk.page.goto(`${e2e.server.url}/#/`);
  await desk.page.locator('.desk-nav [data-tab="mining"]').click();
  await desk.page.waitForURL(/#\/mining$/);
  await desk.page.locator('[data-testid="fund-card"]').first().waitFor();
  await snap(desk.page, 'fund-list-1280');
  await loginInBrowser(desk.page, e2e.server, user);
  await desk.page.goto(`${e2e.server.url}/#/mining/record`);
  await redeemed(desk.page);
  await snap(desk.page, 'fund-record-1280');
  await desk.context.close();
});
