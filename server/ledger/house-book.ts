// What negative-balance protection costs the house (docs/trading.md "Negative-balance protection").
import type { Queryable } from '../db/db.ts';
import { exactText, type Dec } from '../../domain/decimal.ts';

export type AbsorbedKind = 'close' | 'swap';

/** What `realised` left unpaid of a loss `full` is borne by the house; demo accounts cost it nothing. */
export async function bookAbsorbed(
  q: Queryable,
  order: { id: number; userId: number; instrumentId: number },
  full: Dec,
  realised: Dec,
  at: number,
  kind: AbsorbedKind = 'close',
): Promise<void> {
  if (!realised.gt(full)) return;
  await q.query(
    `INSERT INTO house_absorbed (order_id, user_id, instrument_id, kind, amount, created_at)
     SELECT $1, id, $3, $4, $5, $6 FROM users WHERE id = $2 AND is_demo = 0`,
    [order.id, order.userId, order.instrumentId, kind, exactText(realised.minus(full)), at],
  );
}

export interface AbsorbedRow {
  id: number;
  orderId: number | null;
  uid: string;
  email: string;
  instrumentId: number;
  kind: string;
  amount: string;
  createdAt: number;
}

export interface AbsorbedSummary {
  total: string;
  since: string; // since `from`
  count: number;
  recent: AbsorbedRow[];
}

/** Real accounts only, named by UID and e-mail. */
export async function absorbedSummary(q: Queryable, from: number, limit: number): Promise<AbsorbedSummary> {
  const [t] = await q.query<Omit<AbsorbedSummary, 'recent'>>(
    `SELECT COALESCE(sum(h.amount), 0) AS total, COALESCE(sum(h.amount) FILTER (WHERE h.created_at >= $1), 0) AS since,
            count(*)::int AS count FROM house_absorbed h JOIN users u ON u.id = h.user_id WHERE u.is_demo = 0`,
    [from],
  );
  const recent = await q.query<AbsorbedRow>(
    `SELECT h.id, h.order_id AS "orderId", u.uid, coalesce(u.email, '') AS email, h.instrument_id AS "instrumentId",
            h.kind, h.amount, h.created_at::float8 AS "createdAt"
       FROM house_absorbed h JOIN users u ON u.id = h.user_id WHERE u.is_demo = 0 ORDER BY h.id DESC LIMIT $1`,
    [limit],
  );
  return { total: t?.total ?? '0', since: t?.since ?? '0', count: t?.count ?? 0, recent };
}
