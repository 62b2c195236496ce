// Pure, so the tests read the lines the chart layer (order-line-layer.tsx) draws.
import type { AppOrder } from '../../domain/types.ts';
import { dec, isDecimalText } from '../../domain/decimal.ts';
import { trailOf } from '../../domain/order-rules.ts';

/** entry: a position's open price; tp / sl: its stops; pending: a pending order's target price. */
export type OrderLineRole = 'entry' | 'tp' | 'sl' | 'pending';

export interface OrderLine {
  key: string;
  order: AppOrder;
  role: OrderLineRole;
  /** As the server wrote it, and as a number for the chart. */
  priceText: string;
  price: number;
  /** The up and down colours, so red-up too. */
  side: 1 | 2;
  /** A trailing stop moves by itself, so it is not. */
  movable: boolean;
  trailing: boolean;
}

export const isPriceSet = (text: string): boolean => isDecimalText(text) && dec(text).gt(0);

/** docs/trading.md "Swaps". */
export const hasSwap = (order: Pick<AppOrder, 'Swap'>): boolean =>
  isDecimalText(order.Swap) && !dec(order.Swap).isZero();

/** Stable order: by order id, then entry, take-profit, stop-loss. */
export function chartOrderLines(
  held: readonly AppOrder[],
  pending: readonly AppOrder[],
  instrumentId: number,
): OrderLine[] {
  const out: OrderLine[] = [];
  const line = (order: AppOrder, role: OrderLineRole, priceText: string, movable: boolean, trailing = false) => {
    out.push({
      key: `${order.Id}:${role}`,
      order,
      role,
      priceText,
      price: Number(priceText),
      side: order.OrderType === 1 ? 1 : 2,
      movable,
      trailing,
    });
  };
  const mine = (o: AppOrder) => o.instrumentId === instrumentId;
  for (const o of [...held].filter(mine).sort((a, b) => a.Id - b.Id)) {
    if (o.Status !== 1) continue;
    if (isPriceSet(o.Price)) line(o, 'entry', o.Price, false);
    if (isPriceSet(o.TargetProfitPrice)) line(o, 'tp', o.TargetProfitPrice, true);
    const trailing = trailOf(o) !== null;
    if (isPriceSet(o.TargetLossPrice)) line(o, 'sl', o.TargetLossPrice, !trailing, trailing);
  }
  for (const o of [...pending].filter(mine).sort((a, b) => a.Id - b.Id)) {
    if (o.Status === 0 && isPriceSet(o.Price)) line(o, 'pending', o.Price, true);
  }
  return out;
}

/** The other stop and the trailing distance stay as they are ("0" where none). */
export function movedStopParams(
  order: AppOrder,
  role: 'tp' | 'sl',
  price: string,
): { id: number; target_profit_price: string; stop_loss_price: string; trail_distance: string } {
  const keep = (text: string) => (isPriceSet(text) ? text : '0');
  return {
    id: order.Id,
    target_profit_price: role === 'tp' ? price : keep(order.TargetProfitPrice),
    stop_loss_price: role === 'sl' ? price : keep(order.TargetLossPrice),
    trail_distance: trailOf(order) ?? '0',
  };
}

/** So browser tests see them without reading the canvas. */
export function orderLinesMark(lines: readonly OrderLine[]): string {
  return lines.map((l) => `${l.key}=${l.priceText}`).join(' ');
}
