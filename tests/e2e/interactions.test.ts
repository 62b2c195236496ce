// Every interaction the bench times (bench/interactions/steps.ts and desk-steps.ts, the same lists) gives its visible
// answer in Chromium. The phone at 360×740: the instrument's /trade with its chart, the 1H period pressed and its
// hourly candles drawn, the multiplier sheet, the margin preview of the new lots, Buy pressed and its confirmation,
// the placed popup, the new position in the holding list, its detail sheet, the tabs, the chart's view moved by a
// drag. The desk at 1280×800: B's one-click order, a row's chart and ticket, the grid cell's next instrument, a page
// of the list. A demo account with one position is seeded through the API (the bench's session). Behaviour only:
// no timing is asserted.
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser.ts';
import { pageIn } from './lang-page.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { phoneSteps, type Step } from '../../bench/interactions/steps.ts';
import { deskSteps } from '../../bench/interactions/desk-steps.ts';
import { createBenchSession, seedBrowserState, type BenchSession } from '../../bench/render/session.ts';
import { ALL_CATEGORIES } from '../../src/pages/market/categories.ts';
import type { Envelope, Instrument, OrderList } from '../../domain/types.ts';
import { slow } from '../fixtures/slowness.ts';
import { recordToasts, toastsShown } from './toasts.ts';

const e2e = useServerAndChrome();
const CODE = 'EURUSD';
let session: BenchSession;
let inst: Instrument;

/** What the e2e checks beyond the step's own answer: `before` reads the screen after `prepare`, `after` compares. */
interface Check {
  before?: (page: Page) => Promise<string>;
  after: (page: Page, before: string) => Promise<void>;
}

const poll = { timeout: slow(15_000) };

async function holdingCount(): Promise<number> {
  const res = await fetch(`${e2e.server.url}/v1/api/forex/my_deal?status=1&page=1`, {
    headers: { authorization: session.login.token, lang: 'en' },
  });
  return ((await res.json()) as Envelope<OrderList>).data.data.length;
}

const visibleCount = (page: Page, selector: string): Promise<number> =>
  page.locator(`${selector} >> visible=true`).count();

/** The margin preview's figure (order-summary.tsx), as a number; NaN while it shows no value. */
const margin = (page: Page): Promise<number> =>
  page
    .locator('dd[data-field="margin"] >> visible=true')
    .first()
    .innerText()
    .then((t) => Number(t.replace(/[^\d.]/g, '') || 'NaN'));

/** "Bars in view: N" of the chart's text alternative (chart-text.tsx), refreshed as the view moves. */
const barsInView = (page: Page): Promise<string> =>
  page
    .locator('[data-testid="chart-summary"]')
    .first()
    .textContent()
    .then((t) => /Bars in view: (\d+)/.exec(t ?? '')?.[1] ?? '');

const tabCurrent = (tab: string) => async (page: Page) => {
  await expect.poll(() => visibleCount(page, `[data-tab="${tab}"][aria-current="page"]`), poll).toBeGreaterThan(0);
};

const phoneChecks: Record<string, Check> = {
  'instrument-to-trade': {
    after: async (page) => {
      expect(await visibleCount(page, `.tr-head[data-code="${CODE}"]`)).toBeGreaterThan(0);
      expect(await visibleCount(page, `.tw-chart[data-code="${CODE}"][data-period="1min"]`)).toBeGreaterThan(0);
    },
  },
  'period-1m-to-1h': {
    after: async (page) => {
      expect(await visibleCount(page, '.tr-period[data-period="1min"][aria-selected="true"]')).toBe(0);
      // The new period's candles: the newest bar drawn opens on the hour.
      const last = await page
        .locator('.tw-chart[data-period="60min"] >> visible=true')
        .first()
        .getAttribute('data-last-time');
      expect(Number(last) % 3600).toBe(0);
    },
  },
  'multiplier-picker': {
    after: async (page) => {
      expect(await visibleCount(page, '[data-leverage]')).toBeGreaterThan(1);
    },
  },
  'lots-digit': {
    before: async (page) => {
      await expect.poll(() => margin(page), poll).toBeGreaterThan(0);
      return String(await margin(page));
    },
    // 0.1 → 0.11 lots: the preview's margin follows (the price moves a little between the two readings).
    after: async (page, before) => {
      await expect.poll(async () => (await margin(page)) / Number(before), poll).toBeGreaterThan(1.05);
      expect((await margin(page)) / Number(before)).toBeLessThan(1.15);
    },
  },
  'buy-to-confirmation': {
    after: async (page) => {
      expect(await visibleCount(page, '.tr-side[data-side="1"][aria-checked="true"]')).toBeGreaterThan(0);
      expect(await page.locator('.dialog >> visible=true').first().innerText()).toContain(inst.ShowCode);
    },
  },
  'confirm-to-placed': {
    before: async () => String(await holdingCount()),
    after: async (_page, before) => {
      await expect.poll(holdingCount, poll).toBe(Number(before) + 1);
    },
  },
  'placed-to-holding-list': {
    // The seeded position and the one just placed.
    after: async (page) => {
      const held = await holdingCount();
      expect(held).toBe(2);
      await expect.poll(() => visibleCount(page, '.od-row[data-status="1"]'), poll).toBe(held);
    },
  },
  'order-detail-sheet': {
    after: async (page) => {
      expect(await page.locator('.od-detail >> visible=true').first().getAttribute('data-status')).toBe('1');
    },
  },
  'tab-orders-to-market': { after: tabCurrent('market') },
  'tab-market-to-orders': { after: tabCurrent('orders') },
  'chart-drag': {
    before: async (page) => {
      await expect.poll(() => barsInView(page), poll).not.toBe('');
      return barsInView(page);
    },
    // A history reset landing after the drag (a loaded machine) scrolls back to the newest bars: then drag again.
    after: async (page, before) => {
      const drag = phoneSteps(CODE).find((s) => s.id === 'chart-drag');
      await expect
        .poll(async () => {
          const now = await barsInView(page);
          if (now === before) await drag?.act(page);
          return now;
        }, poll)
        .not.toBe(before);
    },
  },
};

const deskChecks: Record<string, Check> = {
  'desk-one-click-buy-key': {
    before: async () => String(await holdingCount()),
    after: async (page, before) => {
      // The step waited for the key's toast, with none on screen before it: the last one shown.
      const toast = (await toastsShown(page)).at(-1) ?? '';
      expect(toast).not.toBe('');
      // A key pressed before the instrument's first live price is refused with a toast that says so (the app's
      // answer): pressed again once the toast is gone, until the position is there.
      await expect
        .poll(
          async () => {
            const now = await holdingCount();
            if (now === Number(before) && /live price/.test(toast) && (await page.locator('.toast').count()) === 0)
              await page.keyboard.press('b');
            return now;
          },
          { ...poll, message: `the toast said: ${toast}` },
        )
        .toBe(Number(before) + 1);
    },
  },
  'desk-grid-instrument': {
    before: (page) => page.locator('.tw-grid__cell[data-cell="1"] select[data-field="grid-code"]').first().inputValue(),
    after: async (page, before) => {
      const now = await page
        .locator('.tw-grid__cell[data-cell="1"] select[data-field="grid-code"]')
        .first()
        .inputValue();
      expect(now).not.toBe(before);
      expect(await visibleCount(page, `.tw-grid__cell[data-cell="1"] .tw-chart[data-code="${now}"]`)).toBe(1);
    },
  },
};

/** Runs `steps` in order, each with its check; names the step that gave no answer and those that did. */
async function walk(page: Page, steps: Step[], checks: Record<string, Check>): Promise<string[]> {
  const done: string[] = [];
  for (const step of steps) {
    const check = checks[step.id];
    try {
      await step.prepare?.(page);
      const before = (await check?.before?.(page)) ?? '';
      await step.act(page);
      await step.answer(page);
      await check?.after(page, before);
      await step.undo?.(page);
    } catch (err) {
      throw new Error(`${step.id} gave no answer after ${done.join(', ') || 'nothing'}: ${String(err)}`, {
        cause: err,
      });
    }
    done.push(step.id);
  }
  return done;
}

async function appAt(size: { width: number; height: number }, hash: string, storage: Record<string, string>) {
  const opened = await pageIn(e2e.chrome.browser, e2e.server, 'en', size);
  await opened.context.addInitScript((kv: Record<string, string>) => {
    for (const [k, v] of Object.entries(kv)) localStorage.setItem(k, v);
  }, storage);
  await seedBrowserState(opened.page, e2e.server.url, session);
  await recordToasts(opened.page);
  await opened.page.goto(`${e2e.server.url}/${hash}`);
  return opened;
}

beforeAll(async () => {
  session = await createBenchSession(e2e.server.url, CODE);
  if (session.order?.ForexTradeLists.Code !== CODE) throw new Error(`no position seeded on ${CODE}: ${session.note}`);
  inst = session.instrument;
});

it(
  'each step of the phone’s trading path answers on screen (360×740)',
  async () => {
    const { context, page } = await appAt(PHONE, '#/', {});
    try {
      const steps = phoneSteps(CODE);
      expect(await walk(page, steps, phoneChecks)).toHaveLength(steps.length);
    } finally {
      await context.close();
    }
  },
  slow(240_000),
);

it(
  'each desk interaction answers on screen (1280×800, one-click and the 2×2 grid on)',
  async () => {
    const storage = { 'tw:one-click': 'on', 'tw:desk-grid': JSON.stringify({ on: true, cells: [] }) };
    const { context, page } = await appAt(DESKTOP, `#/trade?code=${CODE}`, storage);
    try {
      // The shared server has no 5,000 synthetic rows (the bench's server adds them): PageDown runs in "all", which
      // is still longer than two pages of the desk's list.
      const steps = deskSteps(CODE, { trading: String(inst.CategoryId), synthetic: String(ALL_CATEGORIES) });
      expect(await walk(page, steps, deskChecks)).toHaveLength(steps.length);
    } finally {
      await context.close();
    }
  },
  slow(240_000),
);
