// MT5's rule: a position in profit is skipped, so the follower never enters at a price better for the provider.
import { dec } from '../../domain/decimal.ts';
import { sideOf } from '../../domain/trade-maths.ts';
import { getOrder } from '../engine/orders-repository.ts';
import type { OrderRow } from '../engine/types.ts';
import { copyById, openOrdersOf, providerOf, type CopyRow } from './copy-repository.ts';
import { mirrorOpens } from './mirror-batch.ts';
import { tellFollower, type MirrorDeps, type Told } from './mirror-actions.ts';
import { claimActions, copiesWithAction, type BatchClaim } from './mirror-repository.ts';

export const IN_PROFIT = 'provider_in_profit';

/** false without a price; mirrorOpens skips it. */
function inProfit(deps: MirrorDeps, row: OrderRow): boolean {
  const inst = deps.engine.instrument(row.instrumentId);
  const close = inst ? deps.engine.instruments.closePrice(inst, row.orderType) : null;
  if (!close) return false;
  return sideOf(row.orderType) === 'buy' ? dec(close).gt(row.price) : dec(close).lt(row.price);
}

export async function openAtStart(deps: MirrorDeps, row: OrderRow, copies: readonly CopyRow[]): Promise<Told[]> {
  if (!inProfit(deps, row)) return mirrorOpens(deps, row, copies);
  const skips = copies.map((c): BatchClaim => ({ copyId: c.id, outcome: 'skipped', reason: IN_PROFIT, lots: '' }));
  const claimed = await claimActions(deps.db, row.id, 'open', skips, deps.clock.now());
  return copies
    .filter((copy) => claimed.has(copy.id))
    .map((copy): Told => ({ copy, outcome: { kind: 'skipped', reason: IN_PROFIT, lots: '' } }));
}

/** A failure is logged and left to the writer's reconciliation job; the key makes a second run a no-op. */
export async function copyOpenPositions(deps: MirrorDeps, copyId: number): Promise<void> {
  const copy = await copyById(deps.db, copyId);
  if (!copy || copy.copy_open !== 1) return;
  const provider = await providerOf(deps.db, copy.provider_id);
  for (const id of await openOrdersOf(deps.db, copy.provider_id, Number(copy.started_at))) {
    try {
      const row = await getOrder(deps.db, id);
      if (!row || row.status !== 1 || (await copiesWithAction(deps.db, id, 'open')).has(copy.id)) continue;
      const [told] = await openAtStart(deps, row, [copy]);
      const outcome = told?.outcome ?? { kind: 'none' };
      if (outcome.kind === 'done') for (const c of outcome.commits) deps.engine.applyCommitted(c.done, 'changed', null);
      const inst = deps.engine.instrument(row.instrumentId);
      const where = { provider: provider?.display_name ?? '', code: inst?.showCode ?? '' };
      await tellFollower(deps, copy.follower_id, where, outcome);
    } catch (err) {
      deps.log.error({ err, copyId, orderId: id }, 'copying an open position at the start failed');
    }
  }
}
