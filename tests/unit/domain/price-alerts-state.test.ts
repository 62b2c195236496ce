// A fired price alert in the open app (src/state/alerts/price-alerts.ts, docs/alerts.md "Delivery"): a toast in the app's
// language and the list updated; a service-worker notification (tag alert-{id}, the trade screen's link) only while
// the page is hidden.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import { initI18n } from '../../../src/i18n/index.ts';
import { alertFired, firedText } from '../../../src/state/alerts/price-alerts.ts';
import { $toasts } from '../../../src/state/shell/toasts.ts';

const fired: PriceAlert = {
  id: 9,
  instrumentId: 1,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  kind: 'price',
  condition: 'below',
  price: '1.09000',
  percent: null,
  note: 'buy back',
  status: 'fired',
  created_at: 1,
  fired_at: 2,
  fired_price: '1.08950',
  fired_change: null,
};

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

function recorder(visibilityState: DocumentVisibilityState) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  return {
    shown,
    deps: {
      doc: { visibilityState },
      notify: async (title: string, options: NotificationOptions) => void shown.push({ title, options }),
    },
  };
}

describe('a fired alert in the app', () => {
  it('is a toast and no system notification while the page is visible', () => {
    $toasts.value = [];
    const r = recorder('visible');
    alertFired(fired, r.deps);
    expect($toasts.value.map((t) => t.text)).toEqual(['EUR/USD is at 1.08950, at or below your 1.09000. — buy back']);
    expect(r.shown).toEqual([]);
  });

  it('is also a service-worker notification, tagged with the alert, while the page is hidden', () => {
    const r = recorder('hidden');
    alertFired({ ...fired, id: 10, note: '' }, r.deps);
    expect(r.shown).toEqual([
      {
        title: 'Price alert: EUR/USD',
        options: {
          body: 'EUR/USD is at 1.08950, at or below your 1.09000.',
          tag: 'alert-10',
          data: { url: '/#/trade?code=EURUSD' },
        },
      },
    ]);
    expect(firedText({ ...fired, condition: 'above', note: '' }).body).toBe(
      'EUR/USD is at 1.08950, at or above your 1.09000.',
    );
  });

  it('says the day move of a day-move alert, with the sign the market list shows', () => {
    const change = { ...fired, kind: 'change' as const, price: null, percent: '2.5', note: '', fired_change: '2.51' };
    expect(firedText({ ...change, condition: 'above' }).body).toBe(
      'EUR/USD is +2.51% today, at 1.08950: your alert for a rise of 2.5%.',
    );
    expect(firedText({ ...change, condition: 'below', fired_change: '-2.50' }).body).toBe(
      'EUR/USD is -2.50% today, at 1.08950: your alert for a fall of 2.5%.',
    );
  });
});
