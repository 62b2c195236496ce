// Small helpers the browser flows share: a page in a given language and size (the `lang` cookie set before the app
// loads), the same with a user logged in at a screen, one such page shown in each look in turn, a GET of the API as a
// signed-in user (the wire envelope, English messages), and axe on what a page shows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Result as AxeFinding } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Envelope, Language } from '../../domain/types.ts';
import { languageInfo } from '../../src/i18n/languages.ts';
import { DESKTOP, PHONE, newPage, resizeTo } from './browser.ts';
import type { AppServer } from './app-server.ts';
import { seedSession, type RealUser } from './real-user.ts';

export async function pageIn(
  browser: Browser,
  server: AppServer,
  lang: string,
  size: { width: number; height: number },
  opts: { serviceWorker?: boolean } = {},
): Promise<Awaited<ReturnType<typeof newPage>>> {
  const opened = await newPage(browser, size, { ...opts, locale: lang === 'ar' ? 'ar' : 'en-GB' });
  await opened.context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
  return opened;
}

/** The text at `path` ('trade.period_1day') in locales/<lang>.json, '' where it has none. */
export function localeText(lang: string, path: string): string {
  let at: unknown = JSON.parse(readFileSync(join(process.cwd(), 'locales', `${lang}.json`), 'utf8'));
  for (const key of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[key];
  return typeof at === 'string' ? at : '';
}

/** Picks `lang` on /language from a language button, as a user does: the app redraws without a load. A screen with
 * none on show (an order sheet, a form) is left for the market first, whose header has one. */
export async function pickLanguage(page: Page, lang: Language): Promise<void> {
  // A screen's own and, on the desk, the navigation's: either opens /language.
  const button = page.locator('[data-testid="language-button"]').filter({ visible: true }).first();
  if ((await button.count()) === 0) {
    const market = new URL(page.url());
    market.hash = '#/';
    await page.goto(market.toString()); // in the app, no load
  }
  await button.click();
  await page.waitForURL(/#\/language/);
  await page.locator(`[data-lang="${lang}"]`).click();
  await page.waitForURL((u) => !u.hash.startsWith('#/language'));
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(languageInfo(lang).bcp47);
}

/** pageIn, then the app opened at `hash` ('#/', '#/order?type=1' …) signed in as `user` (its session seeded: the
 * login screen is not what these flows test). */
export async function userPageAt(
  browser: Browser,
  server: AppServer,
  user: RealUser,
  lang: string,
  size: { width: number; height: number },
  hash: string,
): Promise<Awaited<ReturnType<typeof newPage>>> {
  const opened = await pageIn(browser, server, lang, size);
  await seedSession(opened.page, server, user);
  await opened.page.goto(`${server.url}/${hash}`);
  return opened;
}

/** A look: the app's language, the window's size, and the name its pictures carry. */
export type Look = readonly [lang: Language, size: { width: number; height: number }, name: string];
/** The looks a screen is checked in unless its test names its own: the phone and the desk in English, the phone in
 * Arabic. */
export const LOOKS: readonly Look[] = [
  ['en', PHONE, '360'],
  ['en', DESKTOP, '1280'],
  ['ar', PHONE, '360-ar'],
];

/** `check` on one page signed in as `user` at `hash`, shown as each look in turn: resized, the language picked in the
 * app and `hash` opened again (one page load for all, as a trader turning a tablet or changing the language).
 * `watch` sees the page before its first load. */
export async function inEachLook(
  browser: Browser,
  server: AppServer,
  user: RealUser,
  hash: string,
  check: (page: Page, lang: Language, name: string) => Promise<void>,
  opts: { looks?: readonly Look[]; watch?: (page: Page) => void } = {},
): Promise<void> {
  const looks = opts.looks ?? LOOKS;
  const [first] = looks;
  if (!first) return;
  const { context, page } = await pageIn(browser, server, first[0], first[1]);
  opts.watch?.(page);
  await seedSession(page, server, user);
  await page.goto(`${server.url}/${hash}`);
  let shown = first[0];
  for (const [lang, size, name] of looks) {
    await resizeTo(page, size);
    if (lang !== shown) {
      await pickLanguage(page, lang);
      await page.goto(`${server.url}/${hash}`);
      shown = lang;
    }
    await check(page, lang, name);
  }
  await context.close();
}

export async function userGet<T>(
  server: AppServer,
  user: RealUser,
  path: string,
  query: Record<string, string | number> = {},
): Promise<Envelope<T>> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${server.url}${path}?${qs}`, { headers: { authorization: user.token, lang: 'en' } });
  return (await res.json()) as Envelope<T>;
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations of the WCAG A/AA rules (or of `rules` alone) on what the page shows now, or inside
 * `include`. axe is loaded once per document and run in the page: @axe-core/playwright loads it again and reads back
 * every frame's whole result at each call, several times the cost of the run itself, and the app has no frame.
 */
export async function axeFindings(
  page: Page,
  opts: { include?: string; rules?: readonly string[] } = {},
): Promise<AxeFinding[]> {
  type InPage = { axe?: typeof import('axe-core') };
  // A market list commits its first screenful as empty slots and fills them a frame later (market-list.tsx): axe
  // would see a scroll region with nothing to focus in it. Only a shown one in the checked part: a kept-alive list
  // left before its first frame stays empty while hidden.
  await page.waitForFunction(
    (within) =>
      ![...document.querySelectorAll(within ? `${within} .mk-slot:empty` : '.mk-slot:empty')].some((slot) =>
        slot.checkVisibility(),
      ),
    opts.include ?? null,
  );
  // A colour half-way through a transition is none the page rests at (a button an answer just enabled fades in from
  // its disabled opacity): checked after the last change has painted and no transition runs.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(
    () => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
  );
  if (!(await page.evaluate(() => (window as InPage).axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([within, rules, tags]) => {
      const axe = (window as InPage).axe;
      if (!axe) throw new Error('axe-core is not loaded');
      const runOnly = rules ? { type: 'rule' as const, values: rules } : { type: 'tag' as const, values: tags };
      return (await axe.run(within ? { include: [within] } : document, { runOnly, resultTypes: ['violations'] }))
        .violations;
    },
    [opts.include ?? null, opts.rules ? [...opts.rules] : null, WCAG_AA] as const,
  );
}

/** axeFindings on the WCAG A/AA rules as "rule: targets" lines (none expected). */
export async function axe(page: Page, include?: string): Promise<string[]> {
  const found = await axeFindings(page, { include });
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
