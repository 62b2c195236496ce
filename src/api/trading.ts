// Typed order endpoints of SPEC §7 Trading (my_deal, close, cancel_trade, set_stop_price) and the balance.
// Actions resolve the whole envelope: SPEC §8 shows the server's msg as a toast after close, cancel and stops.
import type { Envelope, Order, OrderList, OrderStatus } from '../domain/types.ts';
import { apiGet, apiGetFull, type CallOptions } from './client.ts';

export { balance as getBalance } from './account.ts';

/** One page (1-based, 20 per page on our server) of the user's orders with one status. */
export function myDeal(status: OrderStatus, page: number, opts: CallOptions = {}, signal?: AbortSignal): Promise<OrderList> {
  return apiGet<OrderList>('/v1/api/forex/my_deal', { status, page }, opts, signal);
}

/** Closes a holding order at the live price — all of it, or `cont` lots (a partial close: the answer is the closed
 * part, the rest arrives as FOREX_TRADE); resolves the closed order and the server's msg. */
export function closeOrder(id: number, cont?: string): Promise<Envelope<Order>> {
  return apiGetFull<Order>('/v1/api/forex/close', cont === undefined ? { id } : { id, cont }, { loading: true });
}

/** Cancels a pending order; resolves the cancelled order (status 3) and the server's msg. */
export function cancelOrder(id: number): Promise<Envelope<Order>> {
  return apiGetFull<Order>('/v1/api/forex/cancel_trade', { id }, { loading: true });
}

/** The query of set_stop_price: both prices and the trailing distance at once, "0" clears each. */
export interface StopParams {
  id: number;
  target_profit_price: string;
  stop_loss_price: string;
  trail_distance: string;
}

export function setStopPrice(params: StopParams): Promise<Envelope<Order>> {
  return apiGetFull<Order>('/v1/api/forex/set_stop_price', { ...params }, { loading: true });
}
