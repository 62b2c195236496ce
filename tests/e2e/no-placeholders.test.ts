// No shown text carries an unfilled "{{…}}" placeholder, on any route (docs/client.md "How to add a locale key"), at
// 360×740 no screen is wider than the phone, the tab screens' tab bar whole (tests/e2e/phone-width.ts), and in hk on
// the phone axe-core finds no WCAG 2.1 AA violation on any screen a visitor or a real user is shown
// (tests/e2e/route-axe.ts; the demo user's screens and the Arabic reading are tests/e2e/a11y.test.ts's). That every
// language has every key with the placeholders of en.json, and that every call fills its text's placeholders, is
// checked in the source (tests/unit/house/i18n-keys.test.ts and i18n-calls.test.ts): a text the page leaves unfilled
// is then unfilled in every language alike, so the desk (1280×800) is walked in en, the master file's language, and
// the phone, whose width each language's text lengths test, in hk, en and ar. One page per language, in-app
// navigation only: as a visitor, the guest routes (/login, /register), in hk every route a visitor may see; then
// signed in on that login screen as a real user with a halted instrument (so the halt's messages are on screen),
// every other route of the route table. What is checked (tests/e2e/unfilled-placeholders.ts): the visible text, the
// title, aria-label, placeholder and alt attributes, the document's title, and every text or attribute added to the
// page at any moment of the walk (a toast that comes and goes). Then the halt at both sizes: the reason under the
// halted row on /, the /order sheet's note and its disabled actions, and one-click's Buy / Sell disabled (B on the
// desk toasts the reason filled in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_LANGUAGE, type Language } from '../../domain/types.ts';
import { languageInfo } from '../../src/i18n/languages.ts';
import { ROUTES } from '../../src/app/routes.tsx';
import { DESKTOP, PHONE, resizeTo, snap } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { createFundedUser, loginInBrowser, ops, submitLogin, type RealUser } from './real-user.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { phoneWidthFaults, TAB_SCREENS } from './phone-width.ts';
import { visit, watchBraces } from './unfilled-placeholders.ts';
import { axeWalk, detailQueries, type AxeWalk, type RouteFinding } from './route-axe.ts';
import { recordToasts, toastsShown } from './toasts.ts';
import { slow } from '../fixtures/slowness.ts';

// The shared server: the files of a run go one at a time, and the EURUSD it halts is resumed after it (afterAll).
const e2e = useServerAndChrome();
const REASON = 'maintenance window';
let user: RealUser;
let heldId = 0;

beforeAll(async () => {
  user = await createFundedUser(e2e.server, '20000', 'e2e placeholders');
  // A EURUSD position opened before the halt: its sheet on /order must show the halt. Twice the minimum lots: its
  // sheet offers a partial close too, which the halt turns off.
  const qs = new URLSearchParams({ type: '1', cont: '0.02', forex_id: '1', status: '1', multiple: '100' });
  const res = await fetch(`${e2e.server.url}/v1/api/forex/submit?${qs}`, {
    headers: { authorization: user.token, lang: 'en' },
  });
  heldId = ((await res.json()) as { data: { Id: number } }).data.Id;
  await ops(e2e.server, 'feed-halt', { code: 'EURUSD', reason: REASON });
});
afterAll(async () => {
  await ops(e2e.server, 'feed-resume', { code: 'EURUSD' }).catch(() => undefined);
});

/** The default language, the master file's, and the right-to-left one; the desk in the master file's. */
const WALKED: readonly Language[] = ['hk', 'en', 'ar'];
const DESK_WALKED: Language = 'en';
const GUEST = ROUTES.filter((r) => r.guestOnly).map((r) => r.path);
/** The phone walk that also runs axe: in the default language, the one a11y.test.ts's pages always had. */
const AXE_WALKED: Language = DEFAULT_LANGUAGE;
/** What else a visitor may see, walked in AXE_WALKED for axe (a guarded route sends a visitor to /login). */
const PUBLIC = ROUTES.filter((r) => !r.auth && !r.guestOnly && r.path !== '/').map((r) => r.path);
const SIGNED_IN = ROUTES.filter((r) => !r.guestOnly).map((r) => r.path);

describe('no unfilled {{…}} on any route', () => {
  it(
    'on the phone in hk, en and ar, on the desk in en: the guest routes as a visitor, every other route signed in, axe in hk',
    async () => {
      const query: Record<string, string> = { ...(await detailQueries(e2e.server.url)), '/trade': '?code=EURUSD' };
      const found: Record<string, string[]> = {};
      const axeFound: RouteFinding[] = [];
      const walk = async (page: Page, lang: string, size: string, paths: readonly string[], axe?: AxeWalk) => {
        for (const path of paths) {
          for (const text of await visit(page, `#${path}${query[path] ?? ''}`))
            (found[lang] ??= []).push(`${size} ${path}: ${text}`);
          if (size === '360') await fitsPhone(page, lang, path);
          await axe?.check(path); // once the tab screen is drawn whole too
        }
        if (axe) axeFound.push(...(await axe.end()));
      };
      // At 360 px every screen keeps to the phone's width, and a tab screen, once drawn, shows its tab bar whole.
      const fitsPhone = async (page: Page, lang: string, path: string) => {
        const drawn = TAB_SCREENS[path];
        // A wait that runs out names its screen: the timeout alone does not say which of the walk's it was.
        if (drawn)
          await page.waitForFunction(drawn, null, { timeout: slow(20_000) }).catch((err: unknown) => {
            throw new Error(`${lang} ${path} at 360 px: not drawn (${(err as Error).message})`);
          });
        for (const fault of await phoneWidthFaults(page, drawn !== undefined))
          (found[lang] ??= []).push(`360 ${path}: ${fault}`);
        if (drawn) await snap(page, `phone-width-${lang}-${path.replace(/[^a-z]/g, '') || 'home'}`);
      };
      // Two pages for the whole walk. The visitor's is loaded again in each language (its cookie set): the first
      // screen as a load draws it, then the guest routes (in hk, for axe, all a visitor may see). The signed-in one
      // picks each language on /language, as a user does: reloading it would make every route's chunk suspend again,
      // each shown after React's 300 ms hold.
      const visitor = await pageIn(e2e.chrome.browser, e2e.server, 'hk', PHONE);
      const member = await pageIn(e2e.chrome.browser, e2e.server, 'hk', PHONE);
      for (const { page } of [visitor, member]) await watchBraces(page);
      await member.page.goto(`${e2e.server.url}/#/login`);
      await submitLogin(member.page, user);
      const inLanguage = (page: Page, lang: string) =>
        expect
          .poll(() => page.evaluate(() => document.documentElement.lang), { message: lang })
          .toBe(languageInfo(lang as Language).bcp47);
      for (const lang of WALKED) {
        await visitor.context.addCookies([{ name: 'lang', value: lang, url: e2e.server.url }]);
        await resizeTo(visitor.page, PHONE);
        await visitor.page.goto(`${e2e.server.url}/#/`);
        await visitor.page.reload();
        await inLanguage(visitor.page, lang);
        const axed = lang === AXE_WALKED;
        const visitorAxe = axed ? await axeWalk(visitor.page, 'a visitor', expect) : undefined;
        await walk(visitor.page, lang, '360', ['/', ...GUEST, ...(axed ? PUBLIC : [])], visitorAxe);
        if (lang === DESK_WALKED) {
          await resizeTo(visitor.page, DESKTOP); // the desk's layout: the width query picks it (docs/screens.md)
          await walk(visitor.page, lang, '1280', [...GUEST, '/']);
        }
        if (lang !== DEFAULT_LANGUAGE) {
          await resizeTo(member.page, PHONE);
          await visit(member.page, '#/language');
          await member.page.locator(`[data-lang="${lang}"]`).click();
          await inLanguage(member.page, lang);
        }
        const memberAxe = axed ? await axeWalk(member.page, 'a real user', expect) : undefined;
        await walk(member.page, lang, '360', SIGNED_IN, memberAxe);
        if (lang === DESK_WALKED) {
          await resizeTo(member.page, DESKTOP);
          await walk(member.page, lang, '1280', SIGNED_IN);
        }
        // Still signed in: the last route needs a session, and a visitor would have been sent to /login.
        expect(new URL(member.page.url()).hash, lang).toBe(`#${SIGNED_IN.at(-1)}`);
      }
      await visitor.context.close();
      await member.context.close();
      // What was found in the message too: the run's summary, all CI keeps of a failure, shows its first lines.
      expect.soft(axeFound, `axe (WCAG 2.1 AA): ${JSON.stringify(axeFound)}`).toEqual([]);
      expect(found, JSON.stringify(found)).toEqual({});
    },
    slow(300_000),
  );
});

/** Shows EUR/USD's halt reason under its row on /, and on /order its sheet's note with close and stops disabled. */
async function haltShown(page: Page, lang: string, size: string): Promise<void> {
  await page.goto(`${e2e.server.url}/#/`);
  const reason = page.locator('.mk-row[data-code="EURUSD"] [data-field="halt-reason"]');
  await expect.poll(() => reason.innerText(), { message: `${lang} ${size}` }).toBe(REASON);
  expect(await reason.isVisible(), `${lang} ${size}`).toBe(true);
  await snap(page, `defects-a-halt-row-${lang}-${size}`);
  await page.goto(`${e2e.server.url}/#/order?type=1`);
  await page.locator(`.od-row[data-id="${heldId}"]`).click();
  const note = page.locator('.od-sheet [data-field="halted"]');
  await note.waitFor();
  if (lang === 'en') expect(await note.innerText()).toBe(`Trading halted: ${REASON}`);
  else expect(await note.innerText()).toContain(REASON);
  for (const action of ['close-order', 'edit-stops', 'close-part-open'])
    expect(await page.locator(`.od-sheet [data-action="${action}"]`).isDisabled(), `${lang} ${size} ${action}`).toBe(
      true,
    );
  await snap(page, `defects-a-halt-sheet-${lang}-${size}`);
}

/** The one-click Buy / Sell buttons `selector` finds: all disabled, their title the halt's reason filled in. */
async function oneClickHalted(page: Page, selector: string): Promise<void> {
  const buttons = await page.locator(selector).all();
  expect(buttons.length).toBeGreaterThanOrEqual(2);
  for (const b of buttons) {
    expect(await b.isDisabled()).toBe(true);
    expect(await b.getAttribute('title')).toBe(`Trading halted: ${REASON}`);
  }
}

/** A page in `lang` at `size` with one-click trading on (the setting the app reads at start), the user signed in. */
async function oneClickPage(lang: string, size: { width: number; height: number }) {
  const opened = await pageIn(e2e.chrome.browser, e2e.server, lang, size);
  await opened.page.addInitScript(() => localStorage.setItem('tw:one-click', 'on'));
  await watchBraces(opened.page);
  await loginInBrowser(opened.page, e2e.server, user);
  return opened;
}

describe('a halt', () => {
  it(
    'on the phone (360×740): the reason under the row on /, the /order sheet’s note, and one-click disabled on /trade',
    async () => {
      for (const lang of ['en', 'ar']) {
        const { context, page } = await oneClickPage(lang, PHONE);
        await haltShown(page, lang, '360');
        if (lang === 'en') {
          await page.goto(`${e2e.server.url}/#/trade?code=EURUSD`);
          const bar = page.locator('[data-testid="one-click-bar"]');
          await expect.poll(() => bar.getAttribute('data-halted')).toBe('true');
          await oneClickHalted(page, '[data-testid="one-click-bar"] [data-action="one-click"]');
          expect(await visit(page, null)).toEqual([]);
          await snap(page, 'defects-a-halt-one-click-360');
        }
        await context.close();
      }
    },
    slow(120_000),
  );

  it(
    'on the desk (1280×800): the reason and the sheet, one-click disabled in the row and the form, B toasts the reason',
    async () => {
      const { context, page } = await oneClickPage('en', DESKTOP);
      await haltShown(page, 'en', '1280');
      await page.goto(`${e2e.server.url}/#/`);
      await page.locator('.mk-row[data-code="EURUSD"] .mk-code').first().click();
      const bar = page.locator('[data-testid="one-click-bar"]');
      await bar.waitFor();
      await expect.poll(() => bar.getAttribute('data-halted')).toBe('true');
      await oneClickHalted(
        page,
        '.mk-row[data-code="EURUSD"] [data-action="one-click"], [data-testid="one-click-bar"] [data-action="one-click"]',
      );
      await recordToasts(page);
      await page.locator('body').press('b');
      await expect.poll(() => toastsShown(page)).toContainEqual(expect.stringContaining(`Trading halted: ${REASON}`));
      expect(await visit(page, null)).toEqual([]);
      await snap(page, 'defects-a-halt-one-click-1280');
      await context.close();
    },
    slow(120_000),
  );
});
