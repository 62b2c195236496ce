// A fired price alert in the open app (src/state/price-alerts.ts, docs/alerts.md "Delivery"): a toast in the app's
// language and the list updated; a service-worker notification (tag alert-{id}, the trade screen's link) only while
// the page is hidden.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert } from '../../src/domain/price-alerts.ts';
import { initI18n } from '../../src/i18n/index.ts';
import { alertFired, firedText } from '../../src/state/price-alerts.ts';
import { $toasts } from '../../src/state/toasts.ts';

const fired: PriceAlert = {
  id: 9, forex_id: 1, code: 'EURUSD', show_code: 'EUR/USD', condition: 'below', price: '1.09000', note: 'buy back',
  status: 'fired', created_at: 1, fired_at: 2, fired_price: '1.08950',
};

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

function recorder(visibilityState: DocumentVisibilityState) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  return {
    shown,
    deps: { doc: { visibilityState }, notify: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
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
    expect(r.shown).toEqual([{
      title: 'Price alert: EUR/USD',
      options: { body: 'EUR/USD is at 1.08950, at or below your 1.09000.', tag: 'alert-10', data: { url: '/#/trade?code=EURUSD' } },
    }]);
    expect(firedText({ ...fired, condition: 'above', note: '' }).body).toBe('EUR/USD is at 1.08950, at or above your 1.09000.');
  });
});
