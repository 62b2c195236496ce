// Every state change is conditional on the status it expects, so racing closes realise money exactly once.
import { countOf, type Queryable } from '../db/db.ts';
import { PackedRows } from '../db/packed-rows.ts';
import type { CloseReason, OrderStatus } from '../../domain/types.ts';
import type { OrderRow } from './types.ts';

interface DbOrder {
  id: number;
  user_id: number;
  instrument_id: number;
  order_type: number;
  quantity: string;
  multiple: number;
  price: string;
  origin_price: string;
  update_price: string;
  fact_profits: string;
  caution_money: string;
  trade_fee: string;
  target_loss_price: string;
  target_profit_price: string;
  trail_distance: string | null;
  status: number;
  close_reason: string;
  created_at: string | number;
  filled_at: string | number | null;
  completed_at: string | number | null;
  expires_at?: string | number | null;
  swap?: string | null;
}

const ms = (v: string | number | null): number | null => (v === null ? null : Number(v));

export function rowOf(r: DbOrder): OrderRow {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    instrumentId: Number(r.instrument_id),
    orderType: Number(r.order_type) === 1 ? 1 : 2,
    quantity: String(r.quantity),
    leverage: Number(r.multiple),
    price: String(r.price),
    originPrice: String(r.origin_price),
    updatePrice: String(r.update_price),
    factProfits: String(r.fact_profits),
    margin: String(r.caution_money),
    tradeFee: String(r.trade_fee),
    targetLossPrice: String(r.target_loss_price),
    targetProfitPrice: String(r.target_profit_price),
    trailDistance: String(r.trail_distance ?? '0'),
    status: Number(r.status) as OrderStatus,
    closeReason: r.close_reason as CloseReason | '',
    createdAt: Number(r.created_at),
    filledAt: ms(r.filled_at),
    completedAt: ms(r.completed_at),
    expiresAt: Number(r.expires_at ?? 0),
    swap: String(r.swap ?? '0'),
  };
}

/** For the batches that read back hundreds of rows. */
const PACKED = new PackedRows<DbOrder>([
  'id',
  'user_id',
  'instrument_id',
  'order_type',
  'quantity::text',
  'multiple',
  'price::text',
  'origin_price::text',
  'update_price::text',
  'fact_profits::text',
  'caution_money::text',
  'trade_fee::text',
  'target_loss_price::text',
  'target_profit_price::text',
  'trail_distance::text',
  'status',
  'close_reason',
  'created_at::text',
  'filled_at::text',
  'completed_at::text',
  'expires_at::text',
  'swap::text',
]);

const many = async (q: Queryable, sql: string, params: readonly unknown[] = []): Promise<OrderRow[]> =>
  (await q.query<DbOrder>(sql, params)).map(rowOf);

/** The order a statement returns, if any. */
const one = async (q: Queryable, sql: string, params: readonly unknown[]): Promise<OrderRow | null> =>
  (await many(q, sql, params))[0] ?? null;

/** A user's sum of one column over orders in `statuses`. */
async function sumOf(q: Queryable, column: string, userId: number, statuses: string): Promise<string> {
  const rows = await q.query<{ s: string | null }>(
    `SELECT COALESCE(sum(${column}), 0) AS s FROM orders WHERE user_id = $1 AND status IN (${statuses})`,
    [userId],
  );
  return String(rows[0]?.s ?? '0');
}

/** The insert binds these, in this order, as $1 to $13. */
const NEW_ORDER_FIELDS = [
  'userId',
  'instrumentId',
  'orderType',
  'quantity',
  'leverage',
  'price',
  'originPrice',
  'margin',
  'tradeFee',
  'targetLossPrice',
  'targetProfitPrice',
  'status',
  'now',
] as const;

export interface NewOrder extends Pick<OrderRow, Exclude<(typeof NEW_ORDER_FIELDS)[number], 'status' | 'now'>> {
  status: 0 | 1;
  now: number;
}

/** In input order (copy trading's batched opens, server/copy/mirror-batch.ts). */
export async function insertOrders(q: Queryable, os: readonly NewOrder[]): Promise<OrderRow[]> {
  if (os.length === 0) return [];
  const rows = await PACKED.query(
    q,
    `WITH n AS (
       INSERT INTO orders (user_id, instrument_id, order_type, quantity, multiple, price, origin_price, update_price,
         caution_money, trade_fee, target_loss_price, target_profit_price, status, created_at, filled_at)
       SELECT o.u, o.i, o.t, o.q, o.m, o.p, o.op, o.op, o.c, o.f, o.sl, o.tp, o.s, o.at,
              CASE WHEN o.s = 1 THEN o.at END
         FROM unnest($1::int[], $2::int[], $3::smallint[], $4::numeric[], $5::int[], $6::numeric[], $7::numeric[],
                     $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::smallint[], $13::bigint[])
           WITH ORDINALITY AS o(u, i, t, q, m, p, op, c, f, sl, tp, s, at, n)
        ORDER BY o.n
       RETURNING id, ${PACKED.select()})
     SELECT packed FROM n ORDER BY id`,
    NEW_ORDER_FIELDS.map((k) => os.map((o) => o[k])),
  );
  if (rows.length !== os.length) throw new Error('insert returned fewer orders');
  return rows.map(rowOf);
}

export const getOrder = (q: Queryable, id: number): Promise<OrderRow | null> =>
  one(q, 'SELECT * FROM orders WHERE id = $1', [id]);

/** In id order, so overlapping batches queue instead of deadlocking. */
export async function lockHoldings(q: Queryable, ids: readonly number[]): Promise<Map<number, OrderRow>> {
  const rows = await PACKED.query(
    q,
    `SELECT ${PACKED.select()} FROM orders WHERE id = ANY($1::int[]) AND status = 1 ORDER BY id FOR UPDATE`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), rowOf(r)]));
}

/** null when it is not in this status (or no longer). */
export const lockOrder = (q: Queryable, id: number, userId: number, status: 0 | 1): Promise<OrderRow | null> =>
  one(q, 'SELECT * FROM orders WHERE id = $1 AND user_id = $2 AND status = $3 FOR UPDATE', [id, userId, status]);

/** Each only if still in `from`: holding, or pending for a cancel. */
export async function finishOrders(
  q: Queryable,
  fs: ReadonlyArray<{ id: number; updatePrice: string; factProfits: string }>,
  reason: CloseReason,
  now: number,
  from: 0 | 1 = 1,
): Promise<OrderRow[]> {
  if (fs.length === 0) return [];
  // The ANY reaches the orders by key rather than hashing every open one (PGlite keeps no statistics).
  const rows = await PACKED.query(
    q,
    `UPDATE orders o SET status = 3, update_price = d.p, fact_profits = d.f, close_reason = $4, completed_at = $5
       FROM unnest($1::int[], $2::numeric[], $3::numeric[]) AS d(id, p, f)
      WHERE o.id = d.id AND o.id = ANY($1::int[]) AND o.status = $6 RETURNING ${PACKED.select('o')}`,
    [fs.map((f) => f.id), fs.map((f) => f.updatePrice), fs.map((f) => f.factProfits), reason, now, from],
  );
  return rows.map(rowOf);
}

/** Only if it is still pending. */
export async function fillOrder(q: Queryable, id: number, fillPrice: string, now: number): Promise<OrderRow | null> {
  return one(
    q,
    `UPDATE orders SET status = 1, price = $2, update_price = $2, filled_at = $3
     WHERE id = $1 AND status = 0 RETURNING *`,
    [id, fillPrice, now],
  );
}

/** The origin price becomes the price at the change, as it decides which way the target is reached (triggers.ts). */
export async function repriceOrder(
  q: Queryable,
  id: number,
  o: { price: string; origin: string; margin: string; fee: string },
): Promise<OrderRow | null> {
  return one(
    q,
    `UPDATE orders SET price = $2, origin_price = $3, update_price = $3, caution_money = $4, trade_fee = $5
        WHERE id = $1 AND status = 0 RETURNING *`,
    [id, o.price, o.origin, o.margin, o.fee],
  );
}

/** Only in the favourable direction, so a late or repeated write can never move a stop back. */
export async function advanceTrailStop(
  q: Queryable,
  id: number,
  loss: string,
  updatePrice: string,
): Promise<OrderRow | null> {
  return one(
    q,
    `UPDATE orders SET target_loss_price = $2, update_price = $3
     WHERE id = $1 AND status = 1 AND trail_distance > 0
       AND ((order_type = 1 AND target_loss_price < $2) OR (order_type = 2 AND (target_loss_price = 0 OR target_loss_price > $2)))
     RETURNING *`,
    [id, loss, updatePrice],
  );
}

/** Each only if still holding; the rows shrunk come back in any order. */
export async function shrinkOrders(
  q: Queryable,
  fs: ReadonlyArray<{ id: number; quantity: string; margin: string; tradeFee: string; updatePrice: string }>,
): Promise<OrderRow[]> {
  if (fs.length === 0) return [];
  const ids = fs.map((f) => f.id);
  const rows = await PACKED.query(
    q,
    `UPDATE orders o SET quantity = d.q, caution_money = d.c, trade_fee = d.f, update_price = d.p
       FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[]) AS d(id, q, c, f, p)
      WHERE o.id = d.id AND o.id = ANY($1::int[]) AND o.status = 1 RETURNING ${PACKED.select('o')}`,
    [ids, fs.map((f) => f.quantity), fs.map((f) => f.margin), fs.map((f) => f.tradeFee), fs.map((f) => f.updatePrice)],
  );
  return rows.map(rowOf);
}

/** Each part's row in input order. */
export async function insertClosedParts(
  q: Queryable,
  parts: ReadonlyArray<{
    from: OrderRow;
    quantity: string;
    margin: string;
    tradeFee: string;
    closePrice: string;
    factProfits: string;
  }>,
  now: number,
): Promise<OrderRow[]> {
  if (parts.length === 0) return [];
  const col = <T>(f: (p: (typeof parts)[number]) => T): T[] => parts.map(f);
  const rows = await PACKED.query(
    q,
    `WITH n AS (
       INSERT INTO orders (user_id, instrument_id, order_type, quantity, multiple, price, origin_price, update_price,
         fact_profits, caution_money, trade_fee, target_loss_price, target_profit_price, trail_distance, status,
         close_reason, created_at, filled_at, completed_at)
       SELECT o.u, o.i, o.t, o.q, o.m, o.p, o.op, o.up, o.fp, o.c, o.f, o.sl, o.tp, o.tr, 3, 'user', o.ca, o.fa, $16
         FROM unnest($1::int[], $2::int[], $3::smallint[], $4::numeric[], $5::int[], $6::numeric[], $7::numeric[],
                     $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[],
                     $14::numeric[], $15::bigint[], $17::bigint[])
           WITH ORDINALITY AS o(u, i, t, q, m, p, op, up, fp, c, f, sl, tp, tr, ca, fa, n)
        ORDER BY o.n
       RETURNING id, ${PACKED.select()})
     SELECT packed FROM n ORDER BY id`,
    [
      col((p) => p.from.userId),
      col((p) => p.from.instrumentId),
      col((p) => p.from.orderType),
      col((p) => p.quantity),
      col((p) => p.from.leverage),
      col((p) => p.from.price),
      col((p) => p.from.originPrice),
      col((p) => p.closePrice),
      col((p) => p.factProfits),
      col((p) => p.margin),
      col((p) => p.tradeFee),
      col((p) => p.from.targetLossPrice),
      col((p) => p.from.targetProfitPrice),
      col((p) => p.from.trailDistance),
      col((p) => p.from.createdAt),
      now,
      col((p) => p.from.filledAt),
    ],
  );
  if (rows.length !== parts.length) throw new Error('insert returned fewer parts');
  return rows.map(rowOf);
}

/** "0" = none; each only if still holding. */
export async function updateStopsMany(
  q: Queryable,
  fs: ReadonlyArray<{ id: number; profit: string; loss: string; trail: string; updatePrice: string }>,
): Promise<OrderRow[]> {
  if (fs.length === 0) return [];
  const ids = fs.map((f) => f.id);
  const rows = await PACKED.query(
    q,
    `UPDATE orders o SET target_profit_price = d.tp, target_loss_price = d.sl, trail_distance = d.tr, update_price = d.p
       FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[]) AS d(id, tp, sl, tr, p)
      WHERE o.id = d.id AND o.id = ANY($1::int[]) AND o.status = 1 RETURNING ${PACKED.select('o')}`,
    [ids, fs.map((f) => f.profit), fs.map((f) => f.loss), fs.map((f) => f.trail), fs.map((f) => f.updatePrice)],
  );
  return rows.map(rowOf);
}

export const loadOpenOrders = (q: Queryable): Promise<OrderRow[]> =>
  many(q, 'SELECT * FROM orders WHERE status IN (0, 1) ORDER BY id');

/** Open ones newest first, history by completion, newest first. */
export async function listOrders(
  q: Queryable,
  userId: number,
  status: OrderStatus,
  limit: number,
  offset: number,
): Promise<OrderRow[]> {
  const order = status === 3 ? 'completed_at DESC, id DESC' : 'id DESC';
  return many(q, `SELECT * FROM orders WHERE user_id = $1 AND status = $2 ORDER BY ${order} LIMIT $3 OFFSET $4`, [
    userId,
    status,
    limit,
    offset,
  ]);
}

export const countOrders = (q: Queryable, userId: number, status: OrderStatus): Promise<number> =>
  countOf(q, 'SELECT count(*) AS n FROM orders WHERE user_id = $1 AND status = $2', [userId, status]);

export const sumRealised = (q: Queryable, userId: number): Promise<string> => sumOf(q, 'fact_profits', userId, '3');

/** As stored: lock_balance without pending withdrawals. */
export const sumOpenMargins = (q: Queryable, userId: number): Promise<string> =>
  sumOf(q, 'caution_money', userId, '0, 1');

export const openOrdersOfUser = (q: Queryable, userId: number, status: 0 | 1): Promise<OrderRow[]> =>
  many(q, 'SELECT * FROM orders WHERE user_id = $1 AND status = $2 ORDER BY id', [userId, status]);

/** What the engine's index must still hold. */
export async function openOrderIds(q: Queryable, userIds: readonly number[]): Promise<Set<number>> {
  const rows = await q.query<{ id: number }>('SELECT id FROM orders WHERE user_id = ANY($1) AND status IN (0, 1)', [
    userIds,
  ]);
  return new Set(rows.map((r) => Number(r.id)));
}
