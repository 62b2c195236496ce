// The order ticket's rules, shared so the app checks as the user types what the server enforces. Exact decimals.
import { dec, fixed, isDecimalText, type Dec } from './decimal.ts';
import type { Side } from './trade-maths.ts';
import type { Order } from './types.ts';
import { decimalRe } from './numerics/decimal-pattern.ts';

/** Lots above this are refused as absurd whatever the balance. */
export const MAX_LOTS = '10000';

export interface LotsRule {
  min: string;
  step: string;
  max: string;
}

/** A missing step is 1, a missing minimum the step. */
export function lotsRule(minLots: string, pip: string): LotsRule {
  const step = isDecimalText(pip) && dec(pip).gt(0) ? pip : '1';
  const min = isDecimalText(minLots) && dec(minLots).gt(0) ? minLots : step;
  return { min, step, max: MAX_LOTS };
}

/** A part can be closed only when both it and the rest can be at least the minimum. */
export function canCloseInPart(held: string, rule: LotsRule): boolean {
  return dec(held).gte(dec(rule.min).times(2));
}

export function lotsKeepRule(quantity: Dec, rule: LotsRule): boolean {
  return quantity.gte(rule.min) && quantity.lte(rule.max) && quantity.mod(rule.step).isZero();
}

/** MT5's names: a buy below the market waits for a better price (limit), a buy above for the move to go on (stop). */
export type PendingKind = 'limit' | 'stop';
export function pendingKind(side: Side, target: string, current: string): PendingKind | null {
  if (!isDecimalText(target) || !isDecimalText(current)) return null;
  const t = dec(target);
  if (t.eq(current)) return null;
  const below = t.lt(current);
  return (side === 'buy') === below ? 'limit' : 'stop';
}

/** The fourth decimal of a 5-decimal quote, the second of a 3-decimal one; otherwise the last quoted digit. */
export function pipSize(precision: number): Dec {
  const places = precision >= 3 && precision % 2 === 1 ? precision - 1 : precision;
  return dec(10).pow(-places);
}

export function pipsBetween(a: string | null, b: string | null, precision: number): string | null {
  if (!isDecimalText(a) || !isDecimalText(b)) return null;
  return fixed(dec(a).minus(b).abs().div(pipSize(precision)), 1);
}

/** Far enough that the next ticks do not put it on the wrong side; the trader moves it from there. */
export const START_FRACTION = '0.005';

function startDistance(ref: Dec, precision: number): Dec {
  const pip = pipSize(precision);
  const pips = ref.times(START_FRACTION).div(pip).floor();
  return (pips.lt(1) ? dec(1) : pips).times(pip);
}

/** `ref` is the price, or a pending order's target. */
export function stopStart(side: Side, kind: 'profit' | 'loss', ref: string, precision: number): string {
  if (!isDecimalText(ref) || dec(ref).lte(0)) return '';
  const r = dec(ref);
  const above = (side === 'buy') === (kind === 'profit');
  const d = startDistance(r, precision);
  const at = above ? r.plus(d) : r.minus(d);
  return at.gt(0) ? fixed(at, precision) : '';
}

/** Shared by the server's submit check and the form's check as typed, so both answer the same errors.* key. */
export function stopSideProblem(side: Side, kind: 'profit' | 'loss', ref: Dec, stop: Dec): string | null {
  if (side === 'buy') {
    if (kind === 'loss') return stop.lt(ref) ? null : 'stop_loss_below';
    return stop.gt(ref) ? null : 'stop_profit_above';
  }
  if (kind === 'loss') return stop.gt(ref) ? null : 'stop_loss_above';
  return stop.lt(ref) ? null : 'stop_profit_below';
}

/** null while either is not a number yet: the field's own rule says so. */
export function stopSideKey(side: Side, kind: 'profit' | 'loss', ref: string, stop: string): string | null {
  if (!isDecimalText(ref) || !isDecimalText(stop)) return null;
  return stopSideProblem(side, kind, dec(ref), dec(stop));
}

export function lotsLeft(held: string, closed: string): string {
  return dec(held).minus(closed).toFixed();
}

function floorToStep(raw: Dec, step: string): string {
  const steps = raw.div(step).floor();
  const places = step.includes('.') ? step.length - step.indexOf('.') - 1 : 0;
  return fixed(steps.lt(0) ? dec(0) : steps.times(step), places);
}

export function lotsForNotional(usd: string, price: string, unitsPerLot: string, step: string): string | null {
  if (!isDecimalText(usd) || !isDecimalText(price) || !isDecimalText(unitsPerLot)) return null;
  const perLot = dec(price).times(unitsPerLot);
  return perLot.gt(0) ? floorToStep(dec(usd).div(perLot), step) : null;
}

/** Null without a stop at a distance: there is no risk to size by. */
export function lotsForRisk(
  equity: string,
  percent: string,
  entry: string,
  stop: string,
  unitsPerLot: string,
  step: string,
): string | null {
  if (![equity, percent, entry, stop, unitsPerLot].every((v) => isDecimalText(v))) return null;
  const lossPerLot = dec(entry).minus(stop).abs().times(unitsPerLot);
  if (lossPerLot.lte(0) || dec(equity).lte(0)) return null;
  return floorToStep(dec(equity).times(percent).div(100).div(lossPerLot), step);
}

/** As real tickets cap it. */
export const DEFAULT_RISK_CAP_PERCENT = '10';

const RISK_CAP_TEXT = decimalRe({ whole: 3, places: 2 });

export function isRiskCapText(text: string): boolean {
  return RISK_CAP_TEXT.test(text) && dec(text).gt(0) && dec(text).lte(100);
}

export function riskCapPercent(setting: string | null | undefined): string {
  const text = (setting ?? '').trim();
  if (!isDecimalText(text) || dec(text).lte(0)) return DEFAULT_RISK_CAP_PERCENT;
  return dec(text).gt(100) ? '100' : text;
}

/** "0" or absent is none: an answer from a server without trailing stops. */
export function trailOf(order: Pick<Order, 'TrailDistance'>): string | null {
  const v = order.TrailDistance;
  return isDecimalText(v) && !dec(v).isZero() ? v : null;
}
