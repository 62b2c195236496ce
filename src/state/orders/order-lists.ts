// The three paged lists of /order; answers for an older request or another account are dropped.
import { signal, type Signal } from '@preact/signals-react';
import type { AppOrder, OrderStatus } from '../../../domain/types.ts';
import { myDeal, type AppOrderList } from '../../api/trading.ts';

/** holding 1, pending 0, history 3 (docs/contract.md §2). */
export type OrderTab = OrderStatus;
export const ORDER_TABS: readonly OrderTab[] = [1, 0, 3];

/** Absent or unknown means holding. */
export function tabFromQuery(type: string | null): OrderTab {
  const n = type === null || type.trim() === '' ? NaN : Number(type);
  return n === 0 || n === 3 ? n : 1;
}

export interface OrderListState {
  items: readonly AppOrder[];
  total: number;
  page: number; // 1-based, 0 before the first
  loading: boolean;
  finished: boolean; // loaded ≥ total, an empty page, or a failed load (docs/contract.md §4, §8)
  started: boolean;
  allFactProfits: string | null; // my_deal's all_fact_profits for this status
}

const EMPTY: OrderListState = {
  items: [],
  total: 0,
  page: 0,
  loading: false,
  finished: false,
  started: false,
  allFactProfits: null,
};

export const orderLists: Readonly<Record<OrderTab, Signal<OrderListState>>> = {
  0: signal<OrderListState>(EMPTY, { name: 'order-lists.0' }),
  1: signal<OrderListState>(EMPTY, { name: 'order-lists.1' }),
  3: signal<OrderListState>(EMPTY, { name: 'order-lists.3' }),
};

// Any answer that arrives after a sign-out, a token change or a newer request of the same list is dropped.
let generation = 0;

/** Bumped by resetOrders, so answers for the previous account are dropped everywhere. */
export function currentGeneration(): number {
  return generation;
}

export function nextGeneration(): void {
  generation++;
}

const listGen: Record<OrderTab, number> = { 0: 0, 1: 0, 3: 0 };

function patch(tab: OrderTab, p: Partial<OrderListState>): void {
  const s = orderLists[tab];
  s.value = { ...s.peek(), ...p };
}

function appendUnique(items: readonly AppOrder[], more: readonly AppOrder[]): AppOrder[] {
  const seen = new Set(items.map((o) => o.Id));
  const out = [...items];
  for (const o of more) {
    if (seen.has(o.Id)) continue;
    seen.add(o.Id);
    out.push(o);
  }
  return out;
}

async function loadPage(tab: OrderTab, page: number, replace: boolean): Promise<void> {
  const gen = generation;
  const mine = ++listGen[tab];
  patch(tab, { loading: true, started: true });
  let res: AppOrderList;
  try {
    res = await myDeal(tab, page);
  } catch {
    // The client toasted the failure; docs/contract.md §8 marks a failed list load finished.
    if (gen === generation && mine === listGen[tab]) patch(tab, { loading: false, finished: true });
    return;
  }
  if (gen !== generation || mine !== listGen[tab]) return;
  const data = Array.isArray(res.data) ? res.data : [];
  const items = replace ? appendUnique([], data) : appendUnique(orderLists[tab].peek().items, data);
  const total = Number(res.total) || 0;
  patch(tab, {
    items,
    total,
    page,
    loading: false,
    finished: data.length === 0 || items.length >= total, // docs/contract.md §4
    allFactProfits: typeof res.all_fact_profits === 'string' ? res.all_fact_profits : null,
  });
}

/** What is shown stays until the answer replaces it, so a pull-to-refresh never flashes empty. */
export function refreshList(tab: OrderTab): Promise<void> {
  return loadPage(tab, 1, true);
}

/** Nothing while loading or finished. */
export function loadMore(tab: OrderTab): Promise<void> {
  const s = orderLists[tab].peek();
  if (s.loading || s.finished) return Promise.resolve();
  return s.page === 0 ? loadPage(tab, 1, true) : loadPage(tab, s.page + 1, false);
}

export function removeFrom(tab: OrderTab, id: number): void {
  const s = orderLists[tab].peek();
  if (!s.items.some((o) => o.Id === id)) return;
  patch(tab, { items: s.items.filter((o) => o.Id !== id), total: Math.max(0, s.total - 1) });
}

/** Put first when absent (lists are newest first), if the list has been loaded. */
export function upsertInto(tab: OrderTab, order: AppOrder): void {
  const s = orderLists[tab].peek();
  const at = s.items.findIndex((o) => o.Id === order.Id);
  if (at >= 0) {
    const items = [...s.items];
    items[at] = order;
    patch(tab, { items });
  } else if (s.started) {
    patch(tab, { items: [order, ...s.items], total: s.total + 1 });
  }
}

export function resetLists(): void {
  for (const tab of ORDER_TABS) orderLists[tab].value = EMPTY;
}
