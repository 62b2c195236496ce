// The price alerts store follows the session (docs/alerts.md "Alerts on the chart"): the list a chart reads on a page
// load, before the store starts following the session at an idle moment, is kept, so the chart draws the alerts'
// lines; a change of session drops the list and an answer still in flight; a firing outlives an older answer.
import { describe, expect, it, vi } from 'vitest';
import { createAlert } from '../../../../../src/api/alerts.ts';
import type { PriceAlerts } from '../../../../../domain/price-alerts.ts';
import { priceAlert } from '../../../../fixtures/alerts.ts';
import type { User } from '../../../../../domain/types.ts';

const USER: User = { id: 7, uid: 'U7', email: 'a@x.co', mobile: '', is_demo: 0, invite_code: 'AAA' };
const ALERT = priceAlert({ id: 3 });

/** The server's answers to the list, one per read, each answered when the test says. */
const answers: Array<(list: PriceAlerts) => void> = [];
vi.mock('../../../../../src/api/alerts.ts', () => ({
  readAlerts: () => new Promise<PriceAlerts>((resolve) => answers.push(resolve)),
  createAlert: vi.fn(),
  deleteAlert: vi.fn(),
}));

const session = await import('../../../../../src/state/account/session.ts');
const store = await import('../../../../../src/state/alerts/price-alerts.ts');
const deps = { doc: { visibilityState: 'visible' as const }, notify: async () => undefined };
const list = { alerts: [ALERT] } as unknown as PriceAlerts;

describe('price alerts and the session', () => {
  it('keeps a list read before the store follows the session; a new session drops it and an answer in flight', async () => {
    await session.restoreSession();
    session.signIn({ token: 'tok', user: USER });
    const read = store.loadAlerts(); // the chart, on a page load
    const stop = store.startPriceAlerts(deps); // the start-up's idle moment, before the answer
    answers.shift()?.(list);
    await read;
    expect(store.$alerts.value?.alerts.map((a) => a.id)).toEqual([3]);

    const late = store.loadAlerts();
    session.signIn({ token: 'other', user: { ...USER, id: 8 } }); // another account before the answer
    expect(store.$alerts.value).toBeNull();
    answers.shift()?.(list);
    await late;
    expect(store.$alerts.value).toBeNull(); // the first account's alerts are not the second's
    stop();
  });

  it('keeps an alert fired when the answer to its creation arrives after the firing', async () => {
    await session.restoreSession();
    session.signIn({ token: 'tok3', user: { ...USER, id: 9 } });
    const stop = store.startPriceAlerts(deps);
    const created = priceAlert({ id: 11 });
    let answer: (list: PriceAlerts) => void = () => undefined;
    vi.mocked(createAlert).mockReturnValueOnce(new Promise<PriceAlerts>((resolve) => (answer = resolve)));
    const adding = store.addAlert({
      instrumentId: 1,
      kind: 'price',
      condition: 'above',
      price: '1',
      percent: '',
      note: '',
    });
    // The next tick fires it, and the socket's message is handled before the creation's answer.
    store.alertFired({ ...created, status: 'fired', fired_at: 5, fired_price: '1.1' }, deps);
    answer({ alerts: [created, ALERT], max: 20 } as PriceAlerts);
    await adding;
    expect(store.$alerts.value?.alerts.map((a) => [a.id, a.status])).toEqual([
      [3, 'active'],
      [11, 'fired'],
    ]);
    stop();
  });
});
