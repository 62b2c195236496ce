// The desk's interactions as steps, each waiting for its visible answer; floor-desk.ts answers the same selectors.
import type { Locator, Page } from 'playwright-core';
import { TIMEOUT, type Step } from './steps.ts';

const poll = { timeout: TIMEOUT, polling: 'raf' as const };
const first = (page: Page, selector: string): Locator => page.locator(selector).first();

/** candle-chart.tsx marks its box, lazy-chart.tsx its picture. */
function chartOf(page: Page, scope: string, code: string): Promise<unknown> {
  return page.waitForFunction(
    ({ scope, code }) =>
      [...document.querySelectorAll<HTMLElement>(`${scope} .tw-chart[data-code="${code}"]`)].some(
        (b) =>
          b.offsetParent !== null &&
          (Number(b.dataset['bars'] ?? 0) > 0 || Number(b.querySelector('canvas')?.dataset['bars'] ?? 0) > 0),
      ),
    { scope, code },
    poll,
  );
}

const rowCodes = (page: Page): Promise<string[]> =>
  page.$$eval('.dk-market .mk-row', (rows) =>
    rows
      .filter((r) => (r as HTMLElement).offsetParent !== null)
      .map((r) => (r as HTMLElement).dataset['code'] ?? '')
      .filter(Boolean),
  );

async function listOf(page: Page, chip: string, code: string | null): Promise<void> {
  await first(page, `.dk-market .mk-chip[data-category="${chip}"] >> visible=true`).click({ timeout: TIMEOUT });
  if (code) await first(page, `.dk-market .mk-row[data-code="${code}"]`).waitFor({ timeout: TIMEOUT });
  await first(page, '.dk-market .mk-scroll').evaluate((s) => s.scrollTo(0, 0));
}

export interface DeskCategories {
  /** And the synthetic category's (5,000 rows). */
  trading: string;
  synthetic: string;
}

export function deskSteps(code: string, cats: DeskCategories): Step[] {
  let other = '';
  let gridCode = '';
  let scrolledFrom = 0;
  return [
    {
      id: 'desk-one-click-buy-key',
      prepare: async (p) => {
        await first(p, '.toast').waitFor({ state: 'detached', timeout: TIMEOUT });
        await first(p, '[data-testid="one-click-bar"] .oc-up:not([disabled]) >> visible=true').waitFor({
          timeout: TIMEOUT,
        });
      },
      act: (p) => p.keyboard.press('b'),
      answer: (p) => first(p, '.toast').waitFor({ timeout: TIMEOUT }),
    },
    {
      id: 'desk-row-to-chart',
      prepare: async (p) => {
        await listOf(p, cats.trading, code);
        other = (await rowCodes(p)).find((c) => c !== code) ?? '';
        if (!other) throw new Error('no second row in the list');
      },
      act: (p) => first(p, `.dk-market .mk-row[data-code="${other}"] .mk-code`).click({ timeout: TIMEOUT }),
      answer: async (p) => {
        await first(p, `.dk-chart .tr-head[data-code="${other}"]`).waitFor({ timeout: TIMEOUT });
        await first(p, '.dk-order .tr-form').waitFor({ timeout: TIMEOUT });
        await chartOf(p, '.dk-chart', other);
      },
      undo: async (p) => {
        await first(p, `.dk-market .mk-row[data-code="${code}"] .mk-code`).click({ timeout: TIMEOUT });
        await chartOf(p, '.dk-chart', code);
      },
    },
    {
      id: 'desk-grid-instrument',
      prepare: async (p) => {
        const select = first(p, '.tw-grid__cell[data-cell="1"] select[data-field="grid-code"]');
        gridCode = await select.evaluate((s) => {
          const el = s as HTMLSelectElement;
          return el.options[(el.selectedIndex + 1) % el.options.length]?.value ?? '';
        });
        await select.focus();
      },
      // A real key input Event Timing sees, where selectOption would script the change.
      act: (p) => p.keyboard.press('ArrowDown'),
      answer: (p) => chartOf(p, '.tw-grid__cell[data-cell="1"]', gridCode),
      undo: async (p) => {
        await p.keyboard.press('ArrowUp');
        await first(p, '.tw-grid__cell[data-cell="1"] select').blur();
      },
    },
    {
      id: 'desk-list-page-down',
      prepare: async (p) => {
        await listOf(p, cats.synthetic, null);
        await first(p, '.dk-market .mk-row').focus();
        scrolledFrom = await first(p, '.dk-market .mk-scroll').evaluate((s) => s.scrollTop);
      },
      act: (p) => p.keyboard.press('PageDown'),
      // A row drawn at the list's middle means the virtual list mounted the new page.
      answer: (p) =>
        p.waitForFunction(
          (from) => {
            const s = document.querySelector<HTMLElement>('.dk-market .mk-scroll');
            if (!s || s.scrollTop < from + s.clientHeight / 2) return false;
            const r = s.getBoundingClientRect();
            return document.elementFromPoint(r.left + r.width / 3, r.top + r.height / 2)?.closest('.mk-row') != null;
          },
          scrolledFrom,
          poll,
        ),
      undo: (p) => listOf(p, cats.trading, code),
    },
  ];
}
