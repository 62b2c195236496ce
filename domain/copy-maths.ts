// The copy-trading rules (docs/copy-trading.md), shared so the copy sheet previews exactly what the server books.
import { ProjectDecimal, dec, roundDown, type Dec, type DecInput } from './decimal.ts';
import type { Side } from './trade-maths.ts';

export const MULTIPLIER_MIN = '0.1';
export const MULTIPLIER_MAX = '3';
export const STOP_LOSS_MIN = 5;
export const STOP_LOSS_MAX = 95;
export const STOP_LOSS_DEFAULT = 40;
export const FEE_MAX = 30;
export const MIN_COPY_AMOUNT = '100';
export const SLIPPAGE_DEFAULT = '1';

export interface LotRule {
  min: DecInput;
  step: DecInput;
  max: DecInput;
}

export interface SizingInput {
  providerLots: DecInput;
  providerEquity: DecInput;
  copyEquity: DecInput;
  multiplier: DecInput;
  /** The copied notional never exceeds cap × copy equity. */
  leverageCap: number;
  contractSize: DecInput;
  price: DecInput;
  lots: LotRule;
}

export type Sized = { ok: true; lots: Dec } | { ok: false; reason: 'below_min_lot'; wanted: Dec };

/** Never up: a copy never takes more than its share. */
export function floorToStep(v: DecInput, step: DecInput): Dec {
  const s = dec(step);
  if (s.lte(0)) return dec(v);
  return dec(v).div(s).floor().times(s);
}

/** Below the minimum it is a skip, reporting the lots it would have been. */
export function copiedLots(s: SizingInput): Sized {
  const providerEquity = dec(s.providerEquity);
  const copyEquity = dec(s.copyEquity);
  if (providerEquity.lte(0) || copyEquity.lte(0)) return { ok: false, reason: 'below_min_lot', wanted: dec(0) };
  const raw = dec(s.providerLots).times(copyEquity).div(providerEquity).times(s.multiplier);
  const unit = dec(s.contractSize).times(s.price);
  const byLeverage = unit.gt(0) ? copyEquity.times(s.leverageCap).div(unit) : raw;
  const capped = ProjectDecimal.min(raw, byLeverage, dec(s.lots.max));
  const stepped = floorToStep(capped, s.lots.step);
  if (stepped.lt(dec(s.lots.min))) return { ok: false, reason: 'below_min_lot', wanted: stepped };
  return { ok: true, lots: stepped };
}

/** null: none offered. */
export function copiedMultiple(providerMultiple: number, offered: readonly number[], cap: number): number | null {
  if (providerMultiple === 0) return 0; // fixed margin: no leverage to pick
  if (providerMultiple <= cap) return providerMultiple;
  const fits = offered.filter((m) => m <= cap);
  return fits.length === 0 ? null : Math.max(...fits);
}

/** All of it (null) when the rest would fall below the minimum lot or nothing would be left. */
export function copiedPartLots(held: DecInput, closed: DecInput, providerHeld: DecInput, rule: LotRule): Dec | null {
  const part = floorToStep(dec(held).times(closed).div(providerHeld), rule.step);
  const rest = dec(held).minus(part);
  if (rest.lt(dec(rule.min)) || rest.lte(0)) return null;
  if (part.lt(dec(rule.min))) return dec(0); // nothing closable at this size: the link keeps its lots
  return part;
}

/** Only the follower's disfavour counts (a buy dearer, a sell cheaper): a better price is never skipped. */
export function slipped(side: Side, providerPrice: DecInput, followerPrice: DecInput, percent: DecInput): boolean {
  const p = dec(providerPrice);
  const worse = side === 'buy' ? dec(followerPrice).minus(p) : p.minus(dec(followerPrice));
  return worse.gt(p.times(percent).div(100));
}

/** The same distance from the follower's entry as the provider's from theirs. */
export function sameDistance(stop: DecInput, providerEntry: DecInput, followerEntry: DecInput): Dec | null {
  const s = dec(stop);
  if (s.isZero()) return null;
  const moved = s.minus(providerEntry).plus(followerEntry);
  return moved.gt(0) ? moved : null;
}

export function stopLossLevel(netInvested: DecInput, percent: number): Dec {
  return dec(netInvested)
    .times(100 - percent)
    .div(100);
}

export interface FeeSettlement {
  fee: Dec;
  mark: Dec;
}

/** The fee is only on gains above the high-water mark, which rises to the equity after the fee. */
export function performanceFee(equity: DecInput, mark: DecInput, feePercent: number): FeeSettlement {
  const gain = dec(equity).minus(mark);
  if (gain.lte(0) || feePercent === 0) return { fee: dec(0), mark: dec(mark) };
  const fee = roundDown(gain.times(feePercent).div(100), 2);
  return { fee, mark: dec(equity).minus(fee) };
}

export function markAfterWithdrawal(mark: DecInput, amount: DecInput, equity: DecInput): Dec {
  const e = dec(equity);
  if (e.lte(0)) return dec(0);
  return roundDown(dec(mark).minus(dec(mark).times(amount).div(e)), 8);
}
