// docs/contract.md §9, shared by the server and the worker's previews so that a preview equals what is booked.
import { dec, fixed, halfUp, type Dec, type DecInput } from './decimal.ts';
import { MONEY_PLACES, RATIO_PLACES } from './numerics/places.ts';
import { usd, ratio, type Lots, type Price, type Ratio, type Usd } from './units.ts';

export interface ContractSpec {
  MarginMode: number; // 1 = fixed margin per lot, otherwise leveraged
  ForexContNum: string; // units per lot
  ForexFeeRate: string;
}

export const FIXED_MARGIN_MODE = 1;
export const FEE_TYPE_PER_LOT = 1;

/** One rounding rule (half away from zero) at MONEY_PLACES for every money figure, so server and preview agree. */
export function money(v: Dec): Usd {
  return usd(halfUp(v, MONEY_PLACES));
}

export function ratioText(v: DecInput): string {
  return fixed(v, RATIO_PLACES);
}

/** docs/contract.md §9 */
export function margin(spec: ContractSpec, quantity: Lots, atPrice: Price, leverage: number): Usd {
  const units = quantity.times(dec(spec.ForexContNum));
  if (spec.MarginMode === FIXED_MARGIN_MODE) return usd(units);
  if (!(leverage > 0)) throw new RangeError('a leveraged margin needs a positive multiplier');
  return usd(units.times(atPrice).div(leverage));
}

/** docs/contract.md §9 */
export function fee(spec: ContractSpec, quantity: Lots, marginUsd: Usd, tradeFeeType: number): Usd {
  const rate = dec(spec.ForexFeeRate);
  return usd(tradeFeeType === FEE_TYPE_PER_LOT ? quantity.times(rate) : marginUsd.times(rate));
}

export interface OrderAmounts {
  margin: Usd;
  fee: Usd;
}

/** The fee comes from the rounded margin, as the server books it, so a preview never differs by a digit. */
export function orderAmounts(
  spec: ContractSpec,
  quantity: Lots,
  atPrice: Price,
  leverage: number,
  tradeFeeType: number,
): OrderAmounts {
  const m = money(margin(spec, quantity, atPrice, leverage));
  return { margin: m, fee: money(fee(spec, quantity, m, tradeFeeType)) };
}

export type Side = 'buy' | 'sell';
/** As the wire and the orders table store it. */
export const sideOf = (orderType: number): Side => (orderType === 1 ? 'buy' : 'sell');
export const orderTypeOf = (side: Side): 1 | 2 => (side === 'buy' ? 1 : 2);

/** No spread: one price. */
export function pnl(spec: ContractSpec, side: Side, quantity: Lots, openPrice: Price, current: Price): Usd {
  const move = current.minus(openPrice);
  const signed = side === 'buy' ? move : move.neg();
  return usd(signed.times(quantity).times(dec(spec.ForexContNum)));
}

/** Rounded per position before any total, as it is shown. */
export function positionPnl(spec: ContractSpec, side: Side, quantity: Lots, openPrice: Price, current: Price): Usd {
  return money(pnl(spec, side, quantity, openPrice, current));
}

/** The rest keeps exactly amount − share, so the two always add up to the amount. */
export function proRata(amount: Usd, part: Lots, whole: Lots): { part: Usd; rest: Usd } {
  const share = money(amount.times(part).div(whole));
  return { part: share, rest: usd(amount.minus(share)) };
}

/** Each position already rounded by positionPnl. */
export function sumMoney(values: Iterable<Usd>): Usd {
  let total = dec(0);
  for (const v of values) total = total.plus(v);
  return usd(total);
}

export interface AccountFigures {
  balance: Usd; // margins already moved out to lock_balance
  lockBalance: Usd;
  floating: Usd;
}

export function equity(a: AccountFigures): Usd {
  return usd(a.balance.plus(a.lockBalance).plus(a.floating));
}

/** A ratio, 1 = 100 %; null when nothing is held. */
export function riskRate(a: AccountFigures): Ratio | null {
  if (a.lockBalance.lte(0)) return null;
  return ratio(equity(a).div(a.lockBalance));
}

/** At or below this risk rate the engine closes positions, largest loss first. */
export const STOP_OUT_LEVEL: Ratio = ratio('0.5');

/** ≤ 0 at or below the stop-out. */
export function stopOutDistance(equityUsd: Usd, margin: Usd): Usd {
  return usd(equityUsd.minus(margin.times(STOP_OUT_LEVEL)));
}

/** Margin and fee leave the available balance in one move (server/ledger/ledger.ts), so both must fit. */
export function orderCostExceeds(available: Usd, margin: Usd, fee: Usd): boolean {
  return margin.plus(fee).gt(available);
}

export function netValue(cautionMoney: Usd, floating: Usd): Usd {
  return usd(cautionMoney.plus(floating));
}

/** For leveraged mode this is 1 / multiplier. */
export function prepaymentRatio(spec: ContractSpec, quantity: Lots, openPrice: Price, cautionMoney: Usd): Ratio {
  const notional = quantity.times(dec(spec.ForexContNum)).times(openPrice);
  return ratio(notional.isZero() ? dec(0) : cautionMoney.div(notional));
}

export function orderRiskRate(cautionMoney: Usd, floating: Usd): Ratio | null {
  if (cautionMoney.lte(0)) return null;
  return ratio(cautionMoney.plus(floating).div(cautionMoney));
}

/** docs/contract.md §5 */
export function canDecreaseLots(quantity: Lots, step: string): boolean {
  return quantity.minus(dec(step)).gt(0);
}
