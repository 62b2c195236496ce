// /order rendered in happy-dom: tabs from the query, infinite list, pull-to-refresh, the detail sheet and its
// actions, pushed events, and live P&L text that changes without re-rendering the list.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Profiler, type ReactElement } from 'react';
import { useLocation, type RouteObject } from 'react-router-dom';
import type { Timers } from '../../../../../src/state/shell/clock.ts';
import { fakeServer, ok, fail, type FakeServer } from '../../../api-fake-server.ts';
import { click, renderRoutes, settle, typeInto, type Rendered } from '../../../pages-render.tsx';
import {
  account,
  dealBook,
  dealCalls,
  EURUSD,
  fakeFeed,
  FakeIntersectionObserver,
  figure,
  appOrder,
  order,
  serveDeals,
  tearDownPage,
  type DealBook,
} from '../../../orders-fixtures.ts';
import { provideFeed } from '../../../../../src/state/feed/feed-bridge.ts';
import { clear, get, set } from 'idb-keyval';
import { appOrderOf, type AppOrder, type User } from '../../../../../domain/types.ts';
import { fakeFeedHandle } from '../../../feed-fakes.ts';
import { dec } from '../../../../../domain/decimal.ts';

provideFeed(fakeFeedHandle(fakeFeed)); // the composition root's job in the app (src/app/start/feed-root.ts)

const { initI18n, setLanguage } = await import('../../../../../src/i18n/index.ts');
const { restoreSession, signIn, signOut, $token } = await import('../../../../../src/state/account/session.ts');
const { ACCOUNT_CACHE_KEY, $lastAccount, startAccountCache } =
  await import('../../../../../src/state/account/account-cache.ts');
const { $account } = await import('../../../../../src/state/feed/feed-signals.ts');
const { dispatchOrderEvent, dispatchOrderGap } = await import('../../../../../src/state/feed/feed-listeners.ts');
const { setInstruments } = await import('../../../../../src/state/market/instruments.ts');
const { $toasts } = await import('../../../../../src/state/shell/toasts.ts');
const { resetOrders, startOrderListeners } = await import('../../../../../src/state/orders/orders.ts');
startOrderListeners(); // src/app/start/start.ts does this in the app
const { OrdersPage } = await import('../../../../../src/pages/order/orders-page.tsx');
const { pullTimers } = await import('../../../../../src/components/lists/pull-refresh.tsx');

/** Timers the test moves by hand (the pull indicator's 500 ms). */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let seq = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      seq += 1;
      due.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout(h) {
      due.delete(h as number);
    },
    setInterval: () => 0,
    clearInterval: () => undefined,
    advance(ms) {
      now += ms;
      for (const [id, t] of [...due]) {
        if (t.at > now) continue;
        due.delete(id);
        act(() => t.fn());
      }
    },
  };
}

function Where(): ReactElement {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}`}</p>;
}

let renders = 0;
const routes: RouteObject[] = [
  {
    path: '/order',
    element: (
      <>
        <Profiler id="orders" onRender={() => (renders += 1)}>
          <OrdersPage />
        </Profiler>
        <Where />
      </>
    ),
  },
  { path: '*', element: <Where /> },
];

let server: FakeServer;
let book: DealBook;
let view: Rendered | null = null;
const timers = manualTimers();

const $ = (sel: string): HTMLElement | null => document.body.querySelector<HTMLElement>(sel);
const $$ = (sel: string): HTMLElement[] => [...document.body.querySelectorAll<HTMLElement>(sel)];
const txt = (sel: string): string => $(sel)?.textContent ?? '';
const rowIds = (): number[] => $$('.od-row').map((r) => Number(r.dataset.id));
const toasts = (): string[] => $toasts.value.map((t) => t.text);
const where = (): string => txt('[data-testid="where"]');

async function show(path: string): Promise<void> {
  view = await renderRoutes(routes, path);
  await settle();
}

async function touch(type: string, y: number | null, on = '.od-page'): Promise<void> {
  const target = $(on);
  if (!target) throw new Error('no page');
  const ev = new Event(type, { bubbles: true });
  Object.defineProperty(ev, 'touches', { value: y === null ? [] : [{ clientY: y }] });
  await act(async () => {
    target.dispatchEvent(ev);
  });
}

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  await restoreSession();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  pullTimers.current = timers;
});

beforeEach(async () => {
  await setLanguage('en');
  $token.value = 'token-1';
  resetOrders();
  $toasts.value = [];
  $account.value = null;
  renders = 0;
  server = fakeServer();
  book = dealBook();
  serveDeals(server, book);
  server.on('GET', '/v1/api/forex/trade_list', ok([EURUSD]));
  setInstruments([EURUSD]);
  fakeFeed.setPositions.mockClear();
});

afterEach(async () => {
  await tearDownPage(view, server);
  view = null;
});

describe('tabs', () => {
  it('no type → holding; type=0 → pending; type=3 → history; each loads its status', async () => {
    book.lists[1] = [order()];
    book.lists[0] = [order({ Status: 0 }), order({ Status: 0 })];
    await show('/order');
    expect($('[role="tab"][aria-selected="true"]')?.dataset.value).toBe('1');
    expect(rowIds()).toEqual(book.lists[1].map((o) => o.Id));
    await view?.unmount();
    await show('/order?type=0');
    expect($('[role="tab"][aria-selected="true"]')?.dataset.value).toBe('0');
    expect(rowIds()).toEqual(book.lists[0].map((o) => o.Id));
    expect(dealCalls(server, 0).length).toBeGreaterThan(0);
  });

  it('a tab press puts its type in the query and shows that list', async () => {
    book.lists[3] = [order({ Status: 3, FactProfits: '4.5', CloseReason: 'user' })];
    book.allFact[3] = '4.500000';
    await show('/order?type=1');
    await click($('[role="tab"][data-value="3"]'));
    expect(where()).toBe('/order?type=3');
    expect(rowIds()).toEqual([book.lists[3][0]?.Id]);
    expect(txt('[data-field="all-fact-profits"]')).toContain('+4.50');
  });
});

describe('lots', () => {
  it('are written at the lot step on the history and holding rows, the sheet and the close form ("2.00" beside "0.01")', async () => {
    book.lists[3] = [
      order({ Status: 3, Quantity: '2', CloseReason: 'user' }),
      order({ Status: 3, Quantity: '0.01', CloseReason: 'user' }),
    ];
    await show('/order?type=3');
    const rowLots = () =>
      [...document.body.querySelectorAll('.od-row .od-meta > span:first-child')].map((e) => e.textContent);
    expect(rowLots()).toEqual(['2.00 lots', '0.01 lots']);
    await view?.unmount();
    const held = order({ Quantity: '1' });
    book.lists[1] = [held];
    await show('/order');
    expect(rowLots()).toEqual(['1.00 lots']);
    await click($(`.od-row[data-id="${held.Id}"]`));
    expect(txt('.od-detail [data-row="lots"] dd')).toBe('1.00');
    await click($('[data-action="close-part-open"]'));
    expect(txt('.od-stop__hint')).toContain('Of 1.00 lots.');
    await typeInto($('input[data-field="close-lots"]'), '1');
    expect(txt('[data-action="close-part"]')).toBe('Close all 1.00 lots');
  });
});

describe('infinite list', () => {
  it('shows a page, loads the next when the end is visible, and ends with "No more" once loaded ≥ total', async () => {
    book.lists[3] = Array.from({ length: 25 }, () => order({ Status: 3 }));
    await show('/order?type=3');
    expect(rowIds()).toHaveLength(20);
    expect(txt('.od-end')).not.toContain('No more');
    await act(async () => FakeIntersectionObserver.showEnd());
    await settle();
    expect(rowIds()).toHaveLength(25);
    expect(txt('.od-end')).toBe('No more');
    expect(dealCalls(server, 3).map((r) => r.params.page)).toEqual([1, 2]);
  });

  it('a failed page finishes the list ("No more") and shows the server’s message', async () => {
    book.lists[3] = Array.from({ length: 25 }, () => order({ Status: 3 }));
    book.failing.add('3:2');
    await show('/order?type=3');
    await act(async () => FakeIntersectionObserver.showEnd());
    await settle();
    expect(rowIds()).toHaveLength(20);
    expect(txt('.od-end')).toBe('No more');
    expect(toasts()).toContain('List failed');
    await act(async () => FakeIntersectionObserver.showEnd());
    await settle();
    expect(dealCalls(server, 3)).toHaveLength(2); // finished: no further page is asked
  });

  it('an empty list says "No data"', async () => {
    await show('/order?type=0');
    expect(txt('.od-list')).toContain('No data');
  });
});

describe('pull-to-refresh', () => {
  it('a pull from the top reloads page 1 and the indicator closes after 500 ms', async () => {
    book.lists[1] = [order()];
    await show('/order');
    const before = dealCalls(server, 1).length;
    await touch('touchstart', 100);
    await touch('touchmove', 300);
    expect($('.od-pull')?.dataset.pull).toBe('pulling');
    await touch('touchend', null);
    await settle();
    expect($('.od-pull')?.dataset.pull).toBe('refreshing');
    expect(dealCalls(server, 1).length).toBeGreaterThan(before);
    timers.advance(499);
    expect($('.od-pull')?.dataset.pull).toBe('refreshing');
    timers.advance(1);
    expect($('.od-pull')?.dataset.pull).toBe('idle');
  });

  it('a short pull does not refresh', async () => {
    await show('/order');
    const before = server.seen.length;
    await touch('touchstart', 100);
    await touch('touchmove', 120);
    await touch('touchend', null);
    await settle();
    expect($('.od-pull')?.dataset.pull).toBe('idle');
    expect(server.seen.length).toBe(before);
  });

  it('a drag inside the detail sheet (a portal) is not a pull of the page', async () => {
    const o = order();
    book.lists[1] = [o];
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    const before = server.seen.length;
    await touch('touchstart', 100, '.sheet');
    await touch('touchmove', 400, '.sheet');
    await touch('touchend', null, '.sheet');
    await settle();
    expect($('.od-pull')?.dataset.pull).toBe('idle');
    expect(server.seen.length).toBe(before);
  });

  it('the refresh button does the same', async () => {
    await show('/order');
    await click($('[data-action="refresh"]'));
    expect($('.od-pull')?.dataset.pull).toBe('refreshing');
    timers.advance(500);
    expect($('.od-pull')?.dataset.pull).toBe('idle');
  });
});

describe('detail sheet and actions', () => {
  it('shows every figure of the order', async () => {
    const o = order({
      FactProfits: '-54.25',
      TargetProfitPrice: '1.09000',
      CreateTimeHandler: '2026-01-06T12:00:00.000Z',
    });
    book.lists[1] = [o];
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    const field = (f: string): string => txt(`.od-detail [data-row="${f}"] dd`);
    expect(txt('.od-detail [data-field="code"]')).toBe('EUR/USD');
    expect(txt('.od-detail [data-field="side"]')).toBe('Buy');
    expect(field('lots')).toBe('0.10'); // at the lot step (0.01), as the rows and the statements write it
    expect(field('leverage')).toBe('×100');
    expect(field('open-price')).toBe('1.08500');
    expect(field('current-price')).toBe('1.08500');
    expect(field('margin')).toBe('108.50');
    expect(field('fee')).toBe('0.22');
    expect(field('pnl')).toBe('-54.25');
    expect(field('risk-rate')).toBe('50.00%');
    expect(field('prepayment')).toBe('1.00%');
    expect(field('net-value')).toBe('54.25');
    expect(field('stop-profit')).toBe('1.09000');
    expect(field('stop-loss')).toBe('--');
    expect(field('created')).not.toBe('--');
    expect(field('completed')).toBe('--');
  });

  it('a tapped row shows pressed in the frame before its sheet is drawn, then the sheet opens', async () => {
    const o = order();
    book.lists[1] = [o];
    await show('/order');
    const row = $(`.od-row[data-id="${o.Id}"]`);
    await act(async () => {
      row?.click();
    });
    expect(row?.hasAttribute('data-pressed')).toBe(true);
    expect($('.od-detail')).toBeNull(); // the sheet waits for the frame that shows the press
    await vi.waitFor(() => expect($('.od-detail')).not.toBeNull());
    expect(row?.hasAttribute('data-pressed')).toBe(false);
  });

  it('a pushed FOREX_CLOSED removes the order from holding and closes its sheet', async () => {
    const a = order();
    const b = order();
    book.lists[1] = [a, b];
    await show('/order');
    await click($(`.od-row[data-id="${a.Id}"]`));
    expect($('.od-detail')).not.toBeNull();
    await act(async () =>
      dispatchOrderEvent({
        change: 'closed',
        seq: 3,
        data: appOrderOf({ ...a, Status: 3, CloseReason: 'stop_profit' }),
      }),
    );
    await settle();
    expect($('.od-detail')).toBeNull();
    expect(rowIds()).toEqual([b.Id]);
  });

  it('a sequence gap refetches the list', async () => {
    const a = order();
    book.lists[1] = [a];
    await show('/order');
    const b = order();
    book.lists[1] = [b, a]; // missed while the socket was away
    await act(async () => dispatchOrderGap());
    await settle();
    expect(rowIds()).toEqual([b.Id, a.Id]);
  });

  it('stop-profit / stop-loss: sends both, empty as 0, toasts the server’s message', async () => {
    const o = order({ TargetLossPrice: '1.08000' });
    book.lists[1] = [o];
    server.on('GET', '/v1/api/forex/set_stop_price', (req) =>
      ok({ ...o, TargetProfitPrice: String(req.params.target_profit_price), TargetLossPrice: '0' }, 'Stops updated'),
    );
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    await click($('[data-action="edit-stops"]'));
    expect(($('[data-field="stop-loss"]') as HTMLInputElement).value).toBe('1.08000');
    expect(txt('[data-hint="stop-profit"]')).toBe('Above the current price');
    expect(txt('[data-hint="stop-loss"]')).toBe('Below the current price');
    await typeInto($('input[data-field="stop-profit"]'), '1.09000');
    await typeInto($('input[data-field="stop-loss"]'), '');
    await click($('[data-action="save-stops"]'));
    const req = server.seen.find((r) => r.url === '/v1/api/forex/set_stop_price');
    expect(req?.params).toMatchObject({ id: o.Id, target_profit_price: '1.09000', stop_loss_price: '0' });
    expect(toasts()).toContain('Stops updated');
    expect(txt('.od-detail [data-row="stop-profit"] dd')).toBe('1.09000');
    expect(txt('.od-detail [data-row="stop-loss"] dd')).toBe('--');
    expect($('[data-testid="stop-form"]')).toBeNull();
  });

  it('history: a cancelled pending order reads as cancelled, with no close price, arrow or P&L', async () => {
    const cancelled = order({
      Status: 3,
      CloseReason: 'cancel',
      Price: '1.07000',
      UpdatePrice: '1.08500',
      FactProfits: '0.000000',
    });
    const closed = order({ Status: 3, CloseReason: 'user', FactProfits: '4.5' });
    book.lists[3] = [cancelled, closed];
    await show('/order?type=3');
    const row = $(`.od-row[data-id="${cancelled.Id}"]`);
    expect(row?.querySelector('.od-row__state')?.textContent).toBe('Cancelled');
    expect(row?.querySelector('[data-field="pnl"]')).toBeNull();
    expect([...(row?.querySelectorAll('.od-prices > span') ?? [])].map((e) => e.textContent)).toEqual(['1.07000']);
    // A position closed by its owner still shows its close price and P&L.
    expect($(`.od-row[data-id="${closed.Id}"] [data-field="pnl"]`)?.textContent).toBe('+4.50');
    await click(row);
    expect(txt('.od-detail [data-field="status"]')).toBe('Cancelled');
    const shown = $$('.od-detail [data-row]').map((e) => e.dataset.row);
    expect(shown).not.toContain('current-price');
    expect(shown).not.toContain('pnl');
    expect(shown).not.toContain('net-value');
    expect(txt('.od-detail [data-row="open-price"] dt')).toBe('Target price');
  });

  it('a stop typed with a minus stays as typed and is refused; nothing is sent', async () => {
    const o = order();
    book.lists[1] = [o];
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    await click($('[data-action="edit-stops"]'));
    await typeInto($('input[data-field="stop-loss"]'), '-1.07');
    expect(($('input[data-field="stop-loss"]') as HTMLInputElement).value).toBe('-1.07');
    expect(txt('[data-message-for="stop-loss"]')).toBe('Please enter a valid take-profit or stop-loss price'); // as typed
    await click($('[data-action="save-stops"]'));
    expect(txt('[data-message-for="stop-loss"]')).toBe('Please enter a valid take-profit or stop-loss price');
    expect(toasts()).toEqual([]);
    expect(server.seen.some((r) => r.url === '/v1/api/forex/set_stop_price')).toBe(false);
  });

  it('a stop on the wrong side is said as typed; a refused stop keeps the form open with the server’s message', async () => {
    const o = order({ OrderType: 2 });
    book.lists[1] = [o];
    let sent = 0;
    server.on('GET', '/v1/api/forex/set_stop_price', () => {
      sent++;
      return fail(0, 'The stop price is too far from the current price');
    });
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    await click($('[data-action="edit-stops"]'));
    expect(txt('[data-hint="stop-profit"]')).toBe('Below the current price');
    // The order form's side rule, as typed: nothing is sent.
    await typeInto($('input[data-field="stop-loss"]'), '1.0');
    expect(txt('[data-message-for="stop-loss"]')).toBe('For a sell (short), the stop-loss must be above the price');
    await click($('[data-action="save-stops"]'));
    expect(sent).toBe(0);
    // On its side, what only the server knows (the band) is refused under the form.
    await typeInto($('input[data-field="stop-loss"]'), '1.9');
    await click($('[data-action="save-stops"]'));
    expect(sent).toBe(1);
    expect(txt('[data-message-for="form"]')).toBe('The stop price is too far from the current price'); // under the form
    expect(toasts()).toEqual([]);
    expect($('[data-testid="stop-form"]')).not.toBeNull();
    await typeInto($('input[data-field="stop-loss"]'), '1.2'); // fixed: the message goes
    expect(document.body.querySelector('[data-message-for="form"]')).toBeNull();
  });

  it('close: confirm, GET close?id, the server’s message, the row leaves and the balance is the server’s', async () => {
    const o = order();
    book.lists[1] = [o];
    server.on('GET', '/v1/api/forex/close', (req) => {
      book.balance = { balance: '10012.25', lock_balance: '0.00' };
      book.lists[1] = [];
      return ok(
        { ...o, Id: Number(req.params.id), Status: 3, CloseReason: 'user', FactProfits: '12.250000' },
        'Position closed at 1.08623',
      );
    });
    await show('/order');
    expect(txt('[data-field="balance"]')).toBe('10,000.00');
    const closeAll = () => ($('[data-action="close-all"]') as HTMLButtonElement).disabled;
    expect(closeAll()).toBe(false);
    await click($(`.od-row[data-id="${o.Id}"]`));
    await click($('[data-action="close-order"]'));
    expect(server.seen.some((r) => r.url === '/v1/api/forex/close')).toBe(false); // asks first
    await click($('.dialog .btn-danger'));
    await settle();
    expect(server.seen.find((r) => r.url === '/v1/api/forex/close')?.params.id).toBe(o.Id);
    expect(toasts()).toContain('Position closed at 1.08623');
    expect(rowIds()).toEqual([]);
    expect($('.od-detail')).toBeNull();
    expect(txt('[data-field="balance"]')).toBe('10,012.25');
    expect(closeAll()).toBe(true); // nothing left to close
  });

  it('close part: the rule under the field as typed, one message at a time, the button says a full close, and the toast says what is left', async () => {
    const o = order({ Quantity: '0.05' });
    book.lists[1] = [o];
    server.on('GET', '/v1/api/forex/close', (req) =>
      ok({ ...o, Id: 9001, Quantity: String(req.params.cont), Status: 3, CloseReason: 'user' }, 'Position closed'),
    );
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    await click($('[data-action="close-part-open"]'));
    const lots = $('input[data-field="close-lots"]');
    await typeInto(lots, '0.06');
    expect(txt('[data-message-for="close-lots"]')).toBe('You can close at most 0.05 lots of this position');
    await typeInto(lots, '0.005');
    expect(txt('[data-message-for="close-lots"]')).toBe('The number of lots must be a multiple of 0.01');
    expect(txt('[data-action="close-part"]')).toBe('Close these lots'); // no promise the form would refuse
    await typeInto(lots, '-0.01');
    expect([...document.body.querySelectorAll('[role="alert"]')].map((m) => m.textContent)).toEqual([
      'Please enter a valid number of lots',
    ]);
    await typeInto(lots, '0.05');
    expect(document.body.querySelector('[data-message-for="close-lots"]')).toBeNull();
    expect(txt('[data-action="close-part"]')).toBe('Close all 0.05 lots');
    await typeInto(lots, '0.02');
    expect(txt('[data-action="close-part"]')).toBe('Close 0.02 lots');
    await click($('[data-action="close-part"]'));
    await settle();
    expect(server.seen.find((r) => r.url === '/v1/api/forex/close')?.params).toMatchObject({ id: o.Id, cont: '0.02' });
    expect(toasts()).toEqual(['0.02 lots closed · 0.03 left']);
  });

  it('close part is offered only where a part and the rest can each be the minimum lots', async () => {
    const atMin = order({ Id: 41, Quantity: EURUSD.ForexMinCont });
    const twice = order({ Id: 42, Quantity: dec(EURUSD.ForexMinCont).times(2).toFixed() });
    book.lists[1] = [atMin, twice];
    await show('/order');
    const actions = () =>
      [...document.body.querySelectorAll('.od-actions [data-action]')].map((b) => b.getAttribute('data-action'));
    await click($(`.od-row[data-id="41"]`));
    expect(actions()).toEqual(['edit-stops', 'close-order']);
    await click($(`.od-row[data-id="42"]`));
    expect(actions()).toEqual(['edit-stops', 'close-part-open', 'close-order']);
  });

  it('cancel: confirm, GET cancel_trade?id, the server’s message, the row leaves', async () => {
    const o = order({ Status: 0, Price: '1.05000' });
    book.lists[0] = [o];
    server.on('GET', '/v1/api/forex/cancel_trade', () =>
      ok({ ...o, Status: 3, CloseReason: 'cancel' }, 'Order cancelled'),
    );
    await show('/order?type=0');
    await click($(`.od-row[data-id="${o.Id}"]`));
    expect($('[data-action="close-order"]')).toBeNull();
    await click($('[data-action="cancel-order"]'));
    await click($('.dialog .btn-danger'));
    await settle();
    expect(server.seen.find((r) => r.url === '/v1/api/forex/cancel_trade')?.params.id).toBe(o.Id);
    expect(toasts()).toContain('Order cancelled');
    expect(rowIds()).toEqual([]);
  });

  it('a refused close keeps the order and shows the server’s message', async () => {
    const o = order();
    book.lists[1] = [o];
    server.on('GET', '/v1/api/forex/close', fail(0, 'The market is closed'));
    await show('/order');
    await click($(`.od-row[data-id="${o.Id}"]`));
    await click($('[data-action="close-order"]'));
    await click($('.dialog .btn-danger'));
    expect(toasts()).toContain('The market is closed');
    expect(rowIds()).toEqual([o.Id]);
  });
});

describe('live figures', () => {
  it('P&L, current price and equity follow $account without re-rendering the list', async () => {
    const a = order();
    const b = order({ OrderType: 2 });
    book.lists[1] = [a, b];
    await show('/order');
    await click($(`.od-row[data-id="${a.Id}"]`)); // the sheet binds the same figures
    const pnlOf = (id: number): string => txt(`.od-row[data-id="${id}"] [data-field="pnl"]`);
    expect(pnlOf(a.Id)).toBe('0.00');
    const before = renders;
    await act(async () => {
      $account.value = account(
        [figure(a.Id, '10.5', '1.08605'), figure(b.Id, '-10.5', '1.08605')],
        '0.000000',
        '10000.000000',
      );
    });
    await act(async () => {
      $account.value = account(
        [figure(a.Id, '12.25', '1.08623'), figure(b.Id, '-12.25', '1.08623')],
        '0.000000',
        '10000.000000',
      );
    });
    expect(pnlOf(a.Id)).toBe('+12.25');
    expect($(`.od-row[data-id="${a.Id}"] [data-field="pnl"]`)?.dataset.dir).toBe('up');
    expect(pnlOf(b.Id)).toBe('-12.25');
    expect($(`.od-row[data-id="${b.Id}"] [data-field="pnl"]`)?.dataset.dir).toBe('down');
    expect(txt(`.od-row[data-id="${a.Id}"] [data-field="current"]`)).toBe('1.08623');
    expect(txt('.od-detail [data-field="pnl"]')).toBe('+12.25');
    expect(renders).toBe(before); // no React commit in the page for two ticks
  });

  it('the header shows the feed’s equity, floating P&L and risk rate once the positions are in the feed', async () => {
    const held = order();
    book.lists[1] = [held];
    book.balance = { balance: '9891.28', lock_balance: '108.50' };
    await show('/order');
    expect(fakeFeed.setPositions).toHaveBeenCalled();
    // The feed's figures from before it had the position (none in them) are not the account's: the server's stay.
    const shown = [txt('[data-field="equity"]'), txt('[data-field="floating"]')];
    const noRate = txt('[data-field="account-risk-rate"]');
    await act(async () => {
      $account.value = { ...account([], '0.000000', '10000.000000'), riskRate: '92.17' };
    });
    expect([txt('[data-field="equity"]'), txt('[data-field="floating"]')]).toEqual(shown);
    expect(shown[0]).not.toBe('10,000.00');
    expect(txt('[data-field="account-risk-rate"]')).toBe(noRate);
    await act(async () => {
      $account.value = { ...account([figure(held.Id, '-5.00')], '-5.000000', '9994.780000'), riskRate: '92.12' };
    });
    expect(txt('[data-field="equity"]')).toBe('9,994.78');
    expect(txt('[data-field="floating"]')).toBe('-5.00');
    expect(txt('[data-field="account-risk-rate"]')).toContain('9,212');
    expect(txt('[data-field="balance"]')).toBe('9,891.28');
  });
});

describe('last-known positions (offline start)', () => {
  const USER: User = { id: 7, uid: 'U7', email: 'a@x.co', mobile: '', is_demo: 0, invite_code: 'AAA' };
  const AT = Date.parse('2026-11-18T14:02:00Z');
  let stopCache: (() => void) | null = null;

  afterEach(async () => {
    stopCache?.();
    stopCache = null;
    $lastAccount.value = null; // the signal outlives the stopped cache (a page load starts it empty)
    await clear();
  });

  /** A start with no network: the stored snapshot of `owner`, the signed-in user 7, and every request failing. */
  async function offlineStart(owner: number, positions: AppOrder[]): Promise<void> {
    book.failing.add('1:1');
    server.on('GET', '/v1/api/main/wallet/getBalance', () => fail(0, 'offline'));
    await set(ACCOUNT_CACHE_KEY, {
      owner,
      at: AT,
      funds: { balance: '900.00', lock_balance: '0.00' },
      floating: '2.500000',
      positions,
    });
    signIn({ token: 'token-7', user: USER });
    stopCache = startAccountCache({ now: () => AT });
    await get(ACCOUNT_CACHE_KEY); // the cache's own read has been answered
    await settle();
  }

  const closeAll = (): HTMLButtonElement | null => $('[data-action="close-all"]') as HTMLButtonElement | null;

  it("shows the account's last-known positions with their age, muted and inert, until the live list answers", async () => {
    const held = [appOrder({ FactProfits: '2.500000' }), appOrder({ OrderType: 2, FactProfits: '-1.000000' })];
    await offlineStart(7, held);
    expect($lastAccount.value?.owner).toBe(7);
    await show('/order');
    expect($('.od-list')?.dataset.state).toBe('last-known');
    expect($('.od-list')?.dataset.stale).toBe('true');
    expect(rowIds()).toEqual(held.map((o) => o.Id));
    expect(txt('[data-field="orders-as-of"]')).toMatch(/^as of \S/);
    expect($$('.od-row [data-field="pnl"]').map((e) => e.textContent)).toEqual(['+2.50', '-1.00']);
    expect(txt('[data-field="balance"]')).toBe('900.00');
    // Nothing can be done with them: no detail sheet, no close-all.
    expect($$('.od-row').every((r) => (r as HTMLButtonElement).disabled)).toBe(true);
    expect(closeAll()?.disabled).toBe(true);
    // The network answers: the live list replaces the snapshot, and the actions come back.
    book.failing.delete('1:1');
    book.lists[1] = [order()];
    await click($('[data-action="refresh"]'));
    timers.advance(500);
    await settle();
    expect($('.od-list')?.dataset.stale).toBeUndefined();
    expect(rowIds()).toEqual([book.lists[1][0]?.Id]);
    expect($$('.od-row').some((r) => (r as HTMLButtonElement).disabled)).toBe(false);
    expect(closeAll()?.disabled).toBe(false);
    expect($('[data-field="orders-as-of"]')).toBeNull();
  });

  it("never shows another user's snapshot", async () => {
    await offlineStart(8, [appOrder()]);
    expect($lastAccount.value).toBeNull();
    await show('/order');
    expect(rowIds()).toEqual([]);
    expect($('[data-field="orders-as-of"]')).toBeNull();
    expect(txt('.od-list')).toContain('No data');
  });

  it('is gone at sign-out, from the screen and from IndexedDB', async () => {
    await offlineStart(7, [appOrder()]);
    await show('/order');
    expect(rowIds()).toHaveLength(1);
    await act(async () => signOut());
    await settle();
    expect(rowIds()).toEqual([]);
    expect($('[data-field="orders-as-of"]')).toBeNull();
    await vi.waitFor(async () => expect(await get(ACCOUNT_CACHE_KEY)).toBeUndefined());
  });
});
