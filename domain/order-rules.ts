// The order ticket's rules shared by the app (as the user types) and the server (the authority): the lot limits, a
// pending order's kind, pips, where a ticked stop or a pending target starts, and which side a stop must be on.
// Pure, exact decimals; prices and lots are decimal strings.
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

/** The instrument's lot limits (ForexMinCont, Pip) with the absolute maximum; a missing step is 1, a missing minimum the step. */
export function lotsRule(minLots: string, pip: string): LotsRule {
  const step = isDecimalText(pip) && dec(pip).gt(0) ? pip : '1';
  const min = isDecimalText(minLots) && dec(minLots).gt(0) ? minLots : step;
  return { min, step, max: MAX_LOTS };
}

/** Whether a positive lot count keeps the rule: at least the minimum, at most the maximum, on the step. */
export function lotsKeepRule(quantity: Dec, rule: LotsRule): boolean {
  return quantity.gte(rule.min) && quantity.lte(rule.max) && quantity.mod(rule.step).isZero();
}

/** A pending order's kind (as MT5 names them): a buy below the market or a sell above it waits for a better price
 * (limit); a buy above or a sell below waits for the move to go on (stop). Null at the market price. */
export type PendingKind = 'limit' | 'stop';
export function pendingKind(side: Side, target: string, current: string): PendingKind | null {
  if (!isDecimalText(target) || !isDecimalText(current)) return null;
  const t = dec(target);
  if (t.eq(current)) return null;
  const below = t.lt(current);
  return (side === 'buy') === below ? 'limit' : 'stop';
}

/** One pip at a price precision: the fourth decimal of a 5-decimal quote (EUR/USD 0.0001), the second of a
 * 3-decimal one (USD/JPY 0.01); for other precisions, the last quoted digit (gold and crypto at 2: 0.01). */
export function pipSize(precision: number): Dec {
  const places = precision >= 3 && precision % 2 === 1 ? precision - 1 : precision;
  return dec(10).pow(-places);
}

/** The distance between two prices in pips, one decimal ("54.0"); null when either is not a price. */
export function pipsBetween(a: string | null, b: string | null, precision: number): string | null {
  if (!isDecimalText(a) || !isDecimalText(b)) return null;
  return fixed(dec(a).minus(b).abs().div(pipSize(precision)), 1);
}

/** How far from the price a ticked stop or a new pending target starts: half a percent, in whole pips, at least one.
 * Far enough that the next ticks do not put it on the wrong side; the trader moves it from there. */
export const START_FRACTION = '0.005';

function startDistance(ref: Dec, precision: number): Dec {
  const pip = pipSize(precision);
  const pips = ref.times(START_FRACTION).div(pip).floor();
  return (pips.lt(1) ? dec(1) : pips).times(pip);
}

/** Where a stop starts when its box is ticked: on its valid side of `ref` (the price, or a pending order's target). */
export function stopStart(side: Side, kind: 'profit' | 'loss', ref: string, precision: number): string {
  if (!isDecimalText(ref) || dec(ref).lte(0)) return '';
  const r = dec(ref);
  const above = (side === 'buy') === (kind === 'profit');
  const d = startDistance(r, precision);
  const at = above ? r.plus(d) : r.minus(d);
  return at.gt(0) ? fixed(at, precision) : '';
}

/** Where a pending order's target starts: a limit (a buy below the price, a sell above it). */
export function targetStart(side: Side, current: string, precision: number): string {
  return stopStart(side, 'loss', current, precision);
}

/** The side rule of one stop against its reference price (a buy's stop-loss below and stop-profit above, mirrored
 * for a sell), as the errors.* key the server answers; null when kept. The server's submit check and the form's
 * check as typed both call this. */
export function stopSideProblem(side: Side, kind: 'profit' | 'loss', ref: Dec, stop: Dec): string | null {
  if (side === 'buy') {
    if (kind === 'loss') return stop.lt(ref) ? null : 'stop_loss_below';
    return stop.gt(ref) ? null : 'stop_profit_above';
  }
  if (kind === 'loss') return stop.gt(ref) ? null : 'stop_loss_above';
  return stop.lt(ref) ? null : 'stop_profit_below';
}

/** stopSideProblem on the form's typed text; null while either is not a number yet (the field's own rule says so). */
export function stopSideKey(side: Side, kind: 'profit' | 'loss', ref: string, stop: string): string | null {
  if (!isDecimalText(ref) || !isDecimalText(stop)) return null;
  return stopSideProblem(side, kind, dec(ref), dec(stop));
}

/** What a partial close left open: the held lots less the closed ones, as a plain decimal. */
export function lotsLeft(held: string, closed: string): string {
  return dec(held).minus(closed).toFixed();
}

/** Lots on the step at or below `raw` ("0.37" for 0.379 with step 0.01); "0" when nothing fits. */
function floorToStep(raw: Dec, step: string): string {
  const steps = raw.div(step).floor();
  const places = step.includes('.') ? step.length - step.indexOf('.') - 1 : 0;
  return fixed(steps.lt(0) ? dec(0) : steps.times(step), places);
}

/** Size by notional: the lots whose value (lots × units per lot × price) is at most `usd`. */
export function lotsForNotional(usd: string, price: string, unitsPerLot: string, step: string): string | null {
  if (!isDecimalText(usd) || !isDecimalText(price) || !isDecimalText(unitsPerLot)) return null;
  const perLot = dec(price).times(unitsPerLot);
  return perLot.gt(0) ? floorToStep(dec(usd).div(perLot), step) : null;
}

/** Size by risk: the lots that lose at most `percent` % of `equity` if the price goes from `entry` to
 * `stop` (loss per lot = units per lot × the distance). Null without a stop at a distance. */
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

/** The risk cap when none is configured (the `risk_cap_percent` setting): 10 % of equity, as real tickets cap it. */
export const DEFAULT_RISK_CAP_PERCENT = '10';

/** A risk cap's text: up to 3 digits and 2 decimals. */
const RISK_CAP_TEXT = decimalRe({ whole: 3, places: 2 });

/** Whether an operator may set the risk cap to `text`: a percentage above 0 and at most 100, up to 2 decimals. */
export function isRiskCapText(text: string): boolean {
  return RISK_CAP_TEXT.test(text) && dec(text).gt(0) && dec(text).lte(100);
}

/** The risk cap the app applies: the setting when it is a number in (0, 100], 100 when above, else the default. */
export function riskCapPercent(setting: string | null | undefined): string {
  const text = (setting ?? '').trim();
  if (!isDecimalText(text) || dec(text).lte(0)) return DEFAULT_RISK_CAP_PERCENT;
  return dec(text).gt(100) ? '100' : text;
}

/**
 * The trailing distance of an order, null when it has none ("0" or absent: an answer from a server without trailing
 * stops).
 */
export function trailOf(order: Pick<Order, 'TrailDistance'>): string | null {
  const v = order.TrailDistance;
  return isDecimalText(v) && !dec(v).isZero() ? v : null;
}
