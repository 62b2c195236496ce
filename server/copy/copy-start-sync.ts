// "Copy open positions" at the start (docs/copy-trading.md "Mirroring, exactly once"): each provider position open when the
// copy started opens on the copy like a mirrored open (mirrorOpens: the follower's own price, the same stop distances,
// the same sizing and slippage guard), but only while that position is not in profit at its closing price — MT5's
// rule, so the follower never enters at a price better for the provider than the provider's own. A position in
// profit is a told skip under the open's key. The start flow runs it at once; the writer's sync finishes it after a
// crash (mirror.ts), the key making the second one a no-op.
import { dec } from '../../domain/decimal.ts';
import { sideOf } from '../../domain/trade-maths.ts';
import { getOrder } from '../engine/orders-repository.ts';
import type { OrderRow } from '../engine/types.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { copyById, openOrdersOf, providerOf, type CopyRow } from './copy-repository.ts';
import { mirrorOpens, type Told } from './mirror-batch.ts';
import type { MirrorDeps } from './mirror-deps.ts';
import { claimAction, copiesWithAction } from './mirror-repository.ts';

export const IN_PROFIT = 'provider_in_profit';

/** Whether a provider position is in profit at its closing price now; false without a price (mirrorOpens skips it). */
function inProfit(deps: MirrorDeps, row: OrderRow): boolean {
  const inst = deps.engine.instrument(row.instrumentId);
  const close = inst ? deps.engine.instruments.closePrice(inst, row.orderType) : null;
  if (!close) return false;
  return sideOf(row.orderType) === 'buy' ? dec(close).gt(row.price) : dec(close).lt(row.price);
}

/** The opens, on copies that started after it, of a provider position open when they started. */
export async function openAtStart(deps: MirrorDeps, row: OrderRow, copies: readonly CopyRow[]): Promise<Told[]> {
  if (!inProfit(deps, row)) return mirrorOpens(deps, row, copies);
  const told: Told[] = [];
  for (const copy of copies) {
    const key = { providerOrderId: row.id, copyId: copy.id, action: 'open' };
    const at = deps.clock.now();
    if (await claimAction(deps.db, { ...key, outcome: 'skipped', reason: IN_PROFIT, at }))
      told.push({ copy, outcome: { kind: 'skipped', reason: IN_PROFIT, lots: '' } });
  }
  return told;
}

/** Copies the provider's open positions onto a copy started with "copy open positions", telling the follower each
 * open and skip; a failure is logged and left to the writer's reconciliation job. */
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
      const inst = deps.engine.instrument(row.instrumentId);
      const values = { provider: provider?.display_name ?? '', code: inst?.showCode ?? '', lots: '' };
      if (outcome.kind === 'skipped') {
        const reason_key = `copy.skip.${outcome.reason}`;
        await notifyAccount(deps, copy.follower_id, 'copy_skipped', { ...values, lots: outcome.lots, reason_key });
      } else if (outcome.kind === 'done') {
        for (const c of outcome.commits) deps.engine.applyCommitted(c.done, 'changed', null);
        await notifyAccount(deps, copy.follower_id, 'copy_opened', { ...values, lots: outcome.lots });
      }
    } catch (err) {
      deps.log.error({ err, copyId, orderId: id }, 'copying an open position at the start failed');
    }
  }
}
