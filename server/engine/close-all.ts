// docs/trading.md "Close all": one transaction each, so a refusal of one does not stop the others.
import { inCloseScope, type CloseAllItem, type CloseScope } from '../../domain/close-scope.ts';
import type { Order } from '../../domain/types.ts';
import { sideOf } from '../../domain/trade-maths.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { openOrdersOfUser } from './orders-repository.ts';

export async function closeEach(
  q: Queryable,
  userId: number,
  scope: CloseScope,
  close: (orderId: number) => Promise<Order>,
): Promise<CloseAllItem[]> {
  const results: CloseAllItem[] = [];
  for (const row of await openOrdersOfUser(q, userId, 1)) {
    if (!inCloseScope({ side: sideOf(row.orderType), forexId: row.instrumentId }, scope)) continue;
    try {
      results.push({ Id: row.id, ok: true, order: await close(row.id), error: '' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results.push({ Id: row.id, ok: false, order: null, error: err.key });
    }
  }
  return results;
}
