// Test helpers for the orders screen: wire orders, a paged my_deal on the fake server, a scripted feed handle,
// and a hand-driven IntersectionObserver (happy-dom does no layout, so "the end is visible" is said by the test).
import { vi } from 'vitest';
import {
  appOrderOf,
  type AppOrder,
  type Balance,
  type Instrument,
  type Order,
  type OrderStatus,
} from '../../domain/types.ts';
import type { AccountUpdate, PositionFigure } from '../../workers/protocol.ts';
import { instrument } from '../fixtures/instruments.ts';
import { order as baseOrder } from '../fixtures/orders.ts';
import { fail, ok, type FakeServer, type SeenRequest } from './api-fake-server.ts';
import { settle, type Rendered } from './pages-render.tsx';

let nextId = 1000;

/** An order with an Id of its own (lists key rows by Id). */
export function order(over: Partial<Order> = {}): Order {
  nextId += 1;
  return baseOrder({ Id: nextId, ...over });
}

/** The same, as the app holds it once translated (src/api/trading.ts). */
export function appOrder(over: Partial<AppOrder> = {}): AppOrder {
  return { ...appOrderOf(order()), ...over };
}

/** The instrument these orders are on (instrument 1). */
export const EURUSD: Instrument = instrument('EURUSD', 1, {
  ShowCode: 'EUR/USD',
  ForexFeeRate: '0.002',
  ForexQuotations: { Open: '1.08', Close: '1.085', Change: '0', High: '1.09', Low: '1.07', Time: 0 },
});

export const PAGE_SIZE = 20;

export interface DealBook {
  lists: Record<OrderStatus, Order[]>;
  /** Pages (per status) that answer with a failure instead. */
  failing: Set<string>;
  /** Totals reported regardless of the list length (to test the finishing rule). */
  totals: Partial<Record<OrderStatus, number>>;
  allFact: Partial<Record<OrderStatus, string>>;
  balance: Balance;
}

export function dealBook(): DealBook {
  return {
    lists: { 0: [], 1: [], 3: [] },
    failing: new Set(),
    totals: {},
    allFact: {},
    balance: { balance: '10000.00', lock_balance: '0.00' },
  };
}

/** my_deal (20 per page) and getBalance answered from `book`. */
export function serveDeals(server: FakeServer, book: DealBook): void {
  server.on('GET', '/v1/api/forex/my_deal', (req: SeenRequest) => {
    const status = Number(req.params.status) as OrderStatus;
    const page = Number(req.params.page ?? 1);
    if (book.failing.has(`${status}:${page}`)) return fail(0, 'List failed');
    const list = book.lists[status] ?? [];
    return ok({
      data: list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: book.totals[status] ?? list.length,
      all_fact_profits: book.allFact[status] ?? '0.000000',
      balance: book.balance.balance,
    });
  });
  server.on('GET', '/v1/api/main/wallet/getBalance', () => ok({ ...book.balance }));
}

export const dealCalls = (server: FakeServer, status?: number): SeenRequest[] =>
  server.seen.filter(
    (r) => r.url === '/v1/api/forex/my_deal' && (status === undefined || Number(r.params.status) === status),
  );

export function figure(id: number, pnl: string, current = '1.08600'): PositionFigure {
  return { Id: id, current, pnl, netValue: pnl, riskRate: '1.0000' };
}

export function account(positions: PositionFigure[], floating = '0.000000', equity = '10000.000000'): AccountUpdate {
  return { positions, floating, equity, riskRate: null, stopOutDistance: null };
}

/** The feed handle screens get from feed(): only setPositions matters here. */
export const fakeFeed = {
  setPositions: vi.fn(async (_orders: AppOrder[], _balance: string, _lock: string): Promise<void> => undefined),
};

// ── IntersectionObserver driven by the test ───────────────────────────────────────────────────────────────────

type IoCallback = (entries: Array<{ isIntersecting: boolean; target: Element }>) => void;

export class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  private targets: Element[] = [];
  constructor(private readonly cb: IoCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(el: Element): void {
    this.targets.push(el);
  }
  unobserve(): void {}
  disconnect(): void {
    this.targets = [];
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords(): [] {
    return [];
  }
  /** The list's end scrolls into view. */
  static showEnd(): void {
    for (const io of [...FakeIntersectionObserver.live])
      io.cb(io.targets.map((target) => ({ isIntersecting: true, target })));
  }
}

/** After each screen test: the page unmounted, the fake server gone, and no sheet or dialog left in the body. */
export async function tearDownPage(view: Rendered | null, server: FakeServer): Promise<void> {
  await view?.unmount();
  await settle();
  server.restore();
  document.querySelectorAll('.sheet-layer, .dialog-layer').forEach((e) => e.remove());
}
