// What every mirrored action shares (docs/copy-trading.md "Mirroring, exactly once").
import { dec, exactText } from '../../domain/decimal.ts';
import type { Price } from '../../domain/units.ts';
import { ApiError } from '../http/envelope.ts';
import type { AccountBalance } from '../ledger/ledger.ts';
import type { Committed } from '../engine/transitions.ts';
import type { EngineInstrument, OrderRow } from '../engine/types.ts';
import type { CopyRow } from './copy-repository.ts';
import type { OrderEngine } from '../engine/engine.ts';
import type { Services } from '../core/services.ts';
import { notifyAccount } from '../notify/account-notices.ts';
export interface MirrorDeps extends Pick<Services, 'db' | 'clock' | 'log' | 'notifier' | 'market'> {
  engine: Pick<
    OrderEngine,
    | 'instrument'
    | 'instruments'
    | 'applyCommitted'
    | 'floatingOf'
    | 'marginOf'
    | 'riskRateOf'
    | 'equityScaled'
    | 'closeAll'
    | 'onCommitted'
  >;
}

export type Outcome =
  | {
      kind: 'done';
      commits: Array<{ done: Committed; closed: boolean }>;
      lots: string;
      /** A stops edit is told as one (`copy_stops`), never as an open. */
      stops?: true;
    }
  | { kind: 'skipped'; reason: string; lots: string }
  | { kind: 'none' };

/** A skip names its reason; a stops edit is told as one, a close as a close, anything else as an open. */
export async function tellFollower(
  deps: MirrorDeps,
  followerId: number,
  where: { provider: string; code: string },
  outcome: Outcome,
): Promise<void> {
  if (outcome.kind === 'none') return;
  const values = { ...where, lots: outcome.lots };
  if (outcome.kind === 'skipped') {
    const reason_key = `copy.skip.${outcome.reason}`;
    return notifyAccount(deps, followerId, 'copy_skipped', { ...values, reason_key });
  }
  const closed = outcome.commits.some((c) => c.closed);
  await notifyAccount(deps, followerId, outcome.stops ? 'copy_stops' : closed ? 'copy_closed' : 'copy_opened', values);
}

export interface Told {
  copy: CopyRow;
  outcome: Outcome;
}

export const accountIds = (ps: ReadonlyArray<{ copy: CopyRow }>): number[] => ps.map((p) => p.copy.account_id);
export const copyIds = (ps: ReadonlyArray<{ copy: CopyRow }>): number[] => ps.map((p) => p.copy.id);

/** As the link remembers them: "<profit>/<loss>". */
export const stopsOf = (row: OrderRow): string =>
  `${exactText(row.targetProfitPrice)}/${trailing(row) ? 'trail' : exactText(row.targetLossPrice)}`;

/** A provider's trailing stop moves on every tick, so its moves are not copied (docs/copy-trading.md). */
export const trailing = (row: OrderRow): boolean => dec(row.trailDistance || '0').gt(0);

/** Refused, rolling back, on a halt, a closed market or no price. */
export function closingPrice(deps: MirrorDeps, inst: EngineInstrument, own: OrderRow): Price {
  deps.engine.instruments.refuseOnBlock(inst.code);
  if (!deps.market.isOpen(inst.code)) throw new ApiError('market_closed');
  const p = deps.engine.instruments.closePrice(inst, own.orderType);
  if (!p) throw new ApiError('no_price');
  return p;
}

export function committed(row: OrderRow, seqs: Map<number, number>, moved: Map<number, AccountBalance>): Committed {
  const seq = seqs.get(row.userId);
  if (seq === undefined) throw new Error(`no event number for account ${row.userId}`);
  return { row, seq, account: moved.get(row.userId) ?? null };
}
