// What the copy-trading routes show (docs/api.md "Copy trading"); providers carry statistics.ts so the Copy tab ranks.
import { dec, exactText, fixed, type Dec } from '../../domain/decimal.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { CopyItem, CopyProvider, CopyProviderSelf } from '../../domain/copy-types.ts';
import type { Language } from '../../domain/types.ts';
import { ApiError } from '../http/envelope.ts';
import {
  copiesOfFollower,
  copyPositions,
  CopyStatus,
  firstRecordAt,
  providerNames,
  providerOf,
  providerTotals,
  providersOfWorld,
  returnedAt,
  userWorld,
} from './copy-repository.ts';
import { copyEquity, providerAum, type CopyDeps } from './copy-fees.ts';
import { providerStatistics } from './statistics.ts';
import { houseTraderBio } from './house-traders.ts';

const percent = (ratio: Dec): string => fixed(ratio.times(100), 2);

/** `lang`: the house's own traders are described in the reader's language. */
export async function providerList(deps: CopyDeps, userId: number, lang: Language): Promise<CopyProvider[]> {
  const world = await userWorld(deps.db, userId);
  if (!world) throw new ApiError('copy_not_found');
  const now = deps.clock.now();
  const out: CopyProvider[] = [];
  for (const p of await providersOfWorld(deps.db, world.is_demo)) {
    const stats = await providerStatistics(deps.db, p.user_id, now, deps.engine.floatingOf(p.user_id));
    const since = await firstRecordAt(deps.db, p.user_id);
    out.push({
      provider_id: p.user_id,
      name: p.display_name,
      description: houseTraderBio(lang, p.email) ?? p.description,
      fee_percent: p.fee_percent,
      min_amount: fixed(p.min_amount, 2),
      copiers: Number(p.copiers),
      is_demo: p.is_demo,
      return_30d: percent(stats.returns.d30),
      return_all: percent(stats.returns.all),
      max_drawdown: percent(stats.maxDrawdown),
      win_rate: percent(stats.winRate),
      trades: stats.trades,
      days: since === null ? 0 : Math.floor((now - since) / DAY_MS),
      curve: stats.curve.map((v) => fixed(v, 4)),
      risk_score: stats.risk,
    });
  }
  return out;
}

const NOT_A_PROVIDER: CopyProviderSelf = {
  published: 0,
  name: '',
  description: '',
  fee_percent: 0,
  min_amount: '0.00',
  is_demo: 0,
  suspended: 0,
  unpublished: 0,
  copiers: 0,
  aum: '0.00',
  fees_earned: '0.00',
};

/** `published` 0 when they are not a provider. */
export async function providerSelf(deps: CopyDeps, userId: number): Promise<CopyProviderSelf> {
  const p = await providerOf(deps.db, userId);
  if (!p) return NOT_A_PROVIDER;
  const totals = await providerTotals(deps.db, userId);
  return {
    published: 1,
    name: p.display_name,
    description: p.description,
    fee_percent: p.fee_percent,
    min_amount: fixed(p.min_amount, 2),
    is_demo: p.is_demo,
    suspended: p.suspended_at === null ? 0 : 1,
    unpublished: p.unpublished_at === null ? 0 : 1,
    copiers: totals.copiers,
    aum: fixed(await providerAum(deps, userId), 2),
    fees_earned: fixed(totals.fees, 2),
  };
}

export async function myCopies(deps: CopyDeps, followerId: number): Promise<CopyItem[]> {
  const copies = await copiesOfFollower(deps.db, followerId);
  const ids = copies.map((c) => c.provider_id);
  const names = await providerNames(deps.db, ids);
  const out: CopyItem[] = [];
  for (const c of copies) {
    const running = c.status !== CopyStatus.STOPPED;
    const equity = running ? (await copyEquity(deps, deps.db, c.account_id)).equity : dec(0);
    const worth = running ? equity : dec(await returnedAt(deps.db, c.id));
    const open = running ? await copyPositions(deps.db, c.id, c.account_id) : [];
    out.push({
      id: c.id,
      provider_id: c.provider_id,
      provider_name: names.get(c.provider_id) ?? '',
      status: c.status,
      multiplier: fixed(c.multiplier, 1),
      stop_loss_percent: c.stop_loss_percent,
      invested: fixed(c.net_invested, 2),
      equity: fixed(equity, 2),
      pnl: fixed(worth.minus(c.net_invested), 2),
      fees_paid: fixed(c.fees_paid, 2),
      positions: open.length,
      end_reason: c.end_reason,
      open_positions: open.map((o) => ({
        ...o,
        lots: exactText(dec(o.lots)), // NUMERIC(24, 8) reads '0.10000000': the lots as typed
        provider_price: o.provider_price ?? '',
      })),
    });
  }
  return out;
}
