// The desk's interactions (1280×800, one-click on, the 2×2 grid on) as steps, each with the visible answer it waits
// for: a row clicked → its chart and ticket; B → the one-click order's answer (the pressed pair, then its toast); the
// grid's second cell switched to the next instrument → that chart drawn; PageDown in the 5,000-row list → the next
// page of rows. The floor page (floor-desk.ts) answers under the same selectors.
import type { Page } from 'playwright-core';
import type { Step } from './steps.ts';

const TIMEOUT = 30_000;
const poll = { timeout: TIMEOUT, polling: 'raf' as const };

/** A chart of `code` on screen with its bars drawn (candle-chart.tsx marks its box, lazy-chart.tsx its picture). */
function chartOf(page: Page, scope: string, code: string): Promise<void> {
  return page
    .waitForFunction(
      ({ scope, code }) =>
        [...document.querySelectorAll<HTMLElement>(`${scope} .tw-chart[data-code="${code}"]`)].some(
          (b) =>
            b.offsetParent !== null &&
            (Number(b.dataset['bars'] ?? 0) > 0 || Number(b.querySelector('canvas')?.dataset['bars'] ?? 0) > 0),
        ),
      { scope, code },
      poll,
    )
    .then(() => undefined);
}

/** Mounted list rows' codes, top to bottom. */
const rowCodes = (page: Page): Promise<string[]> =>
  page.$$eval('.dk-market .mk-row', (rows) =>
    rows
      .filter((r) => (r as HTMLElement).offsetParent !== null)
      .map((r) => (r as HTMLElement).dataset['code'] ?? '')
      .filter(Boolean),
  );

/** The list shows the category of `code` (its chip), with `code`'s row in view. */
async function listOf(page: Page, chip: string, code: string | null): Promise<void> {
  await page
    .locator(`.dk-market .mk-chip[data-category="${chip}"] >> visible=true`)
    .first()
    .click({ timeout: TIMEOUT });
  if (code) await page.locator(`.dk-market .mk-row[data-code="${code}"]`).first().waitFor({ timeout: TIMEOUT });
  await page
    .locator('.dk-market .mk-scroll')
    .first()
    .evaluate((s) => s.scrollTo(0, 0));
}

export interface DeskCategories {
  /** The chip of the category `code` trades in, and the synthetic one's (5,000 rows). */
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
        await p.locator('.toast').first().waitFor({ state: 'detached', timeout: TIMEOUT });
        await p
          .locator('[data-testid="one-click-bar"] .oc-up:not([disabled]) >> visible=true')
          .first()
          .waitFor({ timeout: TIMEOUT });
      },
      act: (p) => p.keyboard.press('b'),
      answer: (p) => p.locator('.toast').first().waitFor({ timeout: TIMEOUT }),
    },
    {
      id: 'desk-row-to-chart',
      prepare: async (p) => {
        await listOf(p, cats.trading, code);
        other = (await rowCodes(p)).find((c) => c !== code) ?? '';
        if (!other) throw new Error('no second row in the list');
      },
      act: (p) => p.locator(`.dk-market .mk-row[data-code="${other}"] .mk-code`).first().click({ timeout: TIMEOUT }),
      answer: async (p) => {
        await p.locator(`.dk-chart .tr-head[data-code="${other}"]`).first().waitFor({ timeout: TIMEOUT });
        await p.locator('.dk-order .tr-form').first().waitFor({ timeout: TIMEOUT });
        await chartOf(p, '.dk-chart', other);
      },
      undo: async (p) => {
        await p.locator(`.dk-market .mk-row[data-code="${code}"] .mk-code`).first().click({ timeout: TIMEOUT });
        await chartOf(p, '.dk-chart', code);
      },
    },
    {
      id: 'desk-grid-instrument',
      prepare: async (p) => {
        const select = p.locator('.tw-grid__cell[data-cell="1"] select[data-field="grid-code"]').first();
        gridCode = await select.evaluate((s) => {
          const el = s as HTMLSelectElement;
          return el.options[(el.selectedIndex + 1) % el.options.length]?.value ?? '';
        });
        await select.focus();
      },
      // A key on the focused select: a real input (Event Timing sees it), where selectOption would script the change.
      act: (p) => p.keyboard.press('ArrowDown'),
      answer: (p) => chartOf(p, '.tw-grid__cell[data-cell="1"]', gridCode),
      undo: async (p) => {
        await p.keyboard.press('ArrowUp');
        await p.locator('.tw-grid__cell[data-cell="1"] select').first().blur();
      },
    },
    {
      id: 'desk-list-page-down',
      prepare: async (p) => {
        await listOf(p, cats.synthetic, null);
        await p.locator('.dk-market .mk-row').first().focus();
        scrolledFrom = await p
          .locator('.dk-market .mk-scroll')
          .first()
          .evaluate((s) => s.scrollTop);
      },
      act: (p) => p.keyboard.press('PageDown'),
      // Scrolled by most of a page, and a row drawn at the list's middle (the virtual list mounted the new page).
      answer: (p) =>
        p
          .waitForFunction(
            (from) => {
              const s = document.querySelector<HTMLElement>('.dk-market .mk-scroll');
              if (!s || s.scrollTop < from + s.clientHeight / 2) return false;
              const r = s.getBoundingClientRect();
              return document.elementFromPoint(r.left + r.width / 3, r.top + r.height / 2)?.closest('.mk-row') != null;
            },
            scrolledFrom,
            poll,
          )
          .then(() => undefined),
      undo: (p) => listOf(p, cats.trading, code),
    },
  ];
}
