// Mirrored actions are claimed by key in the follower's transaction (docs/copy-trading.md "Mirroring, exactly once").
import { queryOne, type Queryable } from '../db/db.ts';
import { PackedRows } from '../db/packed-rows.ts';
import { anyRow } from './copy-repository.ts';
import type { Told } from './mirror-actions.ts';

/** Linked follower positions still open, with the provider position each follows (po). */
export const LIVE_LINKS = `copy_links l JOIN orders f ON f.id = l.follower_order_id JOIN orders po ON po.id = l.provider_order_id
  WHERE l.unlinked_at IS NULL AND f.status = 1`;

export interface LinkRow {
  copy_id: number;
  provider_order_id: number;
  follower_order_id: number;
  provider_price: string;
  provider_lots: string;
  provider_stops: string;
  stops_version: number;
  unlinked_at: string | null;
}

/** Read on every mirrored close, so one JSON text per row (server/db/packed-rows.ts). */
const PACKED_LINKS = new PackedRows<LinkRow>([
  'copy_id',
  'provider_order_id',
  'follower_order_id',
  'provider_price::text',
  'provider_lots::text',
  'provider_stops',
  'stops_version',
  'unlinked_at::text',
]);

export interface BatchClaim {
  copyId: number;
  outcome: 'done' | 'skipped';
  reason: string;
  lots: string;
}

/** Answers the copies whose key this call claimed; the others were done or skipped before. */
export async function claimActions(
  q: Queryable,
  providerOrderId: number,
  action: string,
  claims: readonly BatchClaim[],
  at: number,
): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const rows = await q.query<{ copy_id: number }>(
    `INSERT INTO copy_actions (provider_order_id, copy_id, action, outcome, reason, detail, created_at)
     SELECT $1, c.id, $2, c.o, c.r, c.d, $3 FROM unnest($4::int[], $5::text[], $6::text[], $7::text[]) AS c(id, o, r, d)
      ORDER BY c.id
     ON CONFLICT (provider_order_id, copy_id, action) DO NOTHING RETURNING copy_id`,
    [
      providerOrderId,
      action,
      at,
      claims.map((c) => c.copyId),
      claims.map((c) => c.outcome),
      claims.map((c) => c.reason),
      claims.map((c) => JSON.stringify(c.outcome === 'skipped' ? { lots: c.lots } : {})),
    ],
  );
  return new Set(rows.map((r) => Number(r.copy_id)));
}

/** Inside the batch's transaction; what was done is left as it is. */
export async function markSkippedMany(
  q: Queryable,
  providerOrderId: number,
  action: string,
  told: readonly Told[],
): Promise<void> {
  const skips = told.flatMap((t) => (t.outcome.kind === 'skipped' ? [{ copyId: t.copy.id, ...t.outcome }] : []));
  if (skips.length === 0) return;
  await q.query(
    `UPDATE copy_actions a SET outcome = 'skipped', reason = d.r, detail = d.d
       FROM unnest($3::int[], $4::text[], $5::text[]) AS d(id, r, d)
      WHERE a.provider_order_id = $1 AND a.action = $2 AND a.copy_id = d.id`,
    [
      providerOrderId,
      action,
      skips.map((s) => s.copyId),
      skips.map((s) => s.reason),
      skips.map((s) => JSON.stringify({ lots: s.lots })),
    ],
  );
}

export async function copiesWithAction(q: Queryable, providerOrderId: number, action: string): Promise<Set<number>> {
  const rows = await q.query<{ copy_id: number }>(
    'SELECT copy_id FROM copy_actions WHERE provider_order_id = $1 AND action = $2',
    [providerOrderId, action],
  );
  return new Set(rows.map((r) => Number(r.copy_id)));
}

export function linksOf(q: Queryable, providerOrderId: number): Promise<LinkRow[]> {
  return PACKED_LINKS.query(q, `SELECT ${PACKED_LINKS.select()} FROM copy_links WHERE provider_order_id = $1`, [
    providerOrderId,
  ]);
}

export interface NewLink {
  copyId: number;
  providerOrderId: number;
  followerOrderId: number;
  providerPrice: string;
  providerLots: string;
  providerStops: string;
}

export async function insertLinks(q: Queryable, ls: readonly NewLink[]): Promise<void> {
  if (ls.length === 0) return;
  await q.query(
    `INSERT INTO copy_links (copy_id, provider_order_id, follower_order_id, provider_price, provider_lots, provider_stops)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::numeric[], $6::text[])`,
    [
      ls.map((l) => l.copyId),
      ls.map((l) => l.providerOrderId),
      ls.map((l) => l.followerOrderId),
      ls.map((l) => l.providerPrice),
      ls.map((l) => l.providerLots),
      ls.map((l) => l.providerStops),
    ],
  );
}

/** After a partial close. */
export async function setLinkLots(q: Queryable, providerOrderId: number, copyIds: readonly number[], lots: string) {
  if (copyIds.length === 0) return;
  await q.query('UPDATE copy_links SET provider_lots = $3 WHERE provider_order_id = $1 AND copy_id = ANY($2::int[])', [
    providerOrderId,
    copyIds,
    lots,
  ]);
}

/** Each link's stops version one further. */
export async function setLinkStops(q: Queryable, providerOrderId: number, copyIds: readonly number[], stops: string) {
  if (copyIds.length === 0) return;
  await q.query(
    `UPDATE copy_links SET provider_stops = $3, stops_version = stops_version + 1
      WHERE provider_order_id = $1 AND copy_id = ANY($2::int[])`,
    [providerOrderId, copyIds, stops],
  );
}

/** Every live link of a copy. */
export async function unlinkCopy(q: Queryable, copyId: number, reason: string, at: number) {
  await q.query(
    'UPDATE copy_links SET unlinked_at = $2, unlink_reason = $3 WHERE copy_id = $1 AND unlinked_at IS NULL',
    [copyId, at, reason],
  );
}

export async function unlinkMany(q: Queryable, providerOrderId: number, copyIds: number[], reason: string, at: number) {
  if (copyIds.length === 0) return;
  await q.query(
    `UPDATE copy_links SET unlinked_at = $3, unlink_reason = $4
      WHERE provider_order_id = $1 AND copy_id = ANY($2::int[]) AND unlinked_at IS NULL`,
    [providerOrderId, copyIds, at, reason],
  );
}

/** By hand, its own stops or a stop-out: the provider no longer reaches it. */
export async function unlinkFollowerOrder(q: Queryable, followerOrderId: number, at: number): Promise<number> {
  const rows = await q.query(
    `UPDATE copy_links SET unlinked_at = $2, unlink_reason = 'follower_closed'
      WHERE follower_order_id = $1 AND unlinked_at IS NULL RETURNING copy_id`,
    [followerOrderId, at],
  );
  return rows.length;
}

/** Share-locked: the provider's own close waits until this transaction ends. */
export function providerOrderState(q: Queryable, orderId: number): Promise<{ status: number } | null> {
  return queryOne(q, 'SELECT status FROM orders WHERE id = $1 FOR SHARE', [orderId]);
}

/** Only real users get a notice. */
export async function realFollowers(q: Queryable, userIds: readonly number[]): Promise<Set<number>> {
  const rows = await q.query<{ id: number }>('SELECT id FROM users WHERE id = ANY($1::int[]) AND is_demo <> 1', [
    [...new Set(userIds)],
  ]);
  return new Set(rows.map((r) => Number(r.id)));
}

export const isCopiedProvider = (q: Queryable, userId: number): Promise<boolean> =>
  anyRow(q, 'SELECT 1 FROM copies WHERE provider_id = $1 AND status IN (1, 2) LIMIT 1', [userId]);

const orderIds = async (q: Queryable, sql: string): Promise<number[]> =>
  (await q.query<{ id: number }>(sql, [])).map((r) => r.id);

/** Orphans, and every open position of a provider with running copies (an action a crash left undone). */
export const orphanProviderOrders = (q: Queryable): Promise<number[]> =>
  orderIds(q, `SELECT DISTINCT l.provider_order_id AS id FROM ${LIVE_LINKS} AND po.status = 3`);

export const openProviderOrders = (q: Queryable): Promise<number[]> =>
  orderIds(
    q,
    `SELECT o.id FROM orders o
      WHERE o.status = 1 AND o.user_id IN (SELECT provider_id FROM copies WHERE status IN (1, 2)) ORDER BY o.id`,
  );

/** A hand close the hook missed. */
export const staleFollowerLinks = (q: Queryable): Promise<number[]> =>
  orderIds(
    q,
    `SELECT l.follower_order_id AS id FROM copy_links l JOIN orders o ON o.id = l.follower_order_id
      WHERE l.unlinked_at IS NULL AND o.status = 3`,
  );
