// A toast lasts 2.6 s: on a busy host one can come and go between two looks at the screen, so a test that must know
// what a toast said records every one the page shows instead of polling for it.
import type { Page } from 'playwright-core';

/** From the page's next load on, each toast's text in the order shown. */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const counted = new WeakSet<Element>();
    (window as unknown as { twToasts: string[] }).twToasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('.toast')) {
        if (counted.has(el) || !el.innerText) continue;
        counted.add(el);
        seen.push(el.innerText);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export const toastsShown = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { twToasts?: string[] }).twToasts ?? []);
