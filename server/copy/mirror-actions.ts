// One mirrored action on one copy, each in one transaction with its key claimed first (docs/copy-trading.md
// "Mirroring, exactly once"): a partial close by fraction, a stops edit at the same distances. Opens and closes, the
// actions that reach every copy at once, are batched (mirror-batch.ts). A refused partial close rolls back whole and
// waits for the next sync (the reconciliation job), never dropped.
import { sideOf } from '../../domain/trade-maths.ts';
import { dec, exactText } from '../../domain/decimal.ts';
import { copiedPartLots, sameDistance } from '../../domain/copy-maths.ts';
import { MAX_LOTS } from '../../domain/order-rules.ts';
import { lots, price, type Price } from '../../domain/units.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { lockOrder } from '../engine/orders-repository.ts';
import { checkStops } from '../engine/submit-order.ts';
import { changeStops, closeHolding, closePart, type Committed } from '../engine/transitions.ts';
import type { EngineInstrument, OrderRow } from '../engine/types.ts';
import type { CopyRow } from './copy-repository.ts';
import { claimAction, markSkipped, setLinkLots, setLinkStops, unlink, type LinkRow } from './mirror-repository.ts';
import type { MirrorDeps } from './mirror-deps.ts';

/** What a mirrored action did: the commits to apply to the engine, or a skip with its reason. */
export type Outcome =
  | { kind: 'done'; commits: Array<{ done: Committed; closed: boolean }>; lots: string }
  | { kind: 'skipped'; reason: string; lots: string }
  | { kind: 'none' };

const NONE: Outcome = { kind: 'none' };

/** The provider's stop-profit and stop-loss as the link remembers them ("<profit>/<loss>"). */
export const stopsOf = (row: OrderRow): string =>
  `${exactText(row.targetProfitPrice)}/${trailing(row) ? 'trail' : exactText(row.targetLossPrice)}`;

/** A provider's trailing stop moves on every tick: its moves are not copied (docs/copy-trading.md). */
const trailing = (row: OrderRow): boolean => dec(row.trailDistance || '0').gt(0);

/** Records a skip under the action's key, once; the skip is told only when this call claimed it. */
async function skip(deps: MirrorDeps, row: OrderRow, copy: CopyRow, action: string, reason: string, lotsText = '') {
  const claimed = await claimAction(deps.db, {
    providerOrderId: row.id,
    copyId: copy.id,
    action,
    outcome: 'skipped',
    reason,
    detail: { lots: lotsText },
    at: deps.clock.now(),
  });
  return claimed ? ({ kind: 'skipped', reason, lots: lotsText } as const) : NONE;
}

/** The follower's linked position locked, or null (closed meanwhile: then the link ends). */
async function lockFollower(q: Queryable, deps: MirrorDeps, copy: CopyRow, link: LinkRow): Promise<OrderRow | null> {
  const own = await lockOrder(q, link.follower_order_id, copy.account_id, 1);
  if (!own) await unlink(q, copy.id, link.provider_order_id, 'follower_closed', deps.clock.now());
  return own;
}

/** The live closing price of a held position, refused (rolling back) on a halt, a closed market or no price. */
export function closingPrice(deps: MirrorDeps, inst: EngineInstrument, own: OrderRow): Price {
  deps.engine.instruments.refuseOnBlock(inst.code);
  if (!deps.market.isOpen(inst.code)) throw new ApiError('market_closed');
  const p = deps.engine.instruments.closePrice(inst, own.orderType);
  if (!p) throw new ApiError('no_price');
  return p;
}

/** Closes the same fraction of the linked position as the provider's partial close took of theirs. */
export async function mirrorPart(deps: MirrorDeps, row: OrderRow, copy: CopyRow, link: LinkRow): Promise<Outcome> {
  return deps.db.tx(async (q): Promise<Outcome> => {
    const now = deps.clock.now();
    const action = `part:${exactText(row.quantity)}`;
    if (!(await claimAction(q, { providerOrderId: row.id, copyId: copy.id, action, outcome: 'done', at: now })))
      return NONE;
    const own = await lockFollower(q, deps, copy, link);
    if (!own) return NONE;
    const inst = await deps.engine.instruments.getOrThrow(own.instrumentId, q);
    const closed = dec(link.provider_lots).minus(row.quantity);
    const rule = { min: inst.minLots, step: inst.pip, max: MAX_LOTS };
    const part = copiedPartLots(own.quantity, closed, link.provider_lots, rule);
    await setLinkLots(q, copy.id, row.id, row.quantity);
    if (part?.isZero()) {
      await markSkipped(q, { providerOrderId: row.id, copyId: copy.id, action, reason: 'below_min_lot' });
      return { kind: 'skipped', reason: 'below_min_lot', lots: '0' };
    }
    const at = closingPrice(deps, inst, own);
    if (part === null) {
      const done = await closeHolding(q, own, inst, at, 'user', now);
      await unlink(q, copy.id, row.id, 'closed_all', now);
      return { kind: 'done', commits: [{ done, closed: true }], lots: own.quantity };
    }
    const out = await closePart(q, own, inst, lots(part), at, now);
    return {
      kind: 'done',
      commits: [
        { done: out.rest, closed: false },
        { done: out.closed, closed: true },
      ],
      lots: exactText(part),
    };
  });
}

/** Moves the linked position's stops to the provider's distances from its own entry; a stop that would fire at once
 * (the follower's price already past it) is skipped, told, and not tried again. */
export async function mirrorStops(deps: MirrorDeps, row: OrderRow, copy: CopyRow, link: LinkRow): Promise<Outcome> {
  const action = `stops:${link.stops_version + 1}`;
  try {
    return await deps.db.tx(async (q): Promise<Outcome> => {
      const now = deps.clock.now();
      if (!(await claimAction(q, { providerOrderId: row.id, copyId: copy.id, action, outcome: 'done', at: now })))
        return NONE;
      const own = await lockFollower(q, deps, copy, link);
      if (!own) return NONE;
      const inst = await deps.engine.instruments.getOrThrow(own.instrumentId, q);
      const current = closingPrice(deps, inst, own);
      const profit = sameDistance(row.targetProfitPrice, row.price, own.price);
      const loss = trailing(row) ? dec(own.targetLossPrice) : sameDistance(row.targetLossPrice, row.price, own.price);
      const p = profit ? price(profit) : null;
      const l = loss && loss.gt(0) ? price(loss) : null;
      checkStops(sideOf(own.orderType), current, p, l);
      const done = await changeStops(q, own, inst, p, l, null, current);
      await setLinkStops(q, copy.id, row.id, stopsOf(row));
      return { kind: 'done', commits: [{ done, closed: false }], lots: own.quantity };
    });
  } catch (err) {
    if (!(err instanceof ApiError) || err.key.startsWith('stop_') === false) throw err;
    await setLinkStops(deps.db, copy.id, row.id, stopsOf(row));
    return skip(deps, row, copy, action, err.key);
  }
}
