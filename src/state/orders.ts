// The orders store behind /order: the three paged lists, the balance, the open detail sheet, and the holding
// positions the feed keeps live (setPositions). Pushed order events and sequence gaps keep it in step with the server.
import { batch, computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Balance, Order, OrderList, OrderStatus } from '../domain/types.ts';
import type { OrderEvent } from '../../workers/protocol.ts';
import { cancelOrder, closeOrder, getBalance, myDeal, setStopPrice, type StopParams } from '../api/trading.ts';
import { $instruments, $account, onOrderEvent, onOrderGap } from './market.ts';
import { $token } from './session.ts';
import { toast } from './toasts.ts';
import { feed } from './feed-handle.ts';
import { i18n } from '../i18n/index.ts';

// ── lists ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** The tabs of /order by the `type` query: holding 1, pending 0, history 3 (SPEC §2). */
export type OrderTab = OrderStatus;
export const ORDER_TABS: readonly OrderTab[] = [1, 0, 3];
export const DEFAULT_TAB: OrderTab = 1;

/** `type` from the query; absent or unknown means holding. */
export function tabFromQuery(type: string | null): OrderTab {
  const n = type === null || type.trim() === '' ? NaN : Number(type);
  return n === 0 || n === 1 || n === 3 ? n : DEFAULT_TAB;
}

export interface OrderListState {
  items: readonly Order[];
  total: number;
  page: number; // last page loaded (1-based), 0 before the first
  loading: boolean;
  finished: boolean; // no more pages: loaded ≥ total, an empty page, or a failed load (SPEC §4, §8)
  started: boolean; // a first load has been asked for
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

/** SPEC §4: a list is finished when the loaded count reaches the total. */
export function isFinished(loaded: number, total: number): boolean {
  return loaded >= total;
}

export const orderLists: Readonly<Record<OrderTab, Signal<OrderListState>>> = {
  0: signal<OrderListState>(EMPTY),
  1: signal<OrderListState>(EMPTY),
  3: signal<OrderListState>(EMPTY),
};

/** Available and frozen balance as the server last said (getBalance after every action and event). */
export const $funds: Signal<Balance | null> = signal<Balance | null>(null);

// Any answer that arrives after a sign-out, a token change or a newer request of the same list is dropped.
let generation = 0;
const listGen: Record<OrderTab, number> = { 0: 0, 1: 0, 3: 0 };

function patch(tab: OrderTab, p: Partial<OrderListState>): void {
  const s = orderLists[tab];
  s.value = { ...s.peek(), ...p };
}

function appendUnique(items: readonly Order[], more: readonly Order[]): Order[] {
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
  let res: OrderList;
  try {
    res = await myDeal(tab, page);
  } catch {
    // The client toasted the failure; SPEC §8: a failed order-list load marks the list finished.
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
    finished: data.length === 0 || isFinished(items.length, total),
    allFactProfits: typeof res.all_fact_profits === 'string' ? res.all_fact_profits : null,
  });
}

/** Page 1 again. What is shown stays until the answer replaces it (a pull-to-refresh never flashes empty). */
export function refreshList(tab: OrderTab): Promise<void> {
  return loadPage(tab, 1, true);
}

/** The next page, when the end of the list is visible; nothing while loading or finished. */
export function loadMore(tab: OrderTab): Promise<void> {
  const s = orderLists[tab].peek();
  if (s.loading || s.finished) return Promise.resolve();
  return s.page === 0 ? loadPage(tab, 1, true) : loadPage(tab, s.page + 1, false);
}

// ── the open detail sheet ─────────────────────────────────────────────────────────────────────────────────────

export const $openOrderId: Signal<number | null> = signal<number | null>(null);
let openSnapshot: Order | null = null;

/** The order of the open sheet, as fresh as the lists (which events keep current). */
export const $openOrder: ReadonlySignal<Order | null> = computed(() => {
  const id = $openOrderId.value;
  if (id === null) return null;
  for (const tab of ORDER_TABS) {
    const found = orderLists[tab].value.items.find((o) => o.Id === id);
    if (found) return found;
  }
  return openSnapshot?.Id === id ? openSnapshot : null;
});

export function openOrder(order: Order): void {
  openSnapshot = order;
  $openOrderId.value = order.Id;
}

export function closeSheet(): void {
  $openOrderId.value = null;
}

// ── live figures per position (the feed's AccountUpdate, keyed) ───────────────────────────────────────────────

export interface LivePosition {
  $current: Signal<string | null>;
  $pnl: Signal<string | null>;
  $netValue: Signal<string | null>;
  $riskRate: Signal<string | null>;
}

const live = new Map<number, LivePosition>();
let liveIds = new Set<number>();

/** Stable signals per order id, created on demand: a row binds them once and a tick rewrites only its text. */
export function livePosition(id: number): LivePosition {
  let l = live.get(id);
  if (!l) {
    l = { $current: signal(null), $pnl: signal(null), $netValue: signal(null), $riskRate: signal(null) };
    live.set(id, l);
  }
  return l;
}

// One pass per account update (at most one per frame): only positions whose figures changed notify their rows.
effect(() => {
  const acc = $account.value;
  batch(() => {
    const now = new Set<number>();
    for (const p of acc?.positions ?? []) {
      now.add(p.Id);
      const l = livePosition(p.Id);
      l.$current.value = p.current;
      l.$pnl.value = p.pnl;
      l.$netValue.value = p.netValue;
      l.$riskRate.value = p.riskRate;
    }
    for (const id of liveIds) {
      if (now.has(id)) continue;
      const l = live.get(id);
      if (!l) continue;
      l.$current.value = null; // the feed no longer holds it: rows fall back to the order's own figures
      l.$pnl.value = null;
      l.$netValue.value = null;
      l.$riskRate.value = null;
    }
    liveIds = now;
  });
});

// ── positions for the feed ────────────────────────────────────────────────────────────────────────────────────

/** Upper bound of holding pages fetched for the feed (20 per page); beyond it floating P&L is partial. */
export const MAX_POSITION_PAGES = 50;

let positions = new Map<number, Order>();
let positionsSynced = false;
let positionsVersion = 0; // bumped by events, so a sync that raced one runs again
let active = 0; // mounted /order screens
let pushed = false; // the feed holds our positions

/** True while the feed holds this account's positions, so $account's floating P&L and equity are ours. */
export const $livePositions: Signal<boolean> = signal(false);

function pushPositions(): void {
  const funds = $funds.peek();
  if (active === 0 || !positionsSynced || !funds) return;
  pushed = true;
  $livePositions.value = true;
  const list = [...positions.values()];
  Promise.resolve()
    .then(() => feed().setPositions(list, funds.balance, funds.lock_balance))
    .catch((err: unknown) => console.warn('orders: setPositions failed', err));
}

function clearFeedPositions(): void {
  if (!pushed) return;
  pushed = false;
  $livePositions.value = false;
  const funds = $funds.peek();
  Promise.resolve()
    .then(() => feed().setPositions([], funds?.balance ?? '0', funds?.lock_balance ?? '0'))
    .catch((err: unknown) => console.warn('orders: setPositions failed', err));
}

let syncing: Promise<void> | null = null;
let syncAgain = false;

/**
 * Every holding order (all pages) into the feed, so floating P&L and equity cover the whole account. A call while
 * one runs (a gap) or an event during it makes it read once more; after three reads the last one stands.
 */
export function syncPositions(): Promise<void> {
  if (syncing) {
    syncAgain = true;
    return syncing;
  }
  syncing = (async () => {
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        syncAgain = false;
        const gen = generation;
        const version = positionsVersion;
        const all: Order[] = [];
        let total = Infinity;
        for (let page = 1; all.length < total && page <= MAX_POSITION_PAGES; page++) {
          const res = await myDeal(1, page, { toast: false });
          if (gen !== generation) return;
          total = Number(res.total) || 0;
          if (!Array.isArray(res.data) || res.data.length === 0) break;
          all.push(...res.data);
        }
        const stale = syncAgain || version !== positionsVersion;
        if (stale && attempt < 2) continue;
        positions = new Map(all.filter((o) => o.Status === 1).map((o) => [o.Id, o]));
        positionsSynced = true;
        pushPositions();
        return;
      }
    } catch (err) {
      console.warn('orders: positions sync failed', err); // rows keep the list's own P&L until the next sync
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

let fundsRun: Promise<void> | null = null;
let fundsAgain = false;

/** getBalance; calls during a request make it ask once more, so the last answer is never older than the last call. */
export function refreshFunds(): Promise<void> {
  if (fundsRun) {
    fundsAgain = true;
    return fundsRun;
  }
  fundsRun = (async () => {
    do {
      fundsAgain = false;
      const gen = generation;
      try {
        const b = await getBalance({ toast: false });
        if (gen === generation) $funds.value = b;
      } catch {
        // keep the last known balance; the next action or event asks again
      }
    } while (fundsAgain);
  })().finally(() => {
    fundsRun = null;
    pushPositions();
  });
  return fundsRun;
}

// ── applying changes (events and our own actions) ─────────────────────────────────────────────────────────────

function removeFrom(tab: OrderTab, id: number): void {
  const s = orderLists[tab].peek();
  if (!s.items.some((o) => o.Id === id)) return;
  patch(tab, { items: s.items.filter((o) => o.Id !== id), total: Math.max(0, s.total - 1) });
}

/** Replaces the order in place, or puts it first (lists are newest first) when the list has been loaded. */
function upsertInto(tab: OrderTab, order: Order): void {
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

/** An order that is open (pending or holding) or changed: FOREX_TRADE, a fill, new stops, our submit. */
function applyOpen(order: Order): void {
  positionsVersion++;
  batch(() => {
    if (order.Status === 1) {
      removeFrom(0, order.Id); // a pending order that filled
      upsertInto(1, order);
      positions.set(order.Id, order);
    } else if (order.Status === 0) {
      upsertInto(0, order);
    }
  });
}

/** An order that closed or was cancelled: out of holding and pending, into history, its sheet closed. */
function applyClosed(order: Order): void {
  positionsVersion++;
  positions.delete(order.Id);
  batch(() => {
    removeFrom(1, order.Id);
    removeFrom(0, order.Id);
    upsertInto(3, order);
    if ($openOrderId.peek() === order.Id) $openOrderId.value = null;
  });
}

export function handleOrderEvent(e: OrderEvent): void {
  if (e.type === 'FOREX_CLOSED' || e.data.Status === 3) applyClosed(e.data);
  else applyOpen(e.data);
  void refreshFunds(); // margins and realised P&L moved on the server: its balance, then the feed
}

/** A gap in the event sequence (or a reconnect): events may be lost, so every loaded list is read again. */
export function handleOrderGap(): void {
  for (const tab of ORDER_TABS) if (orderLists[tab].peek().started) void refreshList(tab);
  void syncPositions();
  void refreshFunds();
}

/** A successful action answer with the server's msg: toasted (SPEC §8), or our own text when it says nothing. */
function toastMsg(msg: string, fallbackKey: string): void {
  toast(msg && msg.toLowerCase() !== 'success' ? msg : i18n.t(fallbackKey));
}

/** Closes a holding order. Resolves true when the server closed it; the failure toast is the client's. */
export async function closePosition(id: number): Promise<boolean> {
  try {
    const env = await closeOrder(id);
    toastMsg(env.msg, 'orders.closed_ok');
    applyClosed(env.data);
  } catch {
    return false;
  }
  await refreshFunds();
  return true;
}

/** Cancels a pending order (margin released, fee refunded by the server). */
export async function cancelPending(id: number): Promise<boolean> {
  try {
    const env = await cancelOrder(id);
    toastMsg(env.msg, 'orders.cancelled_ok');
    applyClosed(env.data);
  } catch {
    return false;
  }
  await refreshFunds();
  return true;
}

/** Sets both stops of a holding order ("0" clears one). */
export async function saveStops(params: StopParams): Promise<boolean> {
  try {
    const env = await setStopPrice(params);
    toastMsg(env.msg, 'orders.stops_saved');
    applyOpen(env.data);
  } catch {
    return false;
  }
  return true;
}

// ── life cycle ────────────────────────────────────────────────────────────────────────────────────────────────

let detach: (() => void) | null = null;

/**
 * A mounted /order screen: follow pushed events, load the balance and every holding position into the feed.
 * Returns the matching stop. While no screen is mounted the feed is given no positions (no work per quote).
 */
export function startOrders(ensureInstruments?: () => void): () => void {
  active++;
  if (active === 1) {
    const offEvent = onOrderEvent(handleOrderEvent);
    const offGap = onOrderGap(handleOrderGap);
    detach = () => {
      offEvent();
      offGap();
    };
    // The feed can only mark positions of instruments it knows: a direct visit to /order loads the list first.
    if ($instruments.peek().length === 0) ensureInstruments?.();
    void refreshFunds();
    void syncPositions();
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    active--;
    if (active > 0) return;
    detach?.();
    detach = null;
    positionsSynced = false; // the next visit pushes only after a fresh sync, never the set it left with
    clearFeedPositions();
  };
}

/** Everything back to empty (sign-out, another user, tests). */
export function resetOrders(): void {
  generation++;
  positionsVersion++;
  positions = new Map();
  positionsSynced = false;
  openSnapshot = null;
  batch(() => {
    for (const tab of ORDER_TABS) orderLists[tab].value = EMPTY;
    $funds.value = null;
    $openOrderId.value = null;
  });
  clearFeedPositions();
}

// Another token (sign-out, 999, a different user) makes every list, balance and position someone else's.
let lastToken: string | null | undefined;
effect(() => {
  const token = $token.value;
  // null → a token is a sign-in (or the stored session arriving): nothing of anyone's was loaded before it.
  if (lastToken && token !== lastToken) resetOrders();
  lastToken = token;
});
