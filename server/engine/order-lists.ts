import { dec } from '../../domain/decimal.ts';
import type { OrderList, OrderStatus } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';
import { getAccount } from '../ledger/ledger.ts';
import { exactMoneyText as balanceText, moneyText } from '../../domain/format/money-text.ts';
import type { OrderEngine } from './engine.ts';
import { countOrders, listOrders, openOrdersOfUser, sumRealised } from './orders-repository.ts';

export const PAGE_SIZE = 20;

/** all_fact_profits: holding = total floating P&L at the current prices, history = total realised, pending = 0. */
export async function myDeal(
  q: Queryable,
  engine: OrderEngine,
  userId: number,
  status: OrderStatus,
  page: number,
): Promise<OrderList> {
  const [rows, total, account] = await Promise.all([
    listOrders(q, userId, status, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    countOrders(q, userId, status),
    getAccount(q, userId),
  ]);
  let all = dec(0);
  if (status === 3) all = dec(await sumRealised(q, userId));
  if (status === 1) {
    for (const row of await openOrdersOfUser(q, userId, 1)) all = all.plus(engine.wire(row).FactProfits);
  }
  return {
    data: rows.map((r) => engine.wire(r)),
    total,
    all_fact_profits: moneyText(all),
    balance: balanceText(account?.balance ?? '0'),
  };
}
