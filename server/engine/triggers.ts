// Pure trigger rules (docs/trading.md), shared by the tick index's ladders and the test oracle.
import { riskRate, STOP_OUT_LEVEL, type Side } from '../../domain/trade-maths.ts';
import { stopSideProblem } from '../../domain/order-rules.ts';
import type { OpenOrder } from './types.ts';
import { price, usd, type Price, type Ratio, type Usd } from '../../domain/units.ts';

/** Reached from the side it was placed on: a target below the submit price fills at or below it, above at or above. */
export function pendingFills(originPrice: Price, target: Price, current: Price): boolean {
  if (target.lt(originPrice)) return current.lte(target);
  if (target.gt(originPrice)) return current.gte(target);
  return true; // never stored (submit refuses a target equal to the price), but reached means filled
}

/** Stop-loss first: they cannot both hold for one price when sides are valid. */
export function stopHit(
  side: Side,
  current: Price,
  stopProfit: Price | null,
  stopLoss: Price | null,
): 'stop_profit' | 'stop_loss' | null {
  if (side === 'buy') {
    if (stopLoss && current.lte(stopLoss)) return 'stop_loss';
    if (stopProfit && current.gte(stopProfit)) return 'stop_profit';
  } else {
    if (stopLoss && current.gte(stopLoss)) return 'stop_loss';
    if (stopProfit && current.lte(stopProfit)) return 'stop_profit';
  }
  return null;
}

/** docs/trading.md "Trailing stop": only a strictly more favourable stop-loss is returned, so it never moves back. */
export function trailedStop(side: Side, current: Price, distance: Price, stopLoss: Price | null): Price | null {
  if (side === 'buy') {
    const next = price(current.minus(distance));
    if (next.lte(0)) return null;
    return !stopLoss || next.gt(stopLoss) ? next : null;
  }
  const next = price(current.plus(distance));
  return !stopLoss || next.lt(stopLoss) ? next : null;
}

/** Returns an errors.* key or null. */
export function stopSideError(side: Side, ref: Price, stopProfit: Price | null, stopLoss: Price | null): string | null {
  return (
    (stopLoss && stopSideProblem(side, 'loss', ref, stopLoss)) ||
    (stopProfit && stopSideProblem(side, 'profit', ref, stopProfit)) ||
    null
  );
}

/** The decimal rule the tick index's ladders encode (and the test oracle scans with). */
export function firesAt(o: OpenOrder, at: Price): boolean {
  if (o.status === 0) return pendingFills(o.originPrice, o.price, at);
  if (stopHit(o.side, at, o.stopProfit, o.stopLoss) !== null) return true;
  return o.trailDistance !== null && trailedStop(o.side, at, o.trailDistance, o.stopLoss) !== null;
}

/** Ties go to the oldest order id. */
export function stopOutQueue<T extends { id: number; floating: Usd }>(positions: readonly T[]): T[] {
  return [...positions].sort((a, b) => a.floating.comparedTo(b.floating) || a.id - b.id);
}

/** `margin` is the open orders' margin, not lock_balance, which also freezes pending withdrawals. */
export function belowStopOut(balance: Usd, margin: Usd, floating: Usd, level: Ratio = STOP_OUT_LEVEL): boolean {
  const r = riskRate({ balance, lockBalance: margin, floating });
  return r !== null && r.lte(level);
}

/** A loss never takes more than what is available, so a gap cannot push the balance below zero. */
export function cappedRealised(pnl: Usd, available: Usd): Usd {
  return pnl.lt(available.neg()) ? usd(available.neg()) : pnl;
}
