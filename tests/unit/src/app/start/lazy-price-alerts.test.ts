// The price-alerts store starts from a lazy chunk (src/app/start/start.ts): an alert fired while the chunk is
// on its way reaches the store once it listens, exactly once, and nothing is held after that.
import { describe, expect, it } from 'vitest';
import { startPriceAlertsLazily } from '../../../../../src/app/start/start.ts';
import { dispatchPriceAlert, onPriceAlert } from '../../../../../src/state/feed/feed-listeners.ts';
import type { PriceAlert } from '../../../../../domain/price-alerts.ts';

const alert = (id: number): PriceAlert => ({ id }) as unknown as PriceAlert;

describe('startPriceAlertsLazily', () => {
  it('hands an alert fired during the load to the store, once, and holds nothing afterwards', async () => {
    const seen: number[] = [];
    let release: () => void = () => undefined;
    const stops: Array<() => void> = [];
    const started = startPriceAlertsLazily(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              startPriceAlerts: () => {
                const off = onPriceAlert((a) => void seen.push(a.id));
                stops.push(off);
                return off;
              },
            });
        }),
    );
    dispatchPriceAlert(alert(1)); // the chunk has not arrived yet
    release();
    await started;
    expect(seen).toEqual([1]);
    dispatchPriceAlert(alert(2));
    expect(seen).toEqual([1, 2]); // the store's own listener; the holder is gone
    for (const s of stops) s();
  });

  it('a failed load rejects and stops holding', async () => {
    await expect(startPriceAlertsLazily(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    const seen: number[] = [];
    const off = onPriceAlert((a) => void seen.push(a.id));
    dispatchPriceAlert(alert(3));
    off();
    expect(seen).toEqual([3]);
  });
});
