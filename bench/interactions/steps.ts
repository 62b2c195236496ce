// The phone's trading path as steps; the floor page and tests/e2e/interactions.test.ts use the same list and selectors.
import type { Page } from 'playwright-core';

/** Each part is awaited, what it resolves to is not read. */
export interface Step {
  id: string;
  /** Unmeasured. */
  prepare?: (page: Page) => Promise<unknown>;
  /** What the Event Timing API sees. */
  act: (page: Page) => Promise<unknown>;
  answer: (page: Page) => Promise<unknown>;
  /** Unmeasured. */
  undo?: (page: Page) => Promise<unknown>;
}

export const TIMEOUT = 30_000;
const CONFIRM = '.dialog .dialog__actions .btn:last-child';
const HOLDING = '.od-row[data-status="1"]';
const visible = (page: Page, selector: string): Promise<void> =>
  page.locator(`${selector} >> visible=true`).first().waitFor({ state: 'visible', timeout: TIMEOUT });
const gone = (page: Page, selector: string): Promise<void> =>
  page.locator(`${selector} >> visible=true`).first().waitFor({ state: 'detached', timeout: TIMEOUT });
const tap = (page: Page, selector: string): Promise<void> =>
  page.locator(`${selector} >> visible=true`).first().click({ timeout: TIMEOUT });

/** Its box says so once the bars are drawn (chart-frames.ts). */
function chartAt(page: Page, period: string): Promise<unknown> {
  return page.waitForFunction(
    (p) =>
      [...document.querySelectorAll<HTMLElement>(`.tw-chart[data-period="${p}"]`)].some(
        (b) => b.offsetParent !== null && Number(b.dataset['bars'] ?? 0) > 0,
      ),
    period,
    { timeout: TIMEOUT, polling: 'raf' },
  );
}

/** The app's overlays and the floor's both close on Escape. */
async function escape(page: Page, selector: string): Promise<void> {
  await page.keyboard.press('Escape');
  await gone(page, selector);
}

/** A tap on `on` whose answer is `shows` visible. */
const tapStep = (id: string, on: string, shows: string, extra: Partial<Step> = {}): Step => ({
  id,
  act: (p) => tap(p, on),
  answer: (p) => visible(p, shows),
  ...extra,
});

async function toTab(page: Page, tab: string, ready: string): Promise<void> {
  await tap(page, `[data-tab="${tab}"]`);
  await visible(page, ready);
}

export function phoneSteps(code: string): Step[] {
  return [
    {
      id: 'instrument-to-trade',
      prepare: (p) => toTab(p, 'market', `.mk-row[data-code="${code}"]`),
      act: (p) => tap(p, `.mk-row[data-code="${code}"]`),
      answer: async (p) => {
        await visible(p, '.tr-periods');
        await chartAt(p, '1min');
      },
    },
    {
      id: 'period-1m-to-1h',
      act: (p) => tap(p, '.tr-period[data-period="60min"]'),
      answer: async (p) => {
        await visible(p, '.tr-period[data-period="60min"][aria-selected="true"]');
        await chartAt(p, '60min');
      },
      undo: async (p) => {
        await tap(p, '.tr-period[data-period="1min"]');
        await chartAt(p, '1min');
      },
    },
    tapStep('multiplier-picker', '[data-field="leverage"]', '[data-leverage]', {
      undo: (p) => escape(p, '[data-leverage]'),
    }),
    {
      id: 'lots-digit',
      prepare: async (p) => {
        const lots = p.locator('.tr-stepper input >> visible=true').first();
        await lots.fill('0.1');
        await lots.press('End');
      },
      act: (p) => p.keyboard.press('1'),
      answer: (p) =>
        p.waitForFunction(
          () => [...document.querySelectorAll<HTMLInputElement>('.tr-stepper input')].some((i) => i.value === '0.11'),
          undefined,
          { timeout: TIMEOUT, polling: 'raf' },
        ),
      undo: (p) => p.locator('.tr-stepper input >> visible=true').first().fill('0.1'),
    },
    tapStep('buy-to-confirmation', '[data-action="submit-order"]', CONFIRM, {
      prepare: (p) => tap(p, '.tr-side[data-side="1"]'),
    }),
    tapStep('confirm-to-placed', CONFIRM, '[data-action="view-orders"]'),
    tapStep('placed-to-holding-list', '[data-action="view-orders"]', HOLDING),
    tapStep('order-detail-sheet', HOLDING, '.od-detail', { undo: (p) => escape(p, '.od-detail') }),
    tapStep('tab-orders-to-market', '[data-tab="market"]', `.mk-row[data-code="${code}"]`),
    tapStep('tab-market-to-orders', '[data-tab="orders"]', HOLDING),
    {
      id: 'chart-drag',
      prepare: async (p) => {
        await toTab(p, 'market', `.mk-row[data-code="${code}"]`);
        await tap(p, `.mk-row[data-code="${code}"]`);
        await chartAt(p, '1min');
      },
      act: async (p) => {
        const box = await p.locator('.tw-chart >> visible=true').first().boundingBox();
        if (!box) throw new Error('no chart on screen');
        const y = box.y + box.height / 2;
        await p.mouse.move(box.x + box.width * 0.7, y);
        await p.mouse.down();
        for (let i = 1; i <= 5; i++) await p.mouse.move(box.x + box.width * (0.7 - i * 0.08), y);
        await p.mouse.up();
      },
      answer: (p) =>
        p.waitForFunction(
          () =>
            [...document.querySelectorAll<HTMLElement>('.tw-chart')].some(
              (b) => b.dataset['dragged'] !== undefined || b.offsetParent !== null,
            ),
          undefined,
          { timeout: TIMEOUT },
        ),
    },
  ];
}
