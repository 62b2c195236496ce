// The orders store: paged lists (finishing rule, failed load), pushed events, gap refetch, positions for the feed.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appOrderOf } from '../../../../../domain/types.ts';
import {
  account,
  dealBook,
  dealCalls,
  fakeFeed,
  figure,
  order,
  serveDeals,
  type DealBook,
} from '../../../orders-fixtures.ts';
import { fakeServer, ok, type FakeServer } from '../../../api-fake-server.ts';
import { provideFeed } from '../../../../../src/state/feed/feed-bridge.ts';
import { fakeFeedHandle } from '../../../feed-fakes.ts';

provideFeed(fakeFeedHandle(fakeFeed)); // the composition root's job in the app (src/app/start/feed-root.ts)

const { initI18n } = await import('../../../../../src/i18n/index.ts');
const { restoreSession, $token } = await import('../../../../../src/state/account/session.ts');
const { $account } = await import('../../../../../src/state/feed/feed-signals.ts');
const { dispatchOrderEvent, dispatchOrderGap } = await import('../../../../../src/state/feed/feed-listeners.ts');
const { $toasts } = await import('../../../../../src/state/shell/toasts.ts');
const orders = await import('../../../../../src/state/orders/orders.ts');
orders.startOrderListeners(); // src/app/start/start.ts does this in the app
const {
  orderLists,
  loadMore,
  refreshList,
  startOrders,
  resetOrders,
  openOrder,
  $openOrderId,
  $funds,
  livePosition,
  livePositionCount,
} = orders;

let server: FakeServer;
let book: DealBook;
let stop: (() => void) | null = null;

/** Let queued promises (fake requests, effects) run. */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  await restoreSession();
});

beforeEach(() => {
  $token.value = 'token-a';
  resetOrders();
  $toasts.value = [];
  server = fakeServer();
  book = dealBook();
  serveDeals(server, book);
  fakeFeed.setPositions.mockClear();
});

afterEach(async () => {
  stop?.();
  stop = null;
  await flush(); // requests still in flight answer from the fake, never from the network
  server.restore();
  $account.value = null;
});

const ids = (status: 0 | 1 | 3): number[] => orderLists[status].value.items.map((o) => o.Id);

describe('infinite list', () => {
  it('finishes when loaded ≥ total (docs/contract.md §4), asking page after page until then', async () => {
    book.lists[3] = Array.from({ length: 45 }, () => order({ Status: 3 }));
    await refreshList(3);
    expect(orderLists[3].value).toMatchObject({ page: 1, total: 45, finished: false });
    expect(ids(3)).toHaveLength(20);
    await loadMore(3);
    expect(orderLists[3].value.finished).toBe(false);
    await loadMore(3);
    expect(ids(3)).toHaveLength(45);
    expect(orderLists[3].value.finished).toBe(true);
    const before = dealCalls(server, 3).length;
    await loadMore(3); // finished: nothing more is asked
    expect(dealCalls(server, 3).length).toBe(before);
    expect(dealCalls(server, 3).map((r) => r.params.page)).toEqual([1, 2, 3]);
  });

  it('a failed load marks the list finished (docs/contract.md §8) and the client toasts the message', async () => {
    book.lists[1] = Array.from({ length: 30 }, () => order());
    book.failing.add('1:2');
    await refreshList(1);
    await loadMore(1);
    expect(orderLists[1].value).toMatchObject({ finished: true, loading: false });
    expect(ids(1)).toHaveLength(20);
    expect($toasts.value.map((t) => t.text)).toContain('List failed');
  });

  it('a failed first load finishes an empty list', async () => {
    book.failing.add('0:1');
    await refreshList(0);
    expect(orderLists[0].value).toMatchObject({ items: [], finished: true, started: true });
  });

  it('a refresh replaces what is shown only when page 1 arrives, and drops an older page answer', async () => {
    book.lists[1] = Array.from({ length: 25 }, () => order());
    await refreshList(1);
    const more = loadMore(1); // page 2 in flight …
    const fresh = refreshList(1); // … overtaken by a refresh
    expect(ids(1)).toHaveLength(20); // nothing flashes empty
    await Promise.all([more, fresh]);
    expect(orderLists[1].value.page).toBe(1);
    expect(ids(1)).toHaveLength(20);
  });
});

describe('pushed events (while /order is mounted)', () => {
  beforeEach(() => {
    stop = startOrders();
  });

  it('FOREX_CLOSED removes the order from holding, puts it in history and closes its open sheet', async () => {
    const a = order();
    const b = order();
    book.lists[1] = [a, b];
    book.lists[3] = [order({ Status: 3 })];
    await refreshList(1);
    await refreshList(3);
    openOrder(appOrderOf(a));
    expect($openOrderId.value).toBe(a.Id);
    dispatchOrderEvent({ change: 'closed', seq: 5, data: appOrderOf({ ...a, Status: 3, CloseReason: 'stop_loss' }) });
    expect(ids(1)).toEqual([b.Id]);
    expect(orderLists[1].value.total).toBe(1);
    expect(ids(3)[0]).toBe(a.Id);
    expect($openOrderId.value).toBeNull();
  });

  it('FOREX_CLOSED of another order leaves the open sheet alone', async () => {
    const a = order();
    const b = order();
    book.lists[1] = [a, b];
    await refreshList(1);
    openOrder(appOrderOf(a));
    dispatchOrderEvent({ change: 'closed', seq: 1, data: appOrderOf({ ...b, Status: 3, CloseReason: 'user' }) });
    expect($openOrderId.value).toBe(a.Id);
  });

  it('FOREX_TRADE inserts a new order first, updates a known one, and moves a filled pending order to holding', async () => {
    const held = order();
    const pending = order({ Status: 0 });
    book.lists[1] = [held];
    book.lists[0] = [pending];
    await refreshList(1);
    await refreshList(0);
    const fresh = order();
    dispatchOrderEvent({ change: 'changed', seq: 1, data: appOrderOf(fresh) });
    expect(ids(1)).toEqual([fresh.Id, held.Id]);
    dispatchOrderEvent({ change: 'changed', seq: 2, data: appOrderOf({ ...held, TargetProfitPrice: '1.09000' }) });
    expect(orderLists[1].value.items[1]?.TargetProfitPrice).toBe('1.09000');
    dispatchOrderEvent({ change: 'changed', seq: 3, data: appOrderOf({ ...pending, Status: 1 }) });
    expect(ids(0)).toEqual([]);
    expect(ids(1)[0]).toBe(pending.Id);
  });

  it('an event refetches the balance: the balance shown is the server’s', async () => {
    await flush();
    book.balance = { balance: '9700.50', lock_balance: '200.00' };
    dispatchOrderEvent({ change: 'changed', seq: 1, data: appOrderOf(order()) });
    await flush();
    expect($funds.value).toEqual({ balance: '9700.50', lock_balance: '200.00' });
  });

  it('a gap refetches every list that was loaded, the positions and the balance', async () => {
    await refreshList(1);
    await refreshList(3);
    await flush();
    server.seen.length = 0;
    dispatchOrderGap();
    await flush();
    const pages = dealCalls(server).map((r) => `${String(r.params.status)}:${String(r.params.page)}`);
    expect(pages.filter((p) => p === '3:1')).toHaveLength(1);
    expect(pages.filter((p) => p === '1:1').length).toBeGreaterThanOrEqual(1); // holding list + positions
    expect(pages).not.toContain('0:1'); // never opened: nothing to refetch
    expect(server.seen.some((r) => r.url === '/v1/api/main/wallet/getBalance')).toBe(true);
  });
});

describe('positions in the feed', () => {
  it('gives the feed every holding order (all pages) with the server’s balance', async () => {
    book.lists[1] = Array.from({ length: 23 }, () => order());
    book.balance = { balance: '5000.00', lock_balance: '2495.50' };
    stop = startOrders();
    await flush();
    const last = fakeFeed.setPositions.mock.calls.at(-1);
    expect(last?.[0].map((o) => o.Id)).toEqual(book.lists[1].map((o) => o.Id));
    expect(last?.slice(1)).toEqual(['5000.00', '2495.50']);
  });

  it('gives the feed the open orders’ margin, not lock_balance, when a withdrawal is frozen too', async () => {
    book.lists[1] = [order()];
    // 1,000 of the frozen 1,495.50 is a pending withdrawal: leaving money is neither margin nor equity.
    book.balance = { balance: '5000.00', lock_balance: '1495.50', margin: '495.50' };
    stop = startOrders();
    await flush();
    expect(fakeFeed.setPositions.mock.calls.at(-1)?.slice(1)).toEqual(['5000.00', '495.50']);
  });

  it('a closed position leaves the feed; leaving the screen empties it', async () => {
    const a = order();
    const b = order();
    book.lists[1] = [a, b];
    stop = startOrders();
    await flush();
    dispatchOrderEvent({ change: 'closed', seq: 1, data: appOrderOf({ ...a, Status: 3, CloseReason: 'user' }) });
    await flush();
    expect(fakeFeed.setPositions.mock.calls.at(-1)?.[0].map((o) => o.Id)).toEqual([b.Id]);
    stop();
    stop = null;
    await flush();
    expect(fakeFeed.setPositions.mock.calls.at(-1)?.[0]).toEqual([]);
  });

  it('an event during the positions fetch makes it read again, so a closed position does not come back', async () => {
    const a = order();
    const b = order();
    book.lists[1] = [a, b];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const answer = (): ReturnType<typeof ok> =>
      ok({ data: [...book.lists[1]], total: book.lists[1].length, all_fact_profits: '0', balance: '1' });
    let first = true;
    server.on('GET', '/v1/api/forex/my_deal', async () => {
      const reply = answer(); // what the server saw when the request arrived
      if (first) {
        first = false;
        await gate;
      }
      return reply;
    });
    stop = startOrders();
    await flush();
    book.lists[1] = [b];
    dispatchOrderEvent({ change: 'closed', seq: 1, data: appOrderOf({ ...a, Status: 3, CloseReason: 'stop_loss' }) });
    release();
    await flush();
    expect(fakeFeed.setPositions.mock.calls.at(-1)?.[0].map((o) => o.Id)).toEqual([b.Id]);
  });

  it('keys the feed’s figures by order id: each position has its own signals', () => {
    const l1 = livePosition(1);
    const l2 = livePosition(2);
    $account.value = account([figure(1, '5.000000'), figure(2, '-1.000000')]);
    expect(l1.$pnl.value).toBe('5.000000');
    expect(l2.$pnl.value).toBe('-1.000000');
    $account.value = account([figure(2, '-2.000000')]);
    expect(l1.$pnl.value).toBeNull(); // no longer held: rows fall back to the order's own figure
    expect(l2.$pnl.value).toBe('-2.000000');
    expect(livePosition(2)).toBe(l2);
  });

  it('drops a closed position’s signals and every one on reset, so the map does not grow with each position held', async () => {
    resetOrders();
    const a = order();
    const b = order();
    book.lists[1] = [a, b];
    stop = startOrders();
    await flush();
    $account.value = account([figure(a.Id, '1.000000'), figure(b.Id, '2.000000')]);
    expect(livePositionCount()).toBe(2);
    dispatchOrderEvent({ change: 'closed', seq: 1, data: appOrderOf({ ...a, Status: 3, CloseReason: 'user' }) });
    await flush();
    expect(livePositionCount()).toBe(1);
    resetOrders();
    expect(livePositionCount()).toBe(0);
  });

  it('another user’s token clears the lists and the balance', async () => {
    book.lists[1] = [order()];
    stop = startOrders();
    await refreshList(1);
    await flush();
    expect(ids(1)).toHaveLength(1);
    $token.value = 'token-b';
    expect(ids(1)).toEqual([]);
    expect($funds.value).toBeNull();
    expect(orderLists[1].value.started).toBe(false);
  });
});
