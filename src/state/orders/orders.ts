// Nothing runs at import: src/app/start/start.ts starts the listeners (startOrderListeners).
import { batch, effect, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { $instruments } from '../market/instruments.ts';
import { onOrderEvent, onOrderGap } from '../feed/feed-listeners.ts';
import { $token } from '../account/session.ts';
import { followAccount, resetLivePositions, dropLivePosition } from '../account/live-positions.ts';
import type { AppOrder } from '../../../domain/types.ts';
import type { CloseAllItem } from '../../../domain/close-scope.ts';
import type { CloseAllParams, StopParams } from '../../api/trading.ts';
import { cancelOrder, closeAll, closeOrder, setPendingPrice, setStopPrice } from '../../api/trading.ts';
import { i18n } from '../../i18n/index.ts';
import {
  ORDER_TABS,
  orderLists,
  refreshList,
  removeFrom,
  upsertInto,
  nextGeneration,
  resetLists,
} from './order-lists.ts';
import {
  notePositionClosed,
  notePositionOpen,
  refreshFunds,
  syncPositions,
  resetPositions,
  screenMounted,
  screenUnmounted,
} from './position-sync.ts';
import { toast } from '../shell/toasts.ts';
import { refusalText } from '../../api/client.ts';
import { lotsLeft } from '../../../domain/order-rules.ts';
import { orderLots } from '../market/lot-step.ts';

// Every change to an order updates the lists, the sheet, the positions, then the balance.
export const $openOrderId: Signal<number | null> = signal<number | null>(null, { name: 'order-sheet.$openOrderId' });
let openSnapshot: AppOrder | null = null;

/** As fresh as the lists, which events keep current. */
export const $openOrder: ReadonlySignal<AppOrder | null> = computed(
  () => {
    const id = $openOrderId.value;
    if (id === null) return null;
    for (const tab of ORDER_TABS) {
      const found = orderLists[tab].value.items.find((o) => o.Id === id);
      if (found) return found;
    }
    return openSnapshot?.Id === id ? openSnapshot : null;
  },
  { name: 'order-sheet.$openOrder' },
);

export function openOrder(order: AppOrder): void {
  openSnapshot = order;
  $openOrderId.value = order.Id;
}

export function closeSheet(): void {
  $openOrderId.value = null;
}

/** A pushed change, a fill, new stops, our submit. */
export function applyOpen(order: AppOrder): void {
  notePositionOpen(order);
  batch(() => {
    if (order.Status === 1) {
      removeFrom(0, order.Id); // a pending order that filled
      upsertInto(1, order);
    } else if (order.Status === 0) {
      upsertInto(0, order);
    }
  });
}

export function applyClosed(order: AppOrder): void {
  notePositionClosed(order.Id);
  dropLivePosition(order.Id);
  batch(() => {
    removeFrom(1, order.Id);
    removeFrom(0, order.Id);
    upsertInto(3, order);
    if ($openOrderId.peek() === order.Id) $openOrderId.value = null;
  });
}

/** docs/contract.md §8; our own text when the server says nothing. */
function toastMsg(msg: string, fallbackKey: string): void {
  toast(msg && msg.toLowerCase() !== 'success' ? msg : i18n.t(fallbackKey));
}

export interface FormCall {
  refused?: (text: string) => void;
}

/** False when it failed (the refusal already shown or toasted). */
async function formCall<T>(call: FormCall, fn: (opts: { toast?: boolean }) => Promise<T>): Promise<T | false> {
  try {
    return await fn(call.refused ? { toast: false } : {});
  } catch (err) {
    const text = refusalText(err);
    if (call.refused && text) call.refused(text);
    return false;
  }
}

/** A partial close says what it closed and what is left ("0.02 lots closed · 0.03 left"). */
export async function closePosition(
  id: number,
  lots?: string,
  call: FormCall & { held?: string } = {},
): Promise<boolean> {
  const env = await formCall(call, (opts) => closeOrder(id, lots, opts));
  if (env === false) return false;
  const part = env.data.Id !== id;
  if (part && call.held)
    toast(
      i18n.t('orders.part_closed', {
        closed: orderLots(env.data),
        left: orderLots(env.data, lotsLeft(call.held, env.data.Quantity)),
      }),
    );
  else toastMsg(env.msg, 'orders.closed_ok');
  applyClosed(env.data);
  // The rest got a new id: read it without waiting for its push.
  if (part && orderLists[1].peek().started) void refreshList(1);
  if (part) void syncPositions();
  await refreshFunds();
  return true;
}

/** Closed ones leave the lists at once, refused ones stay; null when the request failed (already toasted). */
export async function closeAllPositions(params: CloseAllParams): Promise<CloseAllItem<AppOrder>[] | null> {
  let results: CloseAllItem<AppOrder>[];
  try {
    results = (await closeAll(params)).data.results;
  } catch {
    return null;
  }
  batch(() => {
    for (const r of results) if (r.ok && r.order) applyClosed(r.order);
  });
  await refreshFunds();
  return results;
}

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

/** "0" clears one. */
export async function saveStops(params: StopParams, call: FormCall = {}): Promise<boolean> {
  const env = await formCall(call, (opts) => setStopPrice(params, opts));
  if (env === false) return false;
  toastMsg(env.msg, 'orders.stops_saved');
  applyOpen(env.data);
  return true;
}

export async function movePending(id: number, price: string, call: FormCall = {}): Promise<boolean> {
  const env = await formCall(call, (opts) => setPendingPrice(id, price, opts));
  if (env === false) return false;
  toastMsg(env.msg, 'chart_lines.pending_moved');
  applyOpen(env.data);
  void refreshFunds(); // margin and fee were made again at the new price
  return true;
}

export { loadMore, orderLists, refreshList, tabFromQuery, type OrderTab } from './order-lists.ts';
export { livePosition, livePositionCount } from '../account/live-positions.ts';
export { $feedAccount, $funds, $heldPositions, $livePositions, refreshFunds, syncPositions } from './position-sync.ts';

let detach: (() => void) | null = null;

/** While no screen is mounted the feed is given no positions, so no work per quote. */
export function startOrders(ensureInstruments?: () => void): () => void {
  if (screenMounted()) {
    const offEvent = onOrderEvent((e) => {
      if (e.change === 'closed' || e.data.Status === 3) applyClosed(e.data);
      else applyOpen(e.data);
      void refreshFunds(); // margins and realised P&L moved on the server
    });
    // Events may be lost, so every loaded list is read again.
    const offGap = onOrderGap(() => {
      for (const tab of ORDER_TABS) if (orderLists[tab].peek().started) void refreshList(tab);
      void syncPositions();
      void refreshFunds();
    });
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
    if (!screenUnmounted()) return;
    detach?.();
    detach = null;
  };
}

export function resetOrders(): void {
  nextGeneration();
  openSnapshot = null; // another account's order is never shown again
  batch(() => {
    resetLists();
    $openOrderId.value = null;
    resetPositions();
  });
  resetLivePositions();
}

/** Another token (sign-out, 999, another user) makes every list, balance and position someone else's. */
export function startOrderListeners(): () => void {
  const offAccount = followAccount();
  let lastToken: string | null | undefined;
  const offToken = effect(() => {
    const token = $token.value;
    // From null a token is a sign-in or the stored session arriving: nothing of anyone's was loaded before it.
    if (lastToken && token !== lastToken) resetOrders();
    lastToken = token;
  });
  return () => {
    offAccount();
    offToken();
  };
}
