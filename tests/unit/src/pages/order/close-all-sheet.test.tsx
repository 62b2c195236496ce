// The close-all sheet of /order in happy-dom: the count and estimated P&L of each scope from the rows'
// live figures, an empty scope's disabled button and its reason, Escape, and a partial failure shown with its
// translated reason while the closed rows leave the list.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fakeServer, ok, type FakeServer } from '../../../api-fake-server.ts';
import { click, renderRoutes, settle, type Rendered } from '../../../pages-render.tsx';
import {
  account,
  dealBook,
  EURUSD,
  fakeFeed,
  FakeIntersectionObserver,
  figure,
  order,
  serveDeals,
  tearDownPage,
  type DealBook,
} from '../../../orders-fixtures.ts';
import { provideFeed } from '../../../../../src/state/feed/feed-bridge.ts';
import { fakeFeedHandle } from '../../../feed-fakes.ts';

provideFeed(fakeFeedHandle(fakeFeed)); // the composition root's job in the app (src/app/start/feed-root.ts)

const { initI18n, setLanguage } = await import('../../../../../src/i18n/index.ts');
const { restoreSession, $token } = await import('../../../../../src/state/account/session.ts');
const { $account } = await import('../../../../../src/state/feed/feed-signals.ts');
const { $currentCode } = await import('../../../../../src/state/market/current-code.ts');
const { setInstruments } = await import('../../../../../src/state/market/instruments.ts');
const { resetOrders, startOrderListeners } = await import('../../../../../src/state/orders/orders.ts');
startOrderListeners(); // src/app/start/start.ts does this in the app
const { OrdersPage } = await import('../../../../../src/pages/order/orders-page.tsx');

const XAU = { ShowCode: 'XAU/USD', Code: 'XAUUSD', PricePrecision: 2 };

let server: FakeServer;
let book: DealBook;
let view: Rendered | null = null;

const $ = (sel: string): HTMLElement | null => document.body.querySelector<HTMLElement>(sel);
const txt = (sel: string): string => $(sel)?.textContent ?? '';
const rowIds = (): number[] =>
  [...document.body.querySelectorAll<HTMLElement>('.od-row')].map((r) => Number(r.dataset.id));
const confirmButton = (): HTMLButtonElement | null =>
  $('[data-action="close-all-confirm"]') as HTMLButtonElement | null;

/** Two buys of EUR/USD and a sell of XAU/USD, held, with live P&L +10.5, -2.25 and +3.000001 from the feed. */
async function showThree(): Promise<{
  a: ReturnType<typeof order>;
  b: ReturnType<typeof order>;
  c: ReturnType<typeof order>;
}> {
  const a = order();
  const b = order();
  const c = order({ OrderType: 2, ForexId: 2, ForexTradeLists: XAU, Price: '2350.00', Quantity: '2' });
  book.lists[1] = [c, b, a];
  view = await renderRoutes([{ path: '/order', element: <OrdersPage /> }], '/order');
  await settle();
  await act(async () => {
    $account.value = account([figure(a.Id, '10.5'), figure(b.Id, '-2.25'), figure(c.Id, '3.000001', '2349.00')]);
  });
  await click($('[data-action="close-all"]'));
  return { a, b, c };
}

async function pick(scope: string): Promise<void> {
  await click($(`[data-scope="${scope}"]`));
}

const shown = (): [string, string] => [txt('[data-field="close-all-count"]'), txt('[data-field="close-all-pnl"]')];

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
  await restoreSession();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

beforeEach(async () => {
  await setLanguage('en');
  $token.value = 'token-1';
  resetOrders();
  $account.value = null;
  $currentCode.value = 'XAUUSD'; // the trade screen's instrument: "this instrument"
  server = fakeServer();
  book = dealBook();
  serveDeals(server, book);
  server.on('GET', '/v1/api/forex/trade_list', ok([EURUSD]));
  setInstruments([EURUSD]);
});

afterEach(async () => {
  await tearDownPage(view, server);
  view = null;
});

describe('close-all sheet', () => {
  it('counts the positions of each scope and sums their live P&L exactly; a tick moves the estimate', async () => {
    const { a } = await showThree();
    const sheet = $('[role="dialog"]');
    expect(sheet?.getAttribute('aria-label')).toBe('Close all');
    expect(document.activeElement).toBe(sheet); // focus moves into the sheet
    expect($('[role="listbox"]')?.getAttribute('aria-label')).toBe('Which positions');
    expect($('[data-scope="all"]')?.getAttribute('aria-selected')).toBe('true');
    expect(shown()).toEqual(['3', '+11.25']);
    await pick('buy');
    expect(shown()).toEqual(['2', '+8.25']);
    await pick('sell');
    expect(shown()).toEqual(['1', '+3.00']);
    expect(txt('[data-scope="instrument"]')).toBe('XAU/USD only');
    await pick('instrument');
    expect(shown()).toEqual(['1', '+3.00']);
    expect(confirmButton()?.disabled).toBe(false);
    await pick('buy');
    await act(async () => {
      $account.value = account([figure(a.Id, '-20'), figure(a.Id + 1, '-2.25')]); // the feed's next tick
    });
    expect(shown()).toEqual(['2', '-22.25']);
    expect($('[data-field="close-all-pnl"]')?.dataset.dir).toBe('down');
  });

  it('an empty scope disables the button with the reason, and sends nothing; Escape closes the sheet', async () => {
    const a = order();
    book.lists[1] = [a];
    view = await renderRoutes([{ path: '/order', element: <OrdersPage /> }], '/order');
    await settle();
    await click($('[data-action="close-all"]'));
    expect(txt('[data-scope="instrument"]')).toBe('EUR/USD only'); // XAU is not held: the held instrument instead
    await pick('sell');
    expect(shown()).toEqual(['0', '0.00']);
    expect(confirmButton()?.disabled).toBe(true);
    const reason = $(`#${confirmButton()?.getAttribute('aria-describedby') ?? 'none'}`);
    expect(reason?.textContent).toBe('No open positions in this choice: nothing to close.');
    await click(confirmButton());
    expect(server.seen.some((r) => r.url === '/v1/api/forex/close_all')).toBe(false);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect($('[data-testid="close-all-sheet"]')).toBeNull();
  });

  it('a partial failure: the closed rows leave, the sheet says how many closed and names the refused one with its reason', async () => {
    const { a, b, c } = await showThree();
    server.on('GET', '/v1/api/forex/close_all', () => {
      book.lists[1] = [c];
      return ok({
        results: [
          { Id: c.Id, ok: false, order: null, error: 'market_closed' },
          { Id: b.Id, ok: true, order: { ...b, Status: 3, CloseReason: 'user', FactProfits: '-2.250001' }, error: '' },
          { Id: a.Id, ok: true, order: { ...a, Status: 3, CloseReason: 'user', FactProfits: '10.500000' }, error: '' },
        ],
      });
    });
    await click(confirmButton());
    await settle();
    expect(server.seen.find((r) => r.url === '/v1/api/forex/close_all')?.params).toMatchObject({ scope: 'all' });
    expect(txt('[data-field="closed-count"]')).toBe('Closed: 2');
    // The realised P&L of what closed, from the server's answer, added exactly and signed, its colour by direction.
    expect(txt('[data-field="closed-pnl"]')).toBe('+8.25');
    expect($('[data-field="closed-pnl"]')?.dataset.dir).toBe('up');
    expect(txt('.od-close-all__realised')).toBe('Realised P&L+8.25');
    expect(txt('[data-field="failed-count"]')).toBe('Not closed: 1');
    const failed = $(`.od-close-all__item[data-id="${c.Id}"]`);
    expect(failed?.textContent).toContain('2.00 lots'); // lots at the lot step, as everywhere (domain/format/lots.ts)
    expect(failed?.textContent).toContain('XAU/USD');
    expect(failed?.textContent).toContain('Sell');
    expect(failed?.querySelector('[data-field="reason"]')?.textContent).toBe(
      'The market is closed, please try again when it opens',
    );
    expect($('[data-testid="close-all-result"] [role="status"]')).not.toBeNull();
    expect(document.activeElement).toBe($('[data-action="close-all-done"]'));
    expect(rowIds()).toEqual([c.Id]);
    await click($('[data-action="close-all-done"]'));
    expect($('[data-testid="close-all-sheet"]')).toBeNull();
  });

  it('"this instrument" sends its id with scope all', async () => {
    await showThree();
    server.on('GET', '/v1/api/forex/close_all', () => ok({ results: [] }));
    await pick('instrument');
    await click(confirmButton());
    await settle();
    expect(server.seen.find((r) => r.url === '/v1/api/forex/close_all')?.params).toMatchObject({
      scope: 'all',
      forex_id: 2,
    });
  });
});
