// Closes and stops edits mirrored in chunks, one transaction each, set-based whatever the size (docs/copy-trading.md
// "Batching"); stops go at the provider's distances from each follower's own entry.
import { dec, exactText } from '../../domain/decimal.ts';
import { copiedPartLots, sameDistance } from '../../domain/copy-maths.ts';
import { MAX_LOTS } from '../../domain/order-rules.ts';
import { positionPnl, proRata, sideOf } from '../../domain/trade-maths.ts';
import { lots, price, usd, type Lots, type Price, type Usd } from '../../domain/units.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { moveMany, type AccountBalance, type Movement } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { priceText } from '../../domain/format/price.ts';
import { nextSeqs } from '../engine/event-seq.ts';
import {
  finishOrders,
  insertClosedParts,
  lockHoldings,
  shrinkOrders,
  updateStopsMany,
} from '../engine/orders-repository.ts';
import { checkStops, lockAccounts } from '../engine/submit-order.ts';
import { marginRelease, memoOf, RowChanged } from '../engine/transitions.ts';
import { bookAbsorbed } from '../ledger/house-book.ts';
import { cappedRealised } from '../engine/triggers.ts';
import type { EngineInstrument, OrderRow } from '../engine/types.ts';
import type { CopyRow } from './copy-repository.ts';
import {
  claimActions,
  markSkippedMany,
  setLinkLots,
  setLinkStops,
  unlinkMany,
  type BatchClaim,
  type LinkRow,
} from './mirror-repository.ts';
import {
  accountIds,
  closingPrice,
  committed,
  copyIds,
  type MirrorDeps,
  stopsOf,
  type Told,
  trailing,
} from './mirror-actions.ts';

export type Pair = { copy: CopyRow; link: LinkRow };

/** A position gone (its follower closed it) ends its link. */
export async function claimLinked(
  q: Queryable,
  row: OrderRow,
  action: string,
  pairs: readonly Pair[],
  now: number,
): Promise<Array<Pair & { own: OrderRow }>> {
  const claims = pairs.map((p): BatchClaim => ({ copyId: p.copy.id, outcome: 'done', reason: '', lots: '' }));
  const claimed = await claimActions(q, row.id, action, claims, now);
  const mine = pairs.filter((p) => claimed.has(p.copy.id));
  if (mine.length === 0) return [];
  const ids = mine.map((p) => p.link.follower_order_id);
  const held = await lockHoldings(q, ids);
  const live: Array<Pair & { own: OrderRow }> = [];
  const gone: number[] = [];
  for (const p of mine) {
    const own = held.get(p.link.follower_order_id);
    if (own?.userId === p.copy.account_id) live.push({ ...p, own });
    else gone.push(p.copy.id);
  }
  await unlinkMany(q, row.id, gone, 'follower_closed', now);
  return live;
}

interface Closing {
  o: OrderRow;
  part: Lots;
  margin: Usd;
  at: Price;
  full: Usd;
  realised: Usd;
}

/** Capped against the available balance after the release; what the account could not pay is the house's. */
async function settle(
  q: Queryable,
  deps: MirrorDeps,
  inst: EngineInstrument,
  wanted: ReadonlyArray<{ o: OrderRow; part: Lots; margin: Usd }>,
  now: number,
): Promise<{ closings: Closing[]; moved: Map<number, AccountBalance> }> {
  const users = wanted.map((w) => w.o.userId);
  const held = await lockAccounts(q, users);
  const closings = wanted.map(({ o, part, margin }): Closing => {
    const at = closingPrice(deps, inst, o);
    const full = positionPnl(inst.spec, sideOf(o.orderType), part, price(o.price), at);
    const realised = cappedRealised(full, usd(dec(held.get(o.userId)?.balance ?? 0).plus(margin)));
    return { o, part, margin, at, full, realised };
  });
  const moved = await moveMany(
    q,
    closings.map(({ o, margin, realised }) => {
      const memo = memoOf(inst, o.id);
      const release = marginRelease(margin, memo, now);
      const profit: Movement = { balance: realised, type: RecordType.PROFIT, memo, at: now };
      return { userId: o.userId, ms: realised.isZero() ? [release] : [release, profit] };
    }),
  );
  if (moved.size !== closings.length) throw new Error('a batched close was refused by the ledger under its locks');
  for (const c of closings) await bookAbsorbed(q, c.o, c.full, c.realised, now);
  return { closings, moved };
}

async function finishAll(q: Queryable, inst: EngineInstrument, closings: readonly Closing[], now: number) {
  const finished = await finishOrders(
    q,
    closings.map((c) => ({
      id: c.o.id,
      updatePrice: priceText(c.at, inst.pricePrecision),
      factProfits: exactText(c.realised),
    })),
    'user',
    now,
  );
  if (finished.length !== closings.length) throw new RowChanged();
  return new Map(finished.map((o) => [o.id, o]));
}

const whole = (o: OrderRow) => ({ o, part: lots(o.quantity), margin: usd(o.margin) });

/** Refused whole (a halt, a closed market, no price) it rolls back and waits for the next sync, never dropped. */
export async function mirrorCloses(deps: MirrorDeps, row: OrderRow, pairs: readonly Pair[]): Promise<Told[]> {
  return deps.db.tx(async (q): Promise<Told[]> => {
    const now = deps.clock.now();
    const live = await claimLinked(q, row, 'close', pairs, now);
    if (live.length === 0) return [];
    const inst = await deps.engine.instruments.getOrThrow(row.instrumentId, q);
    const wanted = live.map((p) => whole(p.own));
    const { closings, moved } = await settle(q, deps, inst, wanted, now);
    const byId = await finishAll(q, inst, closings, now);
    const seqs = await nextSeqs(q, accountIds(live));
    await unlinkMany(q, row.id, copyIds(live), 'provider_closed', now);
    return live.map(({ copy, own }): Told => {
      const done = committed(byId.get(own.id) as OrderRow, seqs, moved);
      return { copy, outcome: { kind: 'done', commits: [{ done, closed: true }], lots: own.quantity } };
    });
  });
}

/** The same fraction as the provider took, under the key `part:<rest>`; the whole position under the remainder rule. */
export async function mirrorParts(deps: MirrorDeps, row: OrderRow, pairs: readonly Pair[]): Promise<Told[]> {
  const action = `part:${exactText(row.quantity)}`;
  return deps.db.tx(async (q): Promise<Told[]> => {
    const now = deps.clock.now();
    const live = await claimLinked(q, row, action, pairs, now);
    if (live.length === 0) return [];
    await setLinkLots(q, row.id, copyIds(live), row.quantity);
    const inst = await deps.engine.instruments.getOrThrow(row.instrumentId, q);
    const rule = { min: inst.minLots, step: inst.pip, max: MAX_LOTS };
    const told: Told[] = [];
    const all: Array<Pair & { own: OrderRow }> = [];
    const parts: Array<Pair & { own: OrderRow; part: Lots }> = [];
    for (const p of live) {
      const closed = dec(p.link.provider_lots).minus(row.quantity);
      const part = copiedPartLots(p.own.quantity, closed, p.link.provider_lots, rule);
      if (part === null) all.push(p);
      else if (part.isZero()) {
        told.push({ copy: p.copy, outcome: { kind: 'skipped', reason: 'below_min_lot', lots: '0' } });
      } else parts.push({ ...p, part: lots(part) });
    }
    await markSkippedMany(q, row.id, action, told);
    if (all.length + parts.length === 0) return told;
    const { closings, moved } = await settle(
      q,
      deps,
      inst,
      [
        ...all.map((p) => whole(p.own)),
        ...parts.map((p) => ({
          o: p.own,
          part: p.part,
          margin: proRata(usd(p.own.margin), p.part, lots(p.own.quantity)).part,
        })),
      ],
      now,
    );
    const finished = await finishAll(q, inst, closings.slice(0, all.length), now);
    await unlinkMany(q, row.id, copyIds(all), 'closed_all', now);
    const split = closings
      .slice(all.length)
      .map((c) => ({ ...c, fee: proRata(usd(c.o.tradeFee), c.part, lots(c.o.quantity)) }));
    const rests = await shrinkOrders(
      q,
      split.map((c) => ({
        id: c.o.id,
        quantity: exactText(lots(c.o.quantity).minus(c.part)),
        margin: exactText(usd(c.o.margin).minus(c.margin)),
        tradeFee: exactText(c.fee.rest),
        updatePrice: priceText(c.at, inst.pricePrecision),
      })),
    );
    if (rests.length !== split.length) throw new RowChanged();
    const closedParts = await insertClosedParts(
      q,
      split.map((c) => ({
        from: c.o,
        quantity: exactText(c.part),
        margin: exactText(c.margin),
        tradeFee: exactText(c.fee.part),
        closePrice: priceText(c.at, inst.pricePrecision),
        factProfits: exactText(c.realised),
      })),
      now,
    );
    // Each position's event numbers as closePart takes them: the rest's first, then the closed part's (two for a part).
    const counts = closings.map((_, i) => (i < all.length ? 1 : 2));
    const seqs = await nextSeqs(
      q,
      closings.map((c) => c.o.userId),
      counts,
    );
    for (const { copy, own } of all) {
      const done = committed(finished.get(own.id) as OrderRow, seqs, moved);
      told.push({ copy, outcome: { kind: 'done', commits: [{ done, closed: true }], lots: own.quantity } });
    }
    const restOf = new Map(rests.map((r) => [r.id, r]));
    parts.forEach(({ copy, own, part }, i) => {
      const closed = committed(closedParts[i] as OrderRow, seqs, moved);
      const rest = { ...committed(restOf.get(own.id) as OrderRow, seqs, moved), seq: closed.seq - 1 };
      const commits = [
        { done: rest, closed: false },
        { done: closed, closed: true },
      ];
      told.push({ copy, outcome: { kind: 'done', commits, lots: exactText(part) } });
    });
    return told;
  });
}

/** A stop already past the follower's price is a told skip, not retried; a refused price waits for the next sync. */
export async function mirrorStops(deps: MirrorDeps, row: OrderRow, pairs: readonly Pair[]): Promise<Told[]> {
  const version = pairs[0]?.link.stops_version ?? 0;
  if (pairs.some((p) => p.link.stops_version !== version)) throw new Error('a stops chunk mixes stops versions');
  const action = `stops:${version + 1}`;
  return deps.db.tx(async (q): Promise<Told[]> => {
    const now = deps.clock.now();
    const live = await claimLinked(q, row, action, pairs, now);
    if (live.length === 0) return [];
    const inst = await deps.engine.instruments.getOrThrow(row.instrumentId, q);
    const told: Told[] = [];
    const moves: Array<{ p: (typeof live)[number]; profit: string; loss: string; at: string }> = [];
    const text = (v: Price | null): string => (v ? priceText(v, inst.pricePrecision) : '0');
    for (const p of live) {
      const current = closingPrice(deps, inst, p.own);
      const profit = sameDistance(row.targetProfitPrice, row.price, p.own.price);
      const loss = trailing(row)
        ? dec(p.own.targetLossPrice)
        : sameDistance(row.targetLossPrice, row.price, p.own.price);
      const tp = profit ? price(profit) : null;
      const sl = loss && loss.gt(0) ? price(loss) : null;
      try {
        checkStops(sideOf(p.own.orderType), current, tp, sl);
      } catch (err) {
        if (!(err instanceof ApiError) || !err.key.startsWith('stop_')) throw err;
        told.push({ copy: p.copy, outcome: { kind: 'skipped', reason: err.key, lots: '' } });
        continue;
      }
      moves.push({ p, profit: text(tp), loss: text(sl), at: text(current) });
    }
    await markSkippedMany(q, row.id, action, told);
    await setLinkStops(q, row.id, copyIds(live), stopsOf(row));
    const changed = await updateStopsMany(
      q,
      moves.map((m) => ({ id: m.p.own.id, profit: m.profit, loss: m.loss, trail: '0', updatePrice: m.at })),
    );
    if (changed.length !== moves.length) throw new RowChanged();
    const users = moves.map((m) => m.p.own.userId);
    const seqs = await nextSeqs(q, users);
    const byId = new Map(changed.map((o) => [o.id, o]));
    for (const { p } of moves) {
      const done = committed(byId.get(p.own.id) as OrderRow, seqs, new Map());
      told.push({
        copy: p.copy,
        outcome: { kind: 'done', commits: [{ done, closed: false }], lots: exactText(p.own.quantity), stops: true },
      });
    }
    return told;
  });
}
