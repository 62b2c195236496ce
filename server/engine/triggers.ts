// Pure trigger rules (docs/trading.md): when a pending order fills, when a stop closes a position, where a trailing
// stop moves, which positions a stop-out closes first, and how a close that gapped past everything the account holds is capped.
import { riskRate, STOP_OUT_LEVEL, type Side } from '../../domain/trade-maths.ts';
import { stopSideProblem } from '../../domain/order-rules.ts';
import type { OpenOrder } from './types.ts';
import { price, usd, type Price, type Ratio, type Usd } from '../../domain/units.ts';

/** A pending order fills when the price reaches its target from the side it was placed on: a target below the
 * submit price fills at or below it (buy/sell limit below), a target above fills at or above it. */
export function pendingFills(originPrice: Price, target: Price, current: Price): boolean {
  if (target.lt(originPrice)) return current.lte(target);
  if (target.gt(originPrice)) return current.gte(target);
  return true; // never stored (submit refuses a target equal to the price), but reached means filled
}

export type StopReason = 'stop_profit' | 'stop_loss';

/** Stops trigger on the tick at or beyond them. A buy closes at stop-loss when price ≤ SL and at stop-profit when
 * price ≥ TP; a sell is mirrored. Stop-loss is checked first (they cannot both hold for one price when sides are valid). */
export function stopHit(
  side: Side,
  current: Price,
  stopProfit: Price | null,
  stopLoss: Price | null,
): StopReason | null {
  if (side === 'buy') {
    if (stopLoss && current.lte(stopLoss)) return 'stop_loss';
    if (stopProfit && current.gte(stopProfit)) return 'stop_profit';
  } else {
    if (stopLoss && current.gte(stopLoss)) return 'stop_loss';
    if (stopProfit && current.lte(stopProfit)) return 'stop_profit';
  }
  return null;
}

/** The trailing stop (docs/trading.md "Trailing stop"): the stop-loss a trailing distance asks for at `current` — a
 * buy's at current − distance, a sell's at current + distance — returned only when it is strictly more favourable
 * than the present stop-loss (a buy's higher, a sell's lower), so it never moves back; null when it stays. */
export function trailedStop(side: Side, current: Price, distance: Price, stopLoss: Price | null): Price | null {
  if (side === 'buy') {
    const next = price(current.minus(distance));
    if (next.lte(0)) return null;
    return !stopLoss || next.gt(stopLoss) ? next : null;
  }
  const next = price(current.plus(distance));
  return !stopLoss || next.lt(stopLoss) ? next : null;
}

/** Side rules for stops against a reference price (current price, or the target of a pending order):
 * a buy's stop-loss below and stop-profit above; mirrored for a sell. Returns an errors.* key or null. */
export function stopSideError(side: Side, ref: Price, stopProfit: Price | null, stopLoss: Price | null): string | null {
  return (
    (stopLoss && stopSideProblem(side, 'loss', ref, stopLoss)) ||
    (stopProfit && stopSideProblem(side, 'profit', ref, stopProfit)) ||
    null
  );
}

/** Whether an open order's rules call for an action at `at`: a pending fill, a stop, or a trailing stop to move. The
 * decimal rule the tick index's ladders encode (and the test oracle scans with). */
export function firesAt(o: OpenOrder, at: Price): boolean {
  if (o.status === 0) return pendingFills(o.originPrice, o.price, at);
  if (stopHit(o.side, at, o.stopProfit, o.stopLoss) !== null) return true;
  return o.trailDistance !== null && trailedStop(o.side, at, o.trailDistance, o.stopLoss) !== null;
}

export interface Exposure {
  id: number;
  floating: Usd;
}

/** Stop-out closes the largest loss first (most negative floating P&L); ties by the oldest order id. */
export function stopOutQueue(positions: readonly Exposure[]): Exposure[] {
  return [...positions].sort((a, b) => a.floating.comparedTo(b.floating) || a.id - b.id);
}

/** True when the account's risk rate (equity / used margin) is at or below the stop-out level. `margin` is the open
 * orders' margin, not lock_balance (which also freezes pending withdrawals). */
export function belowStopOut(balance: Usd, margin: Usd, floating: Usd, level: Ratio = STOP_OUT_LEVEL): boolean {
  const r = riskRate({ balance, lockBalance: margin, floating });
  return r !== null && r.lte(level);
}

/** The P&L a close realises: the position's P&L, but a loss never takes more than the account holds once this
 * order's margin is released (available + margin), so a gap cannot push the balance below zero. */
export function cappedRealised(pnl: Usd, available: Usd, margin: Usd): Usd {
  const holds = available.plus(margin);
  return pnl.lt(holds.neg()) ? usd(holds.neg()) : pnl;
}
