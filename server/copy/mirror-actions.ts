// What every mirrored action shares (docs/copy-trading.md "Mirroring, exactly once"): what an action did for its
// notice, the provider's stops as a link remembers them, the follower's live closing price, and a batch's commit of
// one follower position. Opens are mirror-batch.ts, closes and partial closes mirror-closes.ts, stops mirror-stops.ts.
import { dec, exactText } from '../../domain/decimal.ts';
import type { Price } from '../../domain/units.ts';
import { ApiError } from '../http/envelope.ts';
import type { AccountBalance } from '../ledger/ledger.ts';
import type { Committed } from '../engine/transitions.ts';
import type { EngineInstrument, OrderRow } from '../engine/types.ts';
import type { MirrorDeps } from './mirror-deps.ts';
/** What a mirrored action did: the commits to apply to the engine, or a skip with its reason. */
export type Outcome =
  | { kind: 'done'; commits: Array<{ done: Committed; closed: boolean }>; lots: string }
  | { kind: 'skipped'; reason: string; lots: string }
  | { kind: 'none' };

/** The provider's stop-profit and stop-loss as the link remembers them ("<profit>/<loss>"). */
export const stopsOf = (row: OrderRow): string =>
  `${exactText(row.targetProfitPrice)}/${trailing(row) ? 'trail' : exactText(row.targetLossPrice)}`;

/** A provider's trailing stop moves on every tick: its moves are not copied (docs/copy-trading.md). */
export const trailing = (row: OrderRow): boolean => dec(row.trailDistance || '0').gt(0);

/** The live closing price of a held position, refused (rolling back) on a halt, a closed market or no price. */
export function closingPrice(deps: MirrorDeps, inst: EngineInstrument, own: OrderRow): Price {
  deps.engine.instruments.refuseOnBlock(inst.code);
  if (!deps.market.isOpen(inst.code)) throw new ApiError('market_closed');
  const p = deps.engine.instruments.closePrice(inst, own.orderType);
  if (!p) throw new ApiError('no_price');
  return p;
}

/** A batch's commit of one follower position: its row, the account's event number and balance after the move. */
export function committed(row: OrderRow, seqs: Map<number, number>, moved: Map<number, AccountBalance>): Committed {
  const seq = seqs.get(row.userId);
  if (seq === undefined) throw new Error(`no event number for account ${row.userId}`);
  return { row, seq, account: moved.get(row.userId) ?? null };
}
