// The trader's own order, locked inside the caller's transaction: every user action on an order starts here, so
// another user's id reads exactly as an unknown one (no hint that the order exists).
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getOrder, lockOrder } from './orders-repository.ts';
import type { OrderRow } from './types.ts';

/** The user's own order in the wanted status (0 pending, 1 holding), locked; refused with the status it is not in. */
export async function lockOwnOrder(q: Queryable, userId: number, id: number, status: 0 | 1): Promise<OrderRow> {
  const row = await lockOrder(q, id, userId, status);
  if (row) return row;
  const any = await getOrder(q, id);
  if (!any || any.userId !== userId) throw new ApiError('order_not_found');
  throw new ApiError(status === 1 ? 'order_not_holding' : 'order_not_pending');
}
