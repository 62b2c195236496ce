// Another user's order reads exactly as an unknown one, with no hint that it exists.
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getOrder, lockOrder } from './orders-repository.ts';
import type { OrderRow } from './types.ts';

/** 0 pending, 1 holding; refused with the status it is not in. */
export async function lockOwnOrder(q: Queryable, userId: number, id: number, status: 0 | 1): Promise<OrderRow> {
  const row = await lockOrder(q, id, userId, status);
  if (row) return row;
  const any = await getOrder(q, id);
  if (!any || any.userId !== userId) throw new ApiError('order_not_found');
  throw new ApiError(status === 1 ? 'order_not_holding' : 'order_not_pending');
}
