// Read-only (docs/copy-trading.md "Back office").
import { fixed } from '../../domain/decimal.ts';
import type { Queryable } from '../db/db.ts';
import { copyEquity, providerAum, type CopyDeps } from './copy-fees.ts';
import { LIVE_LINKS } from './mirror-repository.ts';
import type { CopyRow, ProviderRow } from './copy-repository.ts';

const STATUS_WORDS = ['', 'active', 'paused', 'stopped'];

interface CopyOpsRow extends Pick<
  CopyRow,
  'id' | 'account_id' | 'status' | 'multiplier' | 'stop_loss_percent' | 'net_invested' | 'high_water_mark' | 'fees_paid'
> {
  follower_uid: string;
  provider_uid: string;
  provider_name: string;
  end_reason: string;
  positions: string;
  linked: string;
  orphans: string;
  skipped: string;
}

export async function copiesForOps(
  deps: Pick<CopyDeps, 'db' | 'engine'>,
  filter: { providerId: number | null; running: boolean },
  limit: number,
) {
  const rows = await deps.db.query<CopyOpsRow>(
    `SELECT c.id, fu.uid AS follower_uid, pu.uid AS provider_uid, p.display_name AS provider_name, c.account_id,
            c.status, c.multiplier::text AS multiplier, c.stop_loss_percent, c.net_invested::text AS net_invested,
            c.high_water_mark::text AS high_water_mark, c.fees_paid::text AS fees_paid, c.end_reason,
            (SELECT count(*) FROM orders o WHERE o.user_id = c.account_id AND o.status = 1) AS positions,
            (SELECT count(*) FROM ${LIVE_LINKS} AND l.copy_id = c.id) AS linked,
            (SELECT count(*) FROM ${LIVE_LINKS} AND l.copy_id = c.id AND po.status = 3) AS orphans,
            (SELECT count(*) FROM copy_actions a WHERE a.copy_id = c.id AND a.outcome = 'skipped') AS skipped
       FROM copies c JOIN users fu ON fu.id = c.follower_id JOIN users pu ON pu.id = c.provider_id
       JOIN copy_providers p ON p.user_id = c.provider_id
      WHERE ($1::int IS NULL OR c.provider_id = $1) AND (NOT $2::boolean OR c.status IN (1, 2))
      ORDER BY c.id DESC LIMIT $3`,
    [filter.providerId, filter.running, limit],
  );
  const out = [];
  for (const r of rows) {
    const running = r.status !== 3;
    const equity = running ? (await copyEquity(deps, deps.db, r.account_id)).equity : null;
    out.push({
      id: r.id,
      provider: `${r.provider_name} (${r.provider_uid})`,
      follower: r.follower_uid,
      status: STATUS_WORDS[r.status] ?? String(r.status),
      multiplier: fixed(r.multiplier, 1),
      stop_loss_percent: r.stop_loss_percent,
      invested: fixed(r.net_invested, 2),
      equity: equity ? fixed(equity, 2) : '',
      pnl: equity ? fixed(equity.minus(r.net_invested), 2) : '',
      high_water_mark: fixed(r.high_water_mark, 2),
      fees_paid: fixed(r.fees_paid, 2),
      positions: Number(r.positions),
      linked: Number(r.linked),
      orphans: Number(r.orphans),
      skipped: Number(r.skipped),
      reconcile: Number(r.orphans) > 0 ? 'orphans waiting' : 'in sync',
      end_reason: r.end_reason,
    });
  }
  return out;
}

interface ProviderOpsRow extends Omit<ProviderRow, 'description'> {
  uid: string;
  copiers: string;
  fees_earned: string | null;
}

export async function providersForOps(deps: Pick<CopyDeps, 'db' | 'engine'>, limit: number) {
  const rows = await deps.db.query<ProviderOpsRow>(
    `SELECT p.user_id, u.uid, p.display_name, p.is_demo, p.is_sample, p.fee_percent, p.min_amount::text AS min_amount,
            p.suspended_at, p.unpublished_at,
            (SELECT count(*) FROM copies c WHERE c.provider_id = p.user_id AND c.status IN (1, 2)) AS copiers,
            (SELECT sum(c.fees_paid)::text FROM copies c WHERE c.provider_id = p.user_id) AS fees_earned
       FROM copy_providers p JOIN users u ON u.id = p.user_id
      ORDER BY copiers DESC, p.user_id LIMIT $1`,
    [limit],
  );
  const out = [];
  for (const r of rows) {
    const aum = await providerAum(deps, r.user_id);
    out.push({
      provider: `${r.display_name} (${r.uid})`,
      world: r.is_demo === 1 ? 'demo' : 'real',
      sample: r.is_sample === 1,
      fee_percent: r.fee_percent,
      min_amount: fixed(r.min_amount, 2),
      suspended: r.suspended_at !== null,
      unpublished: r.unpublished_at !== null,
      copiers: Number(r.copiers),
      aum: fixed(aum, 2),
      fees_earned: fixed(r.fees_earned ?? 0, 2),
    });
  }
  return out;
}

export async function feesForOps(q: Queryable, limit: number) {
  const rows = await q.query<{
    copy: number;
    provider: string;
    follower: string;
    period: string;
    equity: string;
    mark_before: string;
    fee: string;
    at: string;
  }>(
    `SELECT s.copy_id AS copy, pu.uid AS provider, fu.uid AS follower, s.period, s.equity::text AS equity,
            s.mark_before::text AS mark_before, s.fee::text AS fee, s.created_at AS at
       FROM copy_fee_settlements s JOIN copies c ON c.id = s.copy_id
       JOIN users pu ON pu.id = c.provider_id JOIN users fu ON fu.id = c.follower_id
      ORDER BY s.created_at DESC, s.copy_id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...r,
    equity: fixed(r.equity, 2),
    mark_before: fixed(r.mark_before, 2),
    fee: fixed(r.fee, 2),
    at: new Date(Number(r.at)).toISOString(),
  }));
}

export async function reconcileState(q: Queryable) {
  const [t] = await q.query<{ running: string; linked: string; orphans: string; behind: string }>(
    `SELECT (SELECT count(*) FROM copies WHERE status IN (1, 2)) AS running,
            (SELECT count(*) FROM ${LIVE_LINKS}) AS linked,
            (SELECT count(*) FROM ${LIVE_LINKS} AND po.status = 3) AS orphans,
            (SELECT count(*) FROM ${LIVE_LINKS} AND po.status = 1 AND po.quantity <> l.provider_lots) AS behind`,
    [],
  );
  const skips = await q.query<{ reason: string; n: string }>(
    `SELECT reason, count(*) AS n FROM copy_actions WHERE outcome = 'skipped' GROUP BY reason ORDER BY reason`,
    [],
  );
  return {
    running_copies: Number(t?.running ?? 0),
    linked_positions: Number(t?.linked ?? 0),
    orphans_waiting: Number(t?.orphans ?? 0),
    partial_closes_waiting: Number(t?.behind ?? 0),
    skipped: Object.fromEntries(skips.map((s) => [s.reason, Number(s.n)])),
  };
}
