// A toast lasts 2.6 s: on a busy host one can come and go between two looks at the screen, so a test that must know
// what a toast said records every one the page shows instead of polling for it.
import type { FlowPage } from './flow-page.ts';

function record(): void {
  const w = window as unknown as { twToasts?: string[] };
  if (w.twToasts) return;
  const seen: string[] = (w.twToasts = []);
  const counted = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.toast')) {
      if (counted.has(el) || !el.innerText) continue;
      counted.add(el);
      seen.push(el.innerText);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** From now on (the page's document, if loaded, and each next load) each toast's text in the order shown. */
export async function recordToasts(page: FlowPage): Promise<void> {
  await page.addInitScript(record);
  await page.evaluate(record);
}

export const toastsShown = (page: FlowPage): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { twToasts?: string[] }).twToasts ?? []);
