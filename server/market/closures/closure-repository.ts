// The rows of scheduled closures and their notices (migrations 161 and 162); the rules are in closure-schedule.ts.
import type { MessageKind } from '../../core/services.ts';
import type { Queryable } from '../../db/db.ts';

export type ClosureState = 'scheduled' | 'applied' | 'ended';

export interface Closure {
  id: number;
  instrumentId: number;
  code: string;
  startsAt: number;
  endsAt: number;
  reason: string;
  createdBy: string;
  createdAt: number;
  state: ClosureState;
  /** closure-add told the instrument's holders of it (queueClosureNotices). */
  announced: boolean;
}

export interface ClosureTarget {
  id: number;
  code: string;
}

// BIGINT ms as float8: both drivers give a number, exact below 2^53.
const COLUMNS = `m.id, m.instrument_id AS "instrumentId", i.code, m.starts_at::float8 AS "startsAt",
                 m.ends_at::float8 AS "endsAt", m.reason, m.created_by AS "createdBy",
                 m.created_at::float8 AS "createdAt", m.state, m.announced`;
const FROM = 'market_closures m JOIN instruments i ON i.id = m.instrument_id';

const closures = (q: Queryable, where: string, params: readonly unknown[]): Promise<Closure[]> =>
  q.query<Closure>(`SELECT ${COLUMNS} FROM ${FROM} ${where}`, params);

/** Its id, or its name in English in any case ("Indices"); null when no category is called so. */
export async function categoryInstruments(q: Queryable, category: string): Promise<ClosureTarget[] | null> {
  const found = await q.query<{ id: number }>(
    `SELECT c.id FROM categories c
      WHERE c.id::text = $1 OR EXISTS (
        SELECT 1 FROM category_names n WHERE n.category_id = c.id AND n.lang = 'en' AND lower(n.name) = lower($1))`,
    [category.trim()],
  );
  const id = found[0]?.id;
  if (id === undefined) return null;
  return q.query<ClosureTarget>('SELECT id, code FROM instruments WHERE category_id = $1 ORDER BY sort, id', [id]);
}

/** Held to the transaction's end: two schedules of one instrument never both pass the overlap check. */
export async function lockInstruments(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.query('SELECT id FROM instruments WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE', [ids]);
}

/** Uncancelled closures of those instruments meeting [from, to). */
export async function overlappingClosures(
  q: Queryable,
  ids: readonly number[],
  from: number,
  to: number,
): Promise<Closure[]> {
  return closures(
    q,
    `WHERE m.instrument_id = ANY($1::int[]) AND m.cancelled_at IS NULL AND m.starts_at < $3 AND m.ends_at > $2
     ORDER BY m.starts_at, m.id`,
    [ids, from, to],
  );
}

export async function insertClosures(
  q: Queryable,
  ids: readonly number[],
  window: { from: number; to: number },
  reason: string,
  by: string,
  at: number,
): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO market_closures (instrument_id, starts_at, ends_at, reason, created_by, created_at)
     SELECT unnest($1::int[]), $2, $3, $4, $5, $6 RETURNING id`,
    [ids, window.from, window.to, reason, by, at],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Upcoming and current, oldest first. */
export async function openClosures(q: Queryable, now: number, limit: number): Promise<Closure[]> {
  return closures(
    q,
    `WHERE m.state <> 'ended' AND m.cancelled_at IS NULL AND m.ends_at > $1
     ORDER BY m.starts_at, m.id LIMIT $2`,
    [now, limit],
  );
}

/** Those a trader is told of: not cancelled, ending after `now`, beginning before `until`. */
export async function comingClosures(
  q: Queryable,
  instrumentId: number,
  now: number,
  until: number,
): Promise<Closure[]> {
  return closures(
    q,
    `WHERE m.instrument_id = $1 AND m.cancelled_at IS NULL AND m.ends_at > $2 AND m.starts_at < $3
     ORDER BY m.starts_at, m.id`,
    [instrumentId, now, until],
  );
}

/** Ids are INTEGER: a larger number names no closure (and would be a type error in the query). */
const MAX_ID = 2_147_483_647;

export async function closureForUpdate(q: Queryable, id: number): Promise<Closure | null> {
  if (id > MAX_ID) return null;
  return (await closures(q, 'WHERE m.id = $1 FOR UPDATE OF m', [id]))[0] ?? null;
}

export async function cancelClosureRow(q: Queryable, id: number, by: string, at: number): Promise<void> {
  await q.query("UPDATE market_closures SET cancelled_by = $2, cancelled_at = $3, state = 'ended' WHERE id = $1", [
    id,
    by,
    at,
  ]);
}

export async function setClosureState(q: Queryable, id: number, state: ClosureState): Promise<void> {
  await q.query('UPDATE market_closures SET state = $2 WHERE id = $1', [id, state]);
}

/** Locked: a second run, or a cancel on a gateway, waits and then finds them done. */
export async function closuresToBegin(q: Queryable, now: number): Promise<Closure[]> {
  return closures(
    q,
    `WHERE m.state = 'scheduled' AND m.cancelled_at IS NULL AND m.starts_at <= $1 AND m.ends_at > $1
     ORDER BY m.starts_at, m.id FOR UPDATE OF m`,
    [now],
  );
}

export async function closuresToEnd(q: Queryable, now: number): Promise<Closure[]> {
  return closures(q, `WHERE m.state = 'applied' AND m.ends_at <= $1 ORDER BY m.ends_at, m.id FOR UPDATE OF m`, [now]);
}

/** Whole windows the writer was down for: there is nothing left to halt. */
export async function endMissedClosures(q: Queryable, now: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    "UPDATE market_closures SET state = 'ended' WHERE state = 'scheduled' AND ends_at <= $1 RETURNING id",
    [now],
  );
  return rows.map((r) => r.id);
}

/** The instrument's halt and the closure it belongs to, if any; locked with the rule. */
export async function haltOf(
  q: Queryable,
  instrumentId: number,
): Promise<{ reason: string | null; closureId: number | null }> {
  const rows = await q.query<{ reason: string | null; closureId: number | null }>(
    'SELECT halt_reason AS reason, halt_closure_id AS "closureId" FROM feed_rules WHERE instrument_id = $1 FOR UPDATE',
    [instrumentId],
  );
  return rows[0] ?? { reason: null, closureId: null };
}

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
