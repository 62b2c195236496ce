// axe-core along a walk of the route table (tests/e2e/a11y.test.ts, no-placeholders.test.ts): once the walk has sent
// the page to a route, wait until the route has drawn whole and no request of the page is pending, then run axe
// (WCAG 2.1 AA, axeFindings in lang-page.ts) on the screen it landed on, once per screen, with motion reduced; each
// violation a finding naming who walked, the route, the rule and its targets. Also the query each detail route of a
// walk needs.
import type { ExpectStatic } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { axeFindings } from './lang-page.ts';
import { slow } from '../fixtures/slowness.ts';

/** The query each detail route of the walk needs: `?id=` of the first item its public list answers. */
export async function detailQueries(serverUrl: string): Promise<Record<string, string>> {
  const firstId = async (path: string) => {
    const res = await fetch(`${serverUrl}${path}?page=1&category_id=1`, { headers: { lang: 'en' } });
    const body = (await res.json()) as { data: { data: Array<{ id: number }> } };
    return `?id=${body.data.data[0]?.id ?? ''}`;
  };
  return { '/news/detail': await firstId('/api/news/list'), '/mining/subscribe': await firstId('/api/fund/list') };
}

export interface RouteFinding {
  who: string; // the walker: 'a visitor', 'a real user' …
  route: string; // 'the route asked → the screen landed on'
  rule: string;
  impact: string;
  targets: string[];
  why: string; // axe's summary for the first target
}

export interface AxeWalk {
  /** axe on the screen the page shows for `path` (the route the walk just navigated to), unless already checked. */
  check(path: string): Promise<void>;
  /** Stops watching the page, motion as before, and answers every finding of the walk. */
  end(): Promise<RouteFinding[]>;
}

/**
 * Waits until the route has drawn: its chunk and texts loaded, no blocking call in flight, no request pending, and
 * no list row still hidden by the virtualiser (virtua draws a row with visibility: hidden until it has measured it;
 * on a loaded machine axe could otherwise see nameless row buttons).
 */
async function settled(page: Page, pending: () => number, expect: ExpectStatic): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector('.page-fallback, .loading-overlay, [aria-busy="true"]')) return false;
    const unmeasured = document.querySelectorAll('[style*="visibility: hidden"]');
    return [...unmeasured].every((el) => el.closest('[hidden]'));
  });
  await expect.poll(pending, { timeout: slow(15_000) }).toBe(0);
}

/**
 * Starts an axe walk on `page` as `who`: from now on its requests are watched (the requests themselves, so one
 * already in flight is no miscount) and motion is reduced (no transition half-way through a contrast check). Takes
 * the test's own `expect`: walks may run concurrently, and expect.poll needs to know its test.
 */
export async function axeWalk(page: Page, who: string, expect: ExpectStatic): Promise<AxeWalk> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const inFlight = new Set<Request>();
  const sent = (r: Request) => {
    if (r.resourceType() !== 'websocket') inFlight.add(r);
  };
  const done = (r: Request) => {
    inFlight.delete(r);
  };
  page.on('request', sent);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const seen = new Set<string>();
  const findings: RouteFinding[] = [];
  return {
    async check(path) {
      await settled(page, () => inFlight.size, expect);
      const landed = new URL(page.url()).hash.split('?')[0] ?? '';
      if (seen.has(landed)) return;
      seen.add(landed);
      for (const v of await axeFindings(page)) {
        findings.push({
          who,
          route: `${path} → ${landed}`,
          rule: v.id,
          impact: v.impact ?? '',
          targets: v.nodes.map((n) => n.target.join(' ')),
          why: v.nodes[0]?.failureSummary ?? '',
        });
      }
    },
    async end() {
      page.off('request', sent);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
      await page.emulateMedia({ reducedMotion: null });
      return findings;
    },
  };
}
