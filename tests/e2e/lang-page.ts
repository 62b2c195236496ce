// Small helpers the trader-tools, watchlist and keys flows share: a page in a given language and size (the `lang`
// cookie set before the app loads), the same with a user logged in at a screen, a GET of the API as a signed-in user
// (the wire envelope, English messages), and axe on what a page shows.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { Envelope } from '../../domain/types.ts';
import { newPage } from './browser.ts';
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

/** axe's WCAG A/AA violations on what the page shows now (or inside `include`), as "rule: targets" lines (none
 * expected). Legacy mode runs axe in the page itself instead of a blank page per run. */
export async function axe(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_AA }, resultTypes: ['violations'] })
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
