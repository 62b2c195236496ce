// The rows of closure_notices (migration 162): who is told of a closure, written in the command's transaction and
// sent by the writer's job (closure-notices.ts) after it commits.
import type { MessageKind } from '../../core/services.ts';
import type { Queryable } from '../../db/db.ts';

export type ClosureNoticeKind = Extract<MessageKind, 'closure_scheduled' | 'closure_cancelled'>;

export interface ClosureNotice {
  id: string;
  userId: number;
  kind: ClosureNoticeKind;
  codes: string;
  startsAt: number;
  endsAt: number;
  reason: string;
}

/**
 * Each real account holding an open position or a pending order on one of the instruments, with the instrument. A copy
 * account's position is its follower's (the copy account is hidden: docs/copy-trading.md); demo accounts are left out,
 * as every account notice leaves them out.
 */
const HOLDERS = `SELECT DISTINCT COALESCE(c.follower_id, o.user_id) AS user_id, o.instrument_id
                   FROM orders o
                   LEFT JOIN copies c ON c.account_id = o.user_id
                   JOIN users u ON u.id = COALESCE(c.follower_id, o.user_id)
                  WHERE o.status IN (0, 1) AND o.instrument_id = ANY($1::int[]) AND u.is_demo = 0`;

/** What the holders of `instrumentIds` are told of the closures `closureIds` (one per instrument). */
export interface ClosureAnnouncement {
  kind: ClosureNoticeKind;
  closureIds: readonly number[];
  instrumentIds: readonly number[];
  from: number;
  to: number;
  reason: string;
}

/**
 * One row per holder of the instruments, listing those it holds, in one statement whatever their number; marks each
 * closure whose instrument has a holder as announced. The number of accounts to be told.
 */
export async function queueClosureNotices(q: Queryable, a: ClosureAnnouncement, at: number): Promise<number> {
  const rows = await q.query<{ id: string }>(
    `WITH held AS (${HOLDERS}),
          announced AS (UPDATE market_closures SET announced = TRUE
                         WHERE id = ANY($7::int[]) AND instrument_id IN (SELECT instrument_id FROM held))
     INSERT INTO closure_notices (user_id, kind, codes, starts_at, ends_at, reason, created_at)
     SELECT h.user_id, $2::text, string_agg(i.code, ', ' ORDER BY i.sort, i.id), $3::bigint, $4::bigint, $5::text,
            $6::bigint
       FROM held h JOIN instruments i ON i.id = h.instrument_id
      GROUP BY h.user_id
     RETURNING id`,
    [a.instrumentIds, a.kind, a.from, a.to, a.reason, at, a.closureIds],
  );
  return rows.length;
}

/** The oldest first: a closure's cancel is told after its announcement. */
export async function dueClosureNotices(q: Queryable, limit: number): Promise<ClosureNotice[]> {
  return q.query<ClosureNotice>(
    `SELECT id::text, user_id AS "userId", kind, codes, starts_at::float8 AS "startsAt", ends_at::float8 AS "endsAt",
            reason
       FROM closure_notices ORDER BY id LIMIT $1`,
    [limit],
  );
}

export async function dropClosureNotice(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM closure_notices WHERE id = $1', [id]);
}
