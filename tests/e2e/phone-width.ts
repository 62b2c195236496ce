// The phone-width check of the every-language walk (tests/e2e/no-placeholders.test.ts; docs/client.md "Right-to-left
// reading"): on a 360×740 phone a screen never scrolls sideways, and on the tab screens the tab bar and each of its
// tabs lie whole inside the viewport. In Arabic the chart's hidden text alternative, placed from its right edge, once
// widened the page to 401 px and cut the tab bar.
import type { Page } from 'playwright-core';

/** The tab screens and what shows they are drawn: the chart with its bars and text alternative, the rows, the list. */
export const TAB_SCREENS: Readonly<Record<string, () => boolean>> = {
  '/trade': () =>
    Number(document.querySelector('.tw-chart')?.getAttribute('data-bars') ?? 0) > 50 &&
    document.querySelector('[data-testid="chart-legend-text"]') !== null,
  '/': () => document.querySelectorAll('.mk-row').length > 3,
  '/order': () => (document.querySelector('.app-main')?.textContent ?? '') !== '',
};

/** What is wider than the 360 px phone: the page itself, and on a tab screen the tab bar or a tab cut or missing. */
export function phoneWidthFaults(page: Page, tabScreen: boolean): Promise<string[]> {
  return page.evaluate((withTabs) => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > 360) out.push(`page ${root.scrollWidth} px wide`);
    if (!withTabs) return out;
    const bar = document.querySelector('.tab-bar');
    if (!bar) out.push('no tab bar');
    for (const el of [bar, ...document.querySelectorAll('.tab-bar__tab')]) {
      if (!el) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > 360.5 || r.bottom > 740.5 || r.width === 0) {
        out.push(`${el.className} ${Math.round(r.left)}–${Math.round(r.right)} "${el.textContent ?? ''}"`);
      }
    }
    return out;
  }, tabScreen);
}
