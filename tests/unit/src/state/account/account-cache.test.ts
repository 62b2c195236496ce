// The account's last-known state: saved to IndexedDB when the live balance or positions change,
// painted at start (equity, floating P&L and the age) before the server answers, replaced by live figures, and
// deleted at sign-out.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clear, get, set } from 'idb-keyval';
import type { AppOrder, Order, User } from '../../../../../domain/types.ts';

const USER: User = { id: 7, uid: 'U7', email: 'a@x.co', mobile: '', is_demo: 0, invite_code: 'AAA' };
const AT = Date.parse('2026-11-18T14:02:00Z');
const clock = { now: () => AT };

/** A fresh app's modules, as on a page load. */
async function load() {
  vi.resetModules();
  const session = await import('../../../../../src/state/account/session.ts');
  const cache = await import('../../../../../src/state/account/account-cache.ts');
  const sync = await import('../../../../../src/state/orders/position-sync.ts');
  const figures = await import('../../../../../src/state/account/account-figures.ts');
  return { session, cache, sync, figures };
}

beforeEach(async () => {
  localStorage.clear();
  await clear();
});

describe('account cache', () => {
  it('saves the live balance and positions of the signed-in user when they change', async () => {
    const { session, cache, sync } = await load();
    await session.restoreSession();
    session.signIn({ token: 'tok', user: USER });
    const stop = cache.startAccountCache(clock);
    sync.$funds.value = { balance: '1000.00', lock_balance: '50.00', margin: '50.00' };
    await vi.waitFor(async () =>
      expect(await get(cache.ACCOUNT_CACHE_KEY)).toMatchObject({ owner: 7, at: AT, funds: { balance: '1000.00' } }),
    );
    sync.$funds.value = { balance: '990.00', lock_balance: '50.00', margin: '50.00' };
    await vi.waitFor(async () =>
      expect(await get(cache.ACCOUNT_CACHE_KEY)).toMatchObject({ funds: { balance: '990.00' } }),
    );
    stop();
  });

  it('paints the snapshot with its age at start, until the live balance replaces it', async () => {
    const instrument = { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 };
    const position = { Id: 1, Status: 1, margin: '50.00', leverage: 100, instrumentId: 1, instrument } as AppOrder;
    await set('tw:account', {
      owner: 7,
      at: AT,
      funds: { balance: '1000.00', lock_balance: '50.00', margin: '50.00' },
      floating: '12.50',
      positions: [position],
    });
    await set('tw:session', { token: 'tok', user: USER });
    const { session, cache, sync, figures } = await load();
    const stop = cache.startAccountCache(clock);
    await session.restoreSession();
    await vi.waitFor(() => expect(cache.$accountAsOf.value).toBe(AT));
    expect(figures.$floating.value).toBe('12.50');
    expect(figures.$equity.value).toBe('1062.500000'); // balance + margin + floating, the same rule as live
    sync.$funds.value = { balance: '900.00', lock_balance: '0.00', margin: '0.00' }; // the server answered
    expect(cache.$accountAsOf.value).toBeNull();
    expect(cache.$lastAccount.value).toBeNull();
    expect(figures.$equity.value).toBe('900.000000');
    stop();
  });

  it.each([
    ["another user's snapshot", { owner: 8 }],
    [
      "positions in the wire's words (the app's orders have margin and leverage)",
      { positions: [{ Id: 1, Status: 1, CautionMoney: '50', Multiple: 100 } as Partial<Order>] },
    ],
    [
      "positions whose instrument is still in the wire's words",
      { positions: [{ Id: 1, Status: 1, margin: '50', leverage: 100, ForexId: 1, ForexTradeLists: {} }] },
    ],
  ])('never paints %s', async (_, over) => {
    await set('tw:account', {
      owner: 7,
      at: AT,
      funds: { balance: '5.00', lock_balance: '0', margin: '0' },
      floating: null,
      positions: [],
      ...over,
    });
    await set('tw:session', { token: 'tok', user: USER });
    const { session, cache } = await load();
    const stop = cache.startAccountCache(clock);
    await session.restoreSession();
    await get('tw:account'); // the load's read has been answered
    expect(cache.$lastAccount.value).toBeNull();
    stop();
  });

  it("sign-out deletes the account's part", async () => {
    await set('tw:session', { token: 'tok', user: USER });
    await set('tw:account', {
      owner: 7,
      at: AT,
      funds: { balance: '5.00', lock_balance: '0', margin: '0' },
      floating: null,
      positions: [],
    });
    const { session, cache } = await load();
    const stop = cache.startAccountCache(clock);
    await session.restoreSession();
    await vi.waitFor(() => expect(cache.$lastAccount.value).not.toBeNull());
    session.signOut();
    expect(cache.$lastAccount.value).toBeNull();
    await vi.waitFor(async () => expect(await get(cache.ACCOUNT_CACHE_KEY)).toBeUndefined());
    stop();
  });
});
