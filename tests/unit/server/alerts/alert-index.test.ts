// The market writer's alert index (server/alerts/alert-index.ts, docs/alerts.md "Evaluation on the tick path"): price
// levels against the tick's price, day moves (+N / −N) against the day's change %, each alert handed out once, and
// the change % read only for an instrument that has day-move alerts. And the Web Push text of a day move, in the
// browser's language (server/alerts/web-push-sender.ts, the same key and values as the app's toast).
import { describe, expect, it, vi } from 'vitest';
import { AlertIndex } from '../../../../server/alerts/alert-index.ts';
import { alertPushPayload } from '../../../../server/alerts/web-push-sender.ts';
import type { PriceAlert } from '../../../../domain/price-alerts.ts';

const price = (id: number, condition: 'above' | 'below', value: string) => ({
  id,
  userId: 1,
  instrumentId: 7,
  kind: 'price' as const,
  condition,
  value,
});
const move = (id: number, condition: 'above' | 'below', value: string) => ({
  id,
  userId: 1,
  instrumentId: 7,
  kind: 'change' as const,
  condition,
  value,
});

describe('AlertIndex', () => {
  it('does not read the change % of an instrument without day-move alerts', () => {
    const index = new AlertIndex();
    index.add(price(1, 'above', '1.2'));
    const change = vi.fn(() => 5);
    expect(index.take(7, 1.1, change)).toEqual([]);
    expect(index.take(8, 1.1, change)).toEqual([]);
    expect(change).not.toHaveBeenCalled();
  });

  it('fires "rises by N" at a change ≥ +N and "falls by N" at ≤ −N, once each, with price levels beside them', () => {
    const index = new AlertIndex();
    index.add(move(1, 'above', '2'));
    index.add(move(2, 'above', '1.5'));
    index.add(move(3, 'below', '1'));
    index.add(price(4, 'below', '1.0'));
    const ids = (p: number, c: number | null) => index.take(7, p, () => c).map((a) => a.id);
    expect(ids(1.1, 1.49)).toEqual([]);
    expect(ids(1.1, 1.99)).toEqual([2]);
    expect(ids(1.1, 2)).toEqual([1]);
    expect(ids(1.1, 3)).toEqual([]); // handed out once
    expect(ids(1.1, null)).toEqual([]); // no quote to compare: nothing fires
    expect(ids(0.9, -0.99)).toEqual([4]);
    expect(ids(0.9, -1)).toEqual([3]);
    expect(index.size).toBe(0);
  });

  it('a removed day-move alert is gone from its side', () => {
    const index = new AlertIndex();
    index.add(move(1, 'below', '3'));
    index.remove(1);
    expect(index.take(7, 1, () => -10)).toEqual([]);
  });
});

describe('the Web Push text of a day move', () => {
  it('says the change the list showed, in the browser’s language', () => {
    const a: PriceAlert = {
      id: 5,
      instrumentId: 7,
      code: 'BTCUSDT',
      show_code: 'BTC/USDT',
      kind: 'change',
      condition: 'below',
      price: null,
      percent: '3',
      note: '',
      status: 'fired',
      created_at: 1,
      fired_at: 2,
      fired_price: '61000.00',
      fired_change: '-3.02',
    };
    expect(alertPushPayload(a, 'en')).toEqual({
      title: 'Price alert: BTC/USDT',
      body: 'BTC/USDT is -3.02% today, at 61000.00: your alert for a fall of 3%.',
      tag: 'alert-5',
      url: '/#/trade?code=BTCUSDT',
    });
    expect(alertPushPayload(a, 'de').body).toBe(
      'BTC/USDT steht heute bei -3.02%, bei 61000.00: Ihr Alarm für einen Rückgang um 3 %.',
    );
  });
});
