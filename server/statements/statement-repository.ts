// Statement rows a page at a time by keyset, so a page costs the same however deep the statement goes.
import type { Queryable } from '../db/db.ts';

export interface StatementRecordRow {
  id: string;
  value: string;
  type: number;
  memo: string;
  balance_after: string;
  created_at: string;
}

export interface StatementOrderRow {
  id: number;
  order_type: number;
  quantity: string;
  /** The lots column is written at its decimals (domain/format/lots.ts). */
  pip: string;
  price: string;
  update_price: string;
  caution_money: string;
  trade_fee: string;
  fact_profits: string;
  swap: string;
  close_reason: string;
  created_at: string;
  completed_at: string;
  show_code: string;
  price_precision: number;
}

export async function recordsAfter(
  q: Queryable,
  userId: number,
  startMs: number,
  endMs: number,
  afterId: string,
  limit: number,
): Promise<StatementRecordRow[]> {
  return q.query<StatementRecordRow>(
    `SELECT id, value, type, memo, balance_after, created_at FROM financial_records
      WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 AND id > $4
      ORDER BY id LIMIT $5`,
    [userId, startMs, endMs, afterId, limit],
  );
}

/** History (status 3), by completion time. */
export async function closedOrdersAfter(
  q: Queryable,
  userId: number,
  startMs: number,
  endMs: number,
  after: { ms: string; id: number },
  limit: number,
): Promise<StatementOrderRow[]> {
  return q.query<StatementOrderRow>(
    `SELECT o.id, o.order_type, o.quantity, o.price, o.update_price, o.caution_money, o.trade_fee, o.fact_profits,
            o.swap, o.close_reason, o.created_at, o.completed_at, i.show_code, i.price_precision, i.pip
       FROM orders o JOIN instruments i ON i.id = o.instrument_id
      WHERE o.user_id = $1 AND o.status = 3 AND o.completed_at >= $2 AND o.completed_at < $3
        AND (o.completed_at, o.id) > ($4::bigint, $5::int)
      ORDER BY o.completed_at, o.id LIMIT $6`,
    [userId, startMs, endMs, after.ms, after.id, limit],
  );
}
