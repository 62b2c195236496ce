// The chart draws each active price alert of the shown instrument as a line with its price (docs/alerts.md).
import { describe, expect, it } from 'vitest';
import { priceAlert } from '../../../fixtures/alerts.ts';
import { alertLinesOf } from '../../../../src/chart/chart-orders.tsx';

describe('alertLinesOf', () => {
  it('an active price alert of the instrument is a line at its price, named with it; fired, change and other instruments are not', () => {
    const lines = alertLinesOf(
      [
        priceAlert({ id: 1 }),
        priceAlert({ id: 2, status: 'fired' }),
        priceAlert({ id: 3, kind: 'change', price: null, percent: '2' }),
        priceAlert({ id: 4, instrumentId: 2, price: '151.000' }),
        priceAlert({ id: 5, condition: 'below', price: '1.08000' }),
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
