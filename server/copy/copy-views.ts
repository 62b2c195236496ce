// What the copy-trading routes show (docs/api.md "Copy trading"): the providers of the caller's world and the
// caller's copies with their equity, P&L and fees (equity from the engine's figures while the copy runs).
import { dec, fixed } from '../../domain/decimal.ts';
import type { CopyItem, CopyProvider } from '../../domain/copy-types.ts';
import { ApiError } from '../http/envelope.ts';
import {
  copiesOfFollower,
  CopyStatus,
  openPositionCount,
  providerNames,
  providersOfWorld,
  returnedAt,
  userWorld,
} from './copy-repository.ts';
import { copyEquity, type CopyDeps } from './copy-fees.ts';

export async function providerList(deps: Pick<CopyDeps, 'db'>, userId: number): Promise<CopyProvider[]> {
  const world = await userWorld(deps.db, userId);
  if (!world) throw new ApiError('copy_not_found');
  return (await providersOfWorld(deps.db, world.is_demo)).map((p) => ({
    provider_id: p.user_id,
    name: p.display_name,
    description: p.description,
    fee_percent: p.fee_percent,
    min_amount: fixed(p.min_amount, 2),
    copiers: Number(p.copiers),
    is_demo: p.is_demo,
  }));
}

export async function myCopies(deps: CopyDeps, followerId: number): Promise<CopyItem[]> {
  const copies = await copiesOfFollower(deps.db, followerId);
  const names = await providerNames(
    deps.db,
    copies.map((c) => c.provider_id),
  );
  const out: CopyItem[] = [];
  for (const c of copies) {
    const running = c.status !== CopyStatus.STOPPED;
    const equity = running ? (await copyEquity(deps, deps.db, c.account_id)).equity : dec(0);
    const returned = running ? dec(0) : dec(await returnedAt(deps.db, c.id));
    out.push({
      id: c.id,
      provider_id: c.provider_id,
      provider_name: names.get(c.provider_id) ?? '',
      status: c.status,
      multiplier: fixed(c.multiplier, 1),
      stop_loss_percent: c.stop_loss_percent,
      invested: fixed(c.net_invested, 2),
      equity: fixed(equity, 2),
      pnl: fixed(running ? equity.minus(c.net_invested) : returned.minus(c.net_invested), 2),
      fees_paid: fixed(c.fees_paid, 2),
      positions: running ? await openPositionCount(deps.db, c.account_id) : 0,
      end_reason: c.end_reason,
    });
  }
  return out;
}
