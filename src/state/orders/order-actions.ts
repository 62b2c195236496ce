// Every change to an order updates the lists, the sheet, the positions, then the balance.
import { batch } from '@preact/signals-react';
import type { AppOrder } from '../../../domain/types.ts';
import type { OrderEvent } from '../../../workers/protocol.ts';
import type { CloseAllItem } from '../../../domain/close-scope.ts';
import {
  cancelOrder,
  closeAll,
  closeOrder,
  setPendingPrice,
  setStopPrice,
  type CloseAllParams,
  type StopParams,
} from '../../api/trading.ts';
import { i18n } from '../../i18n/index.ts';
import { dropLivePosition } from '../account/live-positions.ts';
import { ORDER_TABS, orderLists, refreshList, removeFrom, upsertInto } from './order-lists.ts';
import { $openOrderId } from './order-sheet.ts';
import { notePositionClosed, notePositionOpen, refreshFunds, syncPositions } from './position-sync.ts';
import { toast } from '../shell/toasts.ts';
import { refusalText } from '../../api/client.ts';
import { lotsLeft } from '../../../domain/order-rules.ts';
import { orderLots } from '../market/lot-step.ts';

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

export function handleOrderEvent(e: OrderEvent): void {
  if (e.change === 'closed' || e.data.Status === 3) applyClosed(e.data);
  else applyOpen(e.data);
  void refreshFunds(); // margins and realised P&L moved on the server
}

/** Events may be lost, so every loaded list is read again. */
export function handleOrderGap(): void {
  for (const tab of ORDER_TABS) if (orderLists[tab].peek().started) void refreshList(tab);
  void syncPositions();
  void refreshFunds();
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
