// The chart draws each active price alert of the shown instrument as a line with its price (docs/alerts.md).
import { describe, expect, it } from 'vitest';
import type { PriceAlert } from '../../../../../../domain/price-alerts.ts';
import { alertLinesOf } from '../../../../../../src/pages/trade/chart/alert-lines.ts';

const alert = (over: Partial<PriceAlert>): PriceAlert => ({
  id: 1,
  forex_id: 1,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  kind: 'price',
  condition: 'above',
  price: '1.08600',
  percent: null,
  note: '',
  status: 'active',
  created_at: 0,
  fired_at: null,
  fired_price: null,
  fired_change: null,
  ...over,
});

describe('alertLinesOf', () => {
  it('an active price alert of the instrument is a line at its price, named with it; fired, change and other instruments are not', () => {
    const lines = alertLinesOf(
      [
        alert({ id: 1 }),
        alert({ id: 2, status: 'fired' }),
        alert({ id: 3, kind: 'change', price: null, percent: '2' }),
        alert({ id: 4, forex_id: 2, price: '151.000' }),
        alert({ id: 5, condition: 'below', price: '1.08000' }),
      ],
      1,
      (price) => `Alert ${price}`,
    );
    // Each at its price as the server keeps it, named with it.
    expect(lines).toEqual([
      { id: 1, price: 1.086, priceText: '1.08600', title: 'Alert 1.08600' },
      { id: 5, price: 1.08, priceText: '1.08000', title: 'Alert 1.08000' },
    ]);
  });
});
