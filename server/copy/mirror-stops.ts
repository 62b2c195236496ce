// docs/copy-trading.md "Batching": stops at the provider's distances from each follower's own entry.
import { dec, exactText } from '../../domain/decimal.ts';
import { sameDistance } from '../../domain/copy-maths.ts';
import { sideOf } from '../../domain/trade-maths.ts';
import { price, type Price } from '../../domain/units.ts';
import { ApiError } from '../http/envelope.ts';
import { priceText } from '../../domain/format/price.ts';
import { nextSeqs } from '../engine/event-seq.ts';
import { updateStopsMany } from '../engine/orders-repository.ts';
import { checkStops } from '../engine/submit-order.ts';
import { RowChanged } from '../engine/transitions.ts';
import type { OrderRow } from '../engine/types.ts';
import { markSkippedMany, setLinkStops } from './mirror-repository.ts';
import { closingPrice, committed, copyIds, type MirrorDeps, stopsOf, type Told, trailing } from './mirror-actions.ts';
import { claimLinked, type Pair } from './mirror-closes.ts';

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
