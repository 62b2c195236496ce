// Actions resolve the whole envelope: docs/contract.md §8 toasts the server's msg after close, cancel and stops.
import type { CloseAllItem } from '../../domain/close-scope.ts';
import type { AppOrder, Envelope, Order, OrderList, OrderStatus } from '../../domain/types.ts';
import { appOrderOf } from '../../domain/types.ts';
import { apiGet, apiGetFull, type CallOptions, apiRequest, ApiFailure, CODE_NETWORK } from './client.ts';
import { toast } from '../state/shell/toasts.ts';
import { randomHex } from '../state/account/session.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';

/** No HTTP answer came back, so the request may have reached the server. */
export function mayHaveLanded(err: unknown): boolean {
  return err instanceof ApiFailure && err.code === CODE_NETWORK && !/^\d+$/.test(err.transport ?? '');
}

/** 1 buy (long), 2 sell (short). */
export type OrderSide = 1 | 2;

/** In the glossary's words; submitOrder writes it as the contract's query. */
export interface NewOrder {
  side: OrderSide;
  lots: string;
  instrumentId: number;
  status: 1 | 0; // 1 market, 0 pending at targetPrice
  targetPrice: string; // "0" for a market order
  stopLossPrice: string; // "0" when its box is unticked
  takeProfitPrice: string; // "0" when its box is unticked
  leverage: number; // 0 in fixed-margin mode
  /** "gtc", "day" (the next 00:00 UTC) or "YYYY-MM-DD" (that day's end, UTC). */
  expire?: string;
}

/** `opts.toast` false: the order form shows the refusal under itself (refusalText). */
export async function submitOrder(order: NewOrder, opts: { toast?: boolean } = {}): Promise<AppOrder> {
  const toastRefusal = opts.toast !== false;
  // The contract's query (docs/glossary.md).
  const params = {
    type: order.side,
    cont: order.lots,
    forex_id: order.instrumentId,
    status: order.status,
    target_price: order.targetPrice,
    stop_loss_price: order.stopLossPrice,
    target_profit_price: order.takeProfitPrice,
    multiple: order.leverage,
    ...(order.expire === undefined ? {} : { expire: order.expire }),
  };
  // A fresh idempotency key per call; the one retry after a lost answer reuses it (the server answers the first order).
  const headers = { [IDEMPOTENCY_HEADER]: randomHex() };
  const send = async (quiet: boolean): Promise<AppOrder> => {
    const call = { method: 'get', url: '/v1/api/forex/submit', params, headers } as const;
    return appOrderOf((await apiRequest<Order>(call, { loading: true, toast: !quiet && toastRefusal })).data);
  };
  try {
    return await send(true);
  } catch (err) {
    if (mayHaveLanded(err)) return await send(false);
    if (toastRefusal && err instanceof ApiFailure && err.msg) toast(err.msg);
    throw err;
  }
}

export interface AppOrderList extends Omit<OrderList, 'data'> {
  data: AppOrder[];
}

const orderAnswer = async (answer: Promise<Envelope<Order>>): Promise<Envelope<AppOrder>> => {
  const env = await answer;
  return { ...env, data: appOrderOf(env.data) };
};

/** 1-based, 20 per page on our server. */
export async function myDeal(status: OrderStatus, page: number, opts: CallOptions = {}): Promise<AppOrderList> {
  const list = await apiGet<OrderList>('/v1/api/forex/my_deal', { status, page }, opts);
  return { ...list, data: list.data.map(appOrderOf) };
}

/** A partial close (`lots`) answers with the closed part; the rest arrives as a change. */
export function closeOrder(id: number, lots?: string, opts: CallOptions = {}): Promise<Envelope<AppOrder>> {
  const query = lots === undefined ? { id } : { id, cont: lots };
  return orderAnswer(apiGetFull<Order>('/v1/api/forex/close', query, { loading: true, ...opts }));
}

/** The instrument is sent as the contract's forex_id. */
export interface CloseAllParams {
  scope: 'all' | 'buy' | 'sell';
  instrumentId?: number;
}

/** Each order is closed on its own, so each has its outcome. */
export async function closeAll(params: CloseAllParams): Promise<Envelope<{ results: CloseAllItem<AppOrder>[] }>> {
  const { scope, instrumentId } = params;
  const query = instrumentId === undefined ? { scope } : { scope, forex_id: instrumentId };
  const env = await apiGetFull<{ results: CloseAllItem[] }>('/v1/api/forex/close_all', query, { loading: true });
  const results = env.data.results.map((r) => ({ ...r, order: r.order && appOrderOf(r.order) }));
  return { ...env, data: { results } };
}

export function cancelOrder(id: number): Promise<Envelope<AppOrder>> {
  return orderAnswer(apiGetFull<Order>('/v1/api/forex/cancel_trade', { id }, { loading: true }));
}

/** "0" clears each. */
export interface StopParams {
  id: number;
  target_profit_price: string;
  stop_loss_price: string;
  trail_distance: string;
}

export function setStopPrice(params: StopParams, opts: CallOptions = {}): Promise<Envelope<AppOrder>> {
  return orderAnswer(apiGetFull<Order>('/v1/api/forex/set_stop_price', { ...params }, { loading: true, ...opts }));
}

/** docs/trading.md "Moving a pending order". */
export function setPendingPrice(id: number, price: string, opts: CallOptions = {}): Promise<Envelope<AppOrder>> {
  return orderAnswer(apiGetFull<Order>('/v1/api/forex/set_pending_price', { id, price }, { loading: true, ...opts }));
}
