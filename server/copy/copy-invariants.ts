// docs/copy-trading.md "Mirroring, exactly once"; "nothing lost" holds only for copies never paused.
import type { Queryable } from '../db/db.ts';
import { LIVE_LINKS } from './mirror-repository.ts';

/** Empty when it holds. */
export async function copyViolations(q: Queryable): Promise<string[]> {
  const out: string[] = [];
  const lost = await q.query<{ copy_id: number; order_id: number }>(
    `SELECT c.id AS copy_id, o.id AS order_id FROM copies c JOIN orders o ON o.user_id = c.provider_id
      WHERE c.status = 1 AND o.status = 1 AND COALESCE(o.filled_at, o.created_at) >= c.started_at
        AND NOT EXISTS (SELECT 1 FROM copy_providers p WHERE p.user_id = c.provider_id AND p.suspended_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM copy_actions a
                         WHERE a.copy_id = c.id AND a.provider_order_id = o.id AND a.action = 'open')`,
    [],
  );
  for (const r of lost) out.push(`copy ${r.copy_id}: provider position ${r.order_id} neither copied nor skipped`);
  const unlinked = await q.query<{ copy_id: number; order_id: number }>(
    `SELECT a.copy_id, a.provider_order_id AS order_id FROM copy_actions a
      WHERE a.action = 'open' AND a.outcome = 'done'
        AND NOT EXISTS (SELECT 1 FROM copy_links l WHERE l.copy_id = a.copy_id AND l.provider_order_id = a.provider_order_id)`,
    [],
  );
  for (const r of unlinked) out.push(`copy ${r.copy_id}: open of ${r.order_id} done without its link`);
  const stray = await q.query<{ copy_id: number; order_id: number }>(
    `SELECT c.id AS copy_id, f.id AS order_id FROM copies c JOIN orders f ON f.user_id = c.account_id
      WHERE f.status = 1 AND NOT EXISTS (SELECT 1 FROM copy_links l WHERE l.follower_order_id = f.id)`,
    [],
  );
  for (const r of stray) out.push(`copy ${r.copy_id}: position ${r.order_id} linked to no provider position`);
  const orphans = await q.query<{ copy_id: number; order_id: number }>(
    `SELECT l.copy_id, l.follower_order_id AS order_id FROM ${LIVE_LINKS} AND po.status = 3`,
    [],
  );
  for (const r of orphans) out.push(`copy ${r.copy_id}: position ${r.order_id} orphaned (its provider's closed)`);
  const behind = await q.query<{ copy_id: number; order_id: number }>(
    `SELECT l.copy_id, l.provider_order_id AS order_id FROM ${LIVE_LINKS}
        AND po.status = 1 AND po.quantity <> l.provider_lots`,
    [],
  );
  for (const r of behind) out.push(`copy ${r.copy_id}: partial close of ${r.order_id} not mirrored`);
  const held = await q.query<{ copy_id: number; n: string }>(
    `SELECT c.id AS copy_id, count(*) AS n FROM copies c JOIN orders f ON f.user_id = c.account_id
      WHERE c.status = 3 AND f.status IN (0, 1) GROUP BY c.id`,
    [],
  );
  for (const r of held) out.push(`copy ${r.copy_id}: stopped with ${r.n} orders open`);
  return out;
}
