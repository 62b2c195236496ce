// The swaps' SQL (docs/trading.md "Swaps").
import type { Queryable } from '../db/db.ts';
import type { SwapTerms } from '../../domain/swap.ts';
import { rowOf } from '../engine/orders-repository.ts';
import type { OrderRow } from '../engine/types.ts';

export interface SwapTermsRow extends SwapTerms {
  instrumentId: number;
  code: string;
  updatedAt: number;
  updatedBy: string;
}

export async function swapTermsList(q: Queryable): Promise<SwapTermsRow[]> {
  return q.query<SwapTermsRow>(
    `SELECT s.instrument_id AS "instrumentId", i.code, s.long_rate AS "longRate", s.short_rate AS "shortRate", s.mode,
            s.rollover_time AS "rolloverTime", s.time_zone AS "timeZone", s.triple_day AS "tripleDay",
            s.updated_at::float8 AS "updatedAt", s.updated_by AS "updatedBy"
       FROM instrument_swaps s JOIN instruments i ON i.id = s.instrument_id ORDER BY i.code`,
  );
}

export async function saveSwapTerms(q: Queryable, t: Omit<SwapTermsRow, 'code'>): Promise<void> {
  await q.query(
    `INSERT INTO instrument_swaps (instrument_id, long_rate, short_rate, mode, rollover_time, time_zone, triple_day,
       updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (instrument_id) DO UPDATE SET long_rate = EXCLUDED.long_rate, short_rate = EXCLUDED.short_rate,
       mode = EXCLUDED.mode, rollover_time = EXCLUDED.rollover_time, time_zone = EXCLUDED.time_zone,
       triple_day = EXCLUDED.triple_day, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [
      t.instrumentId,
      t.longRate,
      t.shortRate,
      t.mode,
      t.rolloverTime,
      t.timeZone,
      t.tripleDay,
      t.updatedAt,
      t.updatedBy,
    ],
  );
}

export interface SwapCandidate {
  id: number;
  userId: number;
  instrumentId: number;
  filledAt: number;
  lastRollover: number;
}

export async function swapCandidates(q: Queryable, instrumentIds: readonly number[]): Promise<SwapCandidate[]> {
  if (instrumentIds.length === 0) return [];
  return q.query<SwapCandidate>(
    `SELECT o.id, o.user_id AS "userId", o.instrument_id AS "instrumentId",
            COALESCE(o.filled_at, 0)::float8 AS "filledAt",
            COALESCE((SELECT max(c.rollover_at) FROM swap_charges c WHERE c.order_id = o.id), 0)::float8
              AS "lastRollover"
       FROM orders o WHERE o.status = 1 AND o.instrument_id = ANY($1) ORDER BY o.id`,
    [[...instrumentIds]],
  );
}

/** The idempotency key of a charge: true when this caller claimed (order, rollover) first. */
export async function claimSwapCharge(
  q: Queryable,
  c: { orderId: number; userId: number; rolloverAt: number; nights: number; amount: string; charged: string },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO swap_charges (order_id, user_id, rollover_at, nights, amount, charged, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $3) ON CONFLICT (order_id, rollover_at) DO NOTHING RETURNING id`,
    [c.orderId, c.userId, c.rolloverAt, c.nights, c.amount, c.charged],
  );
  return rows.length > 0;
}

export async function addAccruedSwap(q: Queryable, orderId: number, charged: string): Promise<OrderRow | null> {
  const rows = await q.query<Parameters<typeof rowOf>[0]>(
    'UPDATE orders SET swap = swap + $2::numeric WHERE id = $1 AND status = 1 RETURNING *',
    [orderId, charged],
  );
  return rows[0] ? rowOf(rows[0]) : null;
}
