// The trading path at 360×740 in Chromium: every interaction the bench times (bench/interactions/steps.ts,
// the same list) gives its visible answer — the instrument's /trade with its chart, the 1H period pressed and its
// candles drawn, the multiplier sheet, the lots field's new digit, the confirmation, the placed popup, the position
// in the holding list, its detail sheet, the tabs, the chart after a drag. Behaviour only: no timing is asserted.
import { expect, it } from 'vitest';
import { PHONE, newPage, snap } from './browser.ts';
import { useServerAndChrome } from './server-and-chrome.ts';
import { phoneSteps } from '../../bench/interactions/steps.ts';
import { slow } from '../fixtures/slowness.ts';

const e2e = useServerAndChrome();

it(
  'each step of the trading path answers on screen',
  async () => {
    const { context, page } = await newPage(e2e.chrome.browser, PHONE, { locale: 'en-GB' });
    try {
      await page.goto(`${e2e.server.url}/#/login`);
      await page.locator('[data-testid="demo-login"]').click();
      await page.waitForURL((u) => !u.hash.startsWith('#/login'));
      const done: string[] = [];
      for (const step of phoneSteps('EURUSD')) {
        await step.prepare?.(page);
        await step.act(page);
        await step.answer(page).catch((err: unknown) => {
          throw new Error(`${step.id} gave no answer after ${done.join(', ') || 'nothing'}: ${String(err)}`);
        });
        if (step.id === 'period-1m-to-1h') await snap(page, 'interactions-period-1h-360');
        if (step.id === 'order-detail-sheet') await snap(page, 'interactions-detail-360');
        await step.undo?.(page);
        done.push(step.id);
      }
      expect(done).toHaveLength(phoneSteps('EURUSD').length);
    } finally {
      await context.close();
    }
  },
  slow(240_000),
);
