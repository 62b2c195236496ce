// What a retail trader is owed before a trade (docs/retail-protection.md), in Chromium at 360×740 and 1280×800: the
// risk warning with the firm's figure on /, /trade and /register without scrolling (in Arabic too); bid, ask and
// spread in the trade header and the Buy button at the ask; the leverage picker capped for a retail account and full
// for a professional one; and a first real order that asks the questionnaire, a failing score going on only after
// "I understand", then filling at an ask the header showed (every ask it drew is recorded until the fill: the
// simulator keeps ticking, and suspending its source would make the price stale and refuse the order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InstrumentSpec } from '../../domain/retail.ts';
import { RISK_WARNING_KEY } from '../../domain/stored-keys.ts';
import type { Instrument, Order } from '../../domain/types.ts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { DESKTOP, PHONE, resizeTo, snap } from './browser.ts';
import { pageIn, pickLanguage, userGet, userPageAt } from './lang-page.ts';
import { createFundedUser, keptInBrowser, ops } from './real-user.ts';
import { useOwnServerAndChrome } from './server-and-chrome.ts';
import { slow } from '../fixtures/slowness.ts';
import { DAY_MS } from '../../domain/time.ts';

const e2e = useOwnServerAndChrome(); // turns the retail rules on: the shared server's other files trade without them
const CLOSED_FOR = 'Christmas Day';
const FAILING = { leverage: 'gain_only', margin: 'fee', stop_out: 'closed', experience: 'none' };

beforeAll(async () => {
  await ops(e2e.server, 'setting-set', { key: 'retail_protection', value: '1' });
  await ops(e2e.server, 'feed-spread', { code: 'EURUSD', points: '15' });
  // One real retail account holding a position (opened at the ask, marked at the bid: a loss so far), so the figure
  // is computed over a population of one: 100 %.
  const trader = await createFundedUser(e2e.server, '5000', 'retail e2e population');
  const form = (body: Record<string, string>) =>
    fetch(`${e2e.server.url}/v1/api/retail/questionnaire`, {
      method: 'POST',
      headers: { authorization: trader.token, lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
  await form({ leverage: 'both', margin: 'deposit', stop_out: 'closed', experience: 'frequent' });
  const opened = await userGet<Order>(e2e.server, trader, '/v1/api/forex/submit', {
    type: 1,
    cont: '0.01',
    forex_id: 1,
    status: 1,
    multiple: 20,
  });
  expect(opened.msg).toBe('success');
  const figure = await ops<{ percent: number }>(e2e.server, 'loss-figure-run');
  expect(figure.percent).toBe(100);
  // A holiday ahead for gold, which its specification sheet lists (docs/market-data.md "Scheduled closures").
  const day = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  const utc = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
  await ops(e2e.server, 'closure-add', { code: 'XAUUSD', from: utc(day), to: utc(day + DAY_MS), reason: CLOSED_FOR });
});

afterAll(async () => {
  await ops(e2e.server, 'feed-spread', { code: 'EURUSD', points: '0' });
});

/** The warning is drawn, says a percentage, and lies whole inside the viewport. */
async function warningInView(page: Page): Promise<string> {
  const box = page.locator('[data-testid="risk-warning"]');
  await box.waitFor({ timeout: slow(15_000) });
  const r = await box.boundingBox();
  const vh = page.viewportSize()?.height ?? 0;
  expect(r).not.toBeNull();
  expect((r?.y ?? -1) >= 0 && (r?.y ?? 0) + (r?.height ?? 0) <= vh).toBe(true);
  return box.innerText();
}

const num = (text: string): string => text.replace(/[^\d.]/g, '');
const texts = { en, ar };
const seenAsks = (seen: string[]): string[] => seen.map(num);
const sideLabel = (page: Page) => page.locator('[data-testid="market-price-side"]:visible').first().innerText();

const SIZES = [
  ['phone', PHONE],
  ['desk', DESKTOP],
] as const;

it('shows the risk warning with its figure on /, /trade and /register, at each size, in en and then in ar', async () => {
  // One page: resized, and Arabic picked in the app, which redraws the same screens without a load.
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'en', PHONE);
  for (const lang of ['en', 'ar'] as const) {
    if (lang === 'ar') await pickLanguage(page, lang);
    for (const [name, size] of SIZES) {
      await resizeTo(page, size);
      for (const path of ['/', '/trade', '/register']) {
        await page.goto(`${e2e.server.url}/#${path}`);
        const text = await warningInView(page);
        expect(text).toContain('100');
        // The market list's one price is labelled Bid once, in its header.
        if (path === '/') await expect.poll(() => sideLabel(page)).toBe(texts[lang].market.prices_bid);
        // The page, not its spinner.
        await page.locator('.page-fallback').waitFor({ state: 'detached', timeout: slow(15_000) });
        // A chart on the screen (/trade, the desk) is loaded after the first paint: the picture waits for its candles.
        if (path === '/trade' || (path === '/' && name === 'desk'))
          await page.locator('.tw-chart[data-bars]:not([data-bars="0"]):visible').first().waitFor();
        await snap(page, `retail-warning-${name}-${lang}-${path.replace('/', '') || 'home'}`);
      }
    }
  }
  await context.close();
});

describe.each(SIZES)('at the %s size', (name, size) => {
  it('a retail account: Buy at the ask, leverage capped, the questionnaire first, filled at the ask shown', async () => {
    const user = await createFundedUser(e2e.server, '5000', 'retail e2e');
    const { context, page } = await userPageAt(e2e.chrome.browser, e2e.server, user, 'en', size, '#/trade');
    const sides = page.locator('[data-testid="quote-sides"]:visible');
    await sides.waitFor({ timeout: slow(15_000) });
    // One read of every figure at once: the simulator ticks between two separate reads.
    const read = async () =>
      sides.evaluate((el) => {
        const text = (root: ParentNode, sel: string) =>
          (root.querySelector(sel)?.textContent ?? '').replace(/[^\d.]/g, '');
        const submit = [...document.querySelectorAll<HTMLButtonElement>('[data-action="submit-order"]')].find(
          (b) => b.offsetParent !== null,
        );
        return {
          bid: text(el, '[data-field="bid"]'),
          ask: text(el, '[data-field="ask"]'),
          spread: text(el, '[data-field="spread"]'),
          button: submit ? text(submit, '[data-field="submit-price"]') : '',
          buySide: submit?.form ? text(submit.form, '[data-field="side-ask"]') : '',
          sellSide: submit?.form ? text(submit.form, '[data-field="side-bid"]') : '',
        };
      });
    await expect.poll(async () => (await read()).spread, { timeout: slow(15_000) }).toBe('15');
    const shown = await read();
    // The chart's ask line: on by default on the desk, off on the phone (a setting in the indicator sheet).
    const askLines = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.tw-chart[data-code="EURUSD"]')].map(
          (e) => e.dataset.askLine ?? '',
        ),
      );
    if (name === 'desk') await expect.poll(askLines).toContainEqual(expect.stringMatching(/^\d\.\d{5}$/));
    else expect((await askLines()).filter(Boolean)).toEqual([]);
    await snap(page, `retail-sides-${name}`);
    expect(shown.button).toBe(shown.ask);
    // The form's side buttons: Buy at the ask, Sell at the bid.
    expect([shown.buySide, shown.sellSide]).toEqual([shown.ask, shown.bid]);
    // The ask is the bid plus 15 points at 5 decimals.
    expect(Math.round((Number(shown.ask) - Number(shown.bid)) * 1e5)).toBe(15);

    await page.locator('button[data-field="leverage"]:visible').click();
    await expect
      .poll(() =>
        page
          .locator('.tr-multiplier-options [data-leverage]')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-leverage')))),
      )
      .toEqual([10, 20, 30]);
    await page.locator('.tr-multiplier-options:visible [data-leverage="30"]').click();
    // The ticket's margin at the retail cap, a multiple EURUSD's own list lacks: lots × 100,000 × the ask ÷ 30, within
    // the ask's moves between the preview and this read.
    const marginOff = () =>
      page.evaluate(() => {
        const form = [...document.querySelectorAll<HTMLFormElement>('form')].find((f) => f.offsetParent !== null);
        const figure = (sel: string) => Number((form?.querySelector(sel)?.textContent ?? '').replace(/[^\d.]/g, ''));
        const lots = Number(form?.querySelector<HTMLInputElement>('input[data-field="lots"]')?.value);
        const margin = figure('[data-field="margin"]');
        const want = (lots * 100_000 * figure('[data-field="side-ask"]')) / 30;
        return margin > 0 && want > 0 ? Math.abs(margin / want - 1) < 0.002 : `margin ${margin}, want ${want}`;
      });
    await expect.poll(marginOff, { timeout: slow(15_000) }).toBe(true);

    // From here on, every ask the header draws is kept, to find the fill price among them.
    await sides.locator('[data-field="ask"]').evaluate((el) => {
      const seen: string[] = [el.textContent ?? ''];
      (window as unknown as { asksSeen: string[] }).asksSeen = seen;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
        characterData: true,
        childList: true,
        subtree: true,
      });
    });
    await page.locator('[data-action="submit-order"]:visible').click();
    if (name === 'phone') {
      // The phone confirms a market order, saying the price it goes at: the ask, live.
      const price = page.locator('.dialog [data-field="confirm-price"]');
      await price.waitFor();
      expect(await page.locator('.tr-confirm-price').innerText()).toContain(en.trade.confirm_at_ask);
      // One read of both (the market ticks): the confirmation's price is the ask the header shows at that instant.
      const at = await sides.evaluate((el) => ({
        confirm: document.querySelector('.dialog [data-field="confirm-price"]')?.textContent ?? '',
        header: el.querySelector('[data-field="ask"]')?.textContent ?? '',
      }));
      expect(num(at.confirm)).toMatch(/^\d\.\d{5}$/);
      expect(num(at.confirm)).toBe(num(at.header));
      await snap(page, `retail-confirm-${name}`);
      await page.locator('.dialog .dialog__actions .btn:last-child').click();
    }
    const sheet = page.locator('[data-testid="appropriateness"]');
    await sheet.waitFor({ timeout: slow(10_000) });
    for (const [q, a] of Object.entries(FAILING)) {
      await sheet.locator(`[data-question="${q}"] [data-answer="${a}"]`).click();
    }
    await snap(page, `retail-questionnaire-${name}`);
    await sheet.locator('[data-action="send-answers"]').click();
    await sheet.locator('[data-action="understand"]').click();
    const popup = page.locator('#tr-placed-title');
    await popup.waitFor({ timeout: slow(15_000) });
    const filled = /\d+\.\d{5}/.exec(await page.locator('.tr-modal-text').innerText())?.[0] ?? '';
    const seen = await page.evaluate(() => (window as unknown as { asksSeen: string[] }).asksSeen);
    expect(seenAsks(seen)).toContain(filled);
    await snap(page, `retail-filled-${name}`);
    await context.close();
  });
});

it('the specification sheet shows the server’s terms for three classes, at each size', async () => {
  const user = await createFundedUser(e2e.server, '100', 'retail e2e spec');
  const list = await userGet<Instrument[]>(e2e.server, user, '/v1/api/forex/trade_list');
  const { context, page } = await userPageAt(e2e.chrome.browser, e2e.server, user, 'en', PHONE, '#/trade');
  const fill = (text: string, values: Record<string, string>) =>
    Object.entries(values).reduce((out, [k, v]) => out.replace(`{{${k}}}`, v), text);
  for (const [name, size] of SIZES) {
    await resizeTo(page, size);
    // [code, the class's words, the multiples a retail account is offered, its retail margin, its typical spread]
    for (const [code, cls, offered, margin, spread] of [
      ['EURUSD', 'Major currency pair', '×10 ×20 ×30', '3.33% (×30)', fill(en.spec.points_value, { points: '15' })],
      ['XAUUSD', 'gold or major index', '×10 ×20', '5% (×20)', en.spec.spread_none_value],
      ['BTCUSDT', 'Crypto-asset', '×2', '50% (×2)', en.spec.spread_none_value],
    ] as const) {
      const inst = list.data.find((i) => i.Code === code);
      const spec = await userGet<InstrumentSpec>(e2e.server, user, '/v1/api/retail/spec', { forex_id: inst?.Id ?? 0 });
      await page.goto(`${e2e.server.url}/#/trade?code=${code}`);
      await page.locator('[data-action="open-spec"]:visible').click();
      const sheet = page.locator(`[data-testid="spec-sheet"][data-code="${code}"][data-terms="server"]`);
      await sheet.waitFor({ timeout: slow(10_000) });
      const value = (row: string) => sheet.locator(`[data-spec="${row}"] dd`).innerText();
      await expect.poll(() => value('asset_class')).toContain(cls);
      expect(await value('contract_size')).toBe(inst?.ForexContNum);
      expect(await value('lot_step')).toBe(inst?.Pip);
      expect(await value('min_lots')).toBe(inst?.ForexMinCont);
      expect(await value('fee')).toBe(inst?.ForexFeeRate);
      expect(await value('precision')).toBe(String(inst?.PricePrecision));
      expect(await value('leverage')).toBe(offered);
      expect(await value('retail_margin')).toBe(margin);
      expect(await value('typical_spread')).toBe(spread);
      const rate = spec.data.swap_mode === 'percent' ? en.spec.swap_percent_value : en.spec.swap_points_value;
      expect(await value('swap_long')).toBe(fill(rate, { rate: spec.data.swap_long }));
      expect(await value('swap_short')).toBe(fill(rate, { rate: spec.data.swap_short }));
      expect(await value('swap_triple')).toContain('Wednesday');
      expect(await value('stop_level')).toBe(en.spec.stop_level_none);
      if (spec.data.always_open) expect(await value('hours')).toBe(en.spec.hours_always);
      else expect(await value('hours')).toMatch(/^\S+ \d\d:\d\d to \S+ \d\d:\d\d$/);
      const closures = await sheet.locator('[data-spec="closure"] dd').allInnerTexts();
      expect(closures).toEqual(code === 'XAUUSD' ? [expect.stringContaining(CLOSED_FOR)] : []);
      if (closures.length > 0) await sheet.locator('[data-spec="closure"]').scrollIntoViewIfNeeded();
      await snap(page, `retail-spec-${name}-${code}`);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
    }
  }
  // In Arabic, picked in the app: the words in the page's direction, the server's rows too.
  await pickLanguage(page, 'ar');
  for (const [name, size] of SIZES) {
    await resizeTo(page, size);
    await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
    await page.locator('[data-action="open-spec"]:visible').click();
    const sheet = page.locator('[data-testid="spec-sheet"][data-terms="server"]');
    await sheet.waitFor({ timeout: slow(10_000) });
    await expect.poll(() => sheet.locator('[data-spec="asset_class"] dd').innerText()).toBe(ar.spec.class_major_fx);
    expect(await sheet.locator('[data-spec="stop_level"] dd').innerText()).toBe(ar.spec.stop_level_none);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await snap(page, `retail-spec-${name}-ar`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  }
  await context.close();
});

it('a professional client is offered the instrument’s full list, at each size', async () => {
  const user = await createFundedUser(e2e.server, '5000', 'retail e2e pro');
  await ops(e2e.server, 'client-category-set', {
    user: user.account,
    category: 'professional',
    reason: 'elective professional, review passed',
  });
  const { context, page } = await userPageAt(e2e.chrome.browser, e2e.server, user, 'en', PHONE, '#/trade');
  for (const [, size] of SIZES) {
    await resizeTo(page, size);
    await page.locator('button[data-field="leverage"]:visible').click();
    const options = page.locator('.tr-multiplier-options:visible [data-leverage]');
    await expect
      .poll(() => options.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-leverage')))))
      .toEqual([10, 20, 50, 100, 200]);
    await page.keyboard.press('Escape');
    await options.first().waitFor({ state: 'detached' });
  }
  await context.close();
});

it('draws the warning with its figure in the first frame, before the app, which keeps it where it is', async () => {
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'hk', PHONE);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/*.js', async (route) => {
    await held; // the app's scripts: only the page and its inline script until released
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes('/v1/api/retail/warning') && asked.push(r.url())));
  // Not 'load': the held scripts, once the inline script has asked for them after its first paint, delay it.
  await page.goto(`${e2e.server.url}/#/`, { waitUntil: 'domcontentloaded' });
  const warning = page.locator('[data-testid="risk-warning"]');
  expect(await warningInView(page)).toContain('100');
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined(); // no app yet
  const list = page.locator('.mk-page');
  const before = (await list.boundingBox())?.y;
  await snap(page, 'retail-warning-first-frame-hk');
  await warning.evaluate((el) => el.setAttribute('data-first-frame', ''));
  release();
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  expect(await warning.getAttribute('data-first-frame')).toBe(''); // the same node: React attached to it
  expect((await list.boundingBox())?.y).toBe(before);
  expect(asked).toEqual([]); // the page carried it
  await context.close();
});

it("draws the warning the last visit kept in the first frame of the service worker's page, and asks for it again", async () => {
  const { context, page } = await pageIn(e2e.chrome.browser, e2e.server, 'hk', PHONE);
  // Routed from the start, which turns the HTTP cache off: the second visit's scripts must come through here.
  let held: Promise<void> | null = null;
  let release: () => void = () => undefined;
  await context.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined); // a load replaced by the next one no longer wants it
  });
  await page.goto(`${e2e.server.url}/#/`);
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  await keptInBrowser(page, RISK_WARNING_KEY); // the app keeps the warning for the next start (state/account/retail.ts)
  // The service worker's precached page is the built index.html: the same page without the served block.
  await context.route(`${e2e.server.url}/`, async (route) => {
    const served = await route.fetch();
    const body = (await served.text()).replace(/<script[^>]*id="tw-now"[^>]*>[^<]*<\/script>/, '');
    expect(body).not.toContain('id="tw-now"');
    await route.fulfill({ response: served, body });
  });
  held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes('/v1/api/retail/warning') && asked.push(r.url())));
  const warning = page.locator('[data-testid="risk-warning"]');
  // On a busy host the store can answer after the first paint's cap (src/boot/inline-paint.ts), which then shows the
  // screen without what was kept: such a load says nothing of the first frame, so the page is loaded again.
  for (let load = 1; load <= 3; load++) {
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('#root:not([data-wait])').waitFor({ state: 'attached', timeout: slow(15_000) });
    if ((await warning.count()) > 0) break;
  }
  expect(await warningInView(page)).toContain('100');
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined(); // no app yet
  await snap(page, 'retail-warning-returning-first-frame-hk');
  await warning.evaluate((el) => el.setAttribute('data-first-frame', ''));
  release();
  await page.locator('html[data-drawn="true"]').waitFor({ timeout: slow(30_000) });
  expect(await warning.getAttribute('data-first-frame')).toBe(''); // the same node
  await expect.poll(() => asked.length, { timeout: slow(15_000) }).toBe(1); // a kept warning may be a quarter old
  await context.close();
});
