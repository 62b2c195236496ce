// The page side of the "{{…}}" walk (tests/e2e/no-placeholders.test.ts): a script installed before the app's own
// that records every text and checked attribute ever added to the page holding "{{" (a toast that comes and goes
// is seen too) and counts the API requests in flight, and a visit of one route that navigates in-app and reads what
// is shown once the route has drawn its own screen and settled, in one round trip to the page.
import type { Page } from 'playwright-core';
import { slow } from '../fixtures/slowness.ts';

/** The attributes whose text a user reads or hears. */
export const CHECKED_ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'alt'] as const;

interface Watched {
  __braces: string[];
  __inflight: number;
}

/** Run in the page before any of its scripts (page.addInitScript): self-contained, its argument the attributes. */
function watchPage(attrs: readonly string[]): void {
  const w = window as unknown as Watched;
  w.__braces = [];
  w.__inflight = 0;
  const note = (text: string | null | undefined, what = ''): void => {
    if (text?.includes('{{')) w.__braces.push(`${what}${text.slice(0, 200)}`);
  };
  // Text a user can be shown: not a script's, a style's or a template's (the page's own inline boot data and code).
  const shown = (n: Node): boolean => !n.parentElement?.closest('script, style, noscript, template');
  const lookText = (n: Node): void => {
    if (n.nodeType === Node.TEXT_NODE) {
      if (shown(n)) note(n.textContent);
      return;
    }
    const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) if (shown(t)) note(t.textContent);
  };
  const lookAttrs = (el: Element): void => {
    for (const a of attrs) note(el.getAttribute(a), `${a}=`);
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'characterData') lookText(m.target);
      else if (m.type === 'attributes')
        note((m.target as Element).getAttribute(m.attributeName ?? ''), `${m.attributeName}=`);
      for (const n of m.addedNodes) {
        lookText(n);
        if (n instanceof Element) {
          lookAttrs(n);
          for (const el of n.querySelectorAll(attrs.map((a) => `[${a}]`).join(','))) lookAttrs(el);
        }
      }
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: [...attrs],
  });
  // The API client fetches (an upload goes through XHR). A route is read once no request of the page is in flight.
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    w.__inflight++;
    this.addEventListener('loadend', () => w.__inflight--, { once: true });
    send.apply(this, args);
  };
  const fetchIt = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__inflight++;
    return fetchIt(...args).finally(() => w.__inflight--);
  };
}

/** Installs the watcher on every document the page loads from now on. */
export async function watchBraces(page: Page): Promise<void> {
  await page.addInitScript(watchPage, CHECKED_ATTRIBUTES);
}

/**
 * Shows `hash` (null: stays where it is) by in-app navigation (as a tap on a link does) and answers the unfilled placeholders once the route
 * has settled (its chunk shown, nothing loading or busy, no request in flight, for two frames in a row): in the
 * visible text, the checked attributes, the document's title, and whatever was added meanwhile. A route that never
 * settles is reported too.
 */
export function visit(page: Page, hash: string | null): Promise<string[]> {
  // A hang guard, scaled to the host as it is at this visit: the page has no clock of the suite's slowness.
  const limitMs = slow(20_000);
  return page.evaluate(
    async ({ h, attrs, limitMs }) => {
      const w = window as unknown as Watched;
      if (h !== null && location.hash !== h) location.hash = h;
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      // Settled: the screen drawn is the route the address names now (after any redirect), its lazy chunk loaded —
      // an in-app move keeps the last screen while the next one loads — and nothing is loading in it.
      const drawn = () => document.querySelector('.app-main')?.getAttribute('data-route');
      const named = () => location.hash.slice(1).split('?')[0] || '/';
      const start = await frame();
      for (let calm = 0; calm < 2;) {
        const at = await frame();
        if (at - start > limitMs)
          return [`(the route ${named()} did not settle in ${Math.round(limitMs / 1000)} s: it drew ${drawn()})`];
        const busy =
          drawn() !== named() ||
          w.__inflight > 0 ||
          document.querySelector('.page-fallback, .loading-overlay, [aria-busy="true"]');
        calm = busy ? 0 : calm + 1;
      }
      const found = w.__braces.splice(0);
      for (const line of document.body.innerText.split('\n')) if (line.includes('{{')) found.push(line.slice(0, 200));
      for (const el of document.querySelectorAll(attrs.map((a) => `[${a}]`).join(','))) {
        for (const a of attrs) {
          const v = el.getAttribute(a);
          if (v?.includes('{{')) found.push(`${a}=${v.slice(0, 200)}`);
        }
      }
      if (document.title.includes('{{')) found.push(`<title>${document.title}`);
      return [...new Set(found)];
    },
    { h: hash, attrs: CHECKED_ATTRIBUTES, limitMs },
  );
}
