// docs/contract.md §9 margin, fee and P&L as pure functions: the server (authority) and the worker (previews) both call these,
// with the one rounding rule (numerics/round.ts) at money's places (money()) applied at the same points, so a
// preview equals what is booked.
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

/** A money figure: the one rounding rule (numerics/round.ts, half away from zero) at MONEY_PLACES (numerics/places.ts). */
export function money(v: Dec): Usd {
  return usd(halfUp(v, MONEY_PLACES));
}

/** Ratio text: exactly RATIO_PLACES decimals. */
export function ratioText(v: DecInput): string {
  return fixed(v, RATIO_PLACES);
}

/** Margin (docs/contract.md §9): fixed mode = lots × units per lot; leveraged = lots × units per lot × price / leverage. */
export function margin(spec: ContractSpec, quantity: Lots, atPrice: Price, leverage: number): Usd {
  const units = quantity.times(dec(spec.ForexContNum));
  if (spec.MarginMode === FIXED_MARGIN_MODE) return usd(units);
  if (!(leverage > 0)) throw new RangeError('a leveraged margin needs a positive multiplier');
  return usd(units.times(atPrice).div(leverage));
}

/** Handling fee (docs/contract.md §9): trade_fee_type 1 = lots × fee rate, otherwise margin × fee rate. */
export function fee(spec: ContractSpec, quantity: Lots, marginUsd: Usd, tradeFeeType: number): Usd {
  const rate = dec(spec.ForexFeeRate);
  return usd(tradeFeeType === FEE_TYPE_PER_LOT ? quantity.times(rate) : marginUsd.times(rate));
}

export interface OrderAmounts {
  margin: Usd;
  fee: Usd;
}

/**
 * What an order holds and pays, in the order the server books it: the margin rounded first, then the fee computed
 * from that rounded margin and rounded. The worker's preview calls this too, so the two never differ by a digit.
 */
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
/** The side of the contract's order type (1 buy, 2 sell), as the wire and the orders table store it. */
export const sideOf = (orderType: number): Side => (orderType === 1 ? 'buy' : 'sell');
export const orderTypeOf = (side: Side): 1 | 2 => (side === 'buy' ? 1 : 2);

/** P&L of a position: (current − open) × lots × units per lot, negated for a sell. No spread: one price. */
export function pnl(spec: ContractSpec, side: Side, quantity: Lots, openPrice: Price, current: Price): Usd {
  const move = current.minus(openPrice);
  const signed = side === 'buy' ? move : move.neg();
  return usd(signed.times(quantity).times(dec(spec.ForexContNum)));
}

/** A position's P&L as it is shown and summed: rounded per position (money()) before any total. */
export function positionPnl(spec: ContractSpec, side: Side, quantity: Lots, openPrice: Price, current: Price): Usd {
  return money(pnl(spec, side, quantity, openPrice, current));
}

/** A partial close: the share of `amount` (margin, fee) that goes with `part` of `whole` lots, rounded
 * half-up like every amount; the rest keeps exactly amount − share, so the two always add up to the amount. */
export function proRata(amount: Usd, part: Lots, whole: Lots): { part: Usd; rest: Usd } {
  const share = money(amount.times(part).div(whole));
  return { part: share, rest: usd(amount.minus(share)) };
}

/** Sum of per-position P&L (each already rounded by positionPnl): the account's floating P&L. */
export function sumMoney(values: Iterable<Usd>): Usd {
  let total = dec(0);
  for (const v of values) total = total.plus(v);
  return usd(total);
}

/** Price at which a position's P&L equals `target` (negative for a loss): the inverse of `pnl`. */
export function priceForPnl(spec: ContractSpec, side: Side, quantity: Lots, openPrice: Price, target: Usd): Dec {
  const perUnit = target.div(quantity.times(dec(spec.ForexContNum)));
  return side === 'buy' ? openPrice.plus(perUnit) : openPrice.minus(perUnit);
}

export interface AccountFigures {
  balance: Usd; // available cash (margins already moved out to lock_balance)
  lockBalance: Usd; // sum of open margins
  floating: Usd; // sum of floating P&L of holding positions
}

/** Equity = available + locked margin + floating P&L. */
export function equity(a: AccountFigures): Usd {
  return usd(a.balance.plus(a.lockBalance).plus(a.floating));
}

/** Risk rate = equity / used margin (a ratio, 1 = 100 %); null when nothing is held. */
export function riskRate(a: AccountFigures): Ratio | null {
  if (a.lockBalance.lte(0)) return null;
  return ratio(equity(a).div(a.lockBalance));
}

/** Stop-out level: at or below this risk rate the engine closes positions, largest loss first. */
export const STOP_OUT_LEVEL: Ratio = ratio('0.5');

/** How much more the account may lose before the stop-out: equity − margin × STOP_OUT_LEVEL (≤ 0 at or below it). */
export function stopOutDistance(equityUsd: Usd, margin: Usd): Usd {
  return usd(equityUsd.minus(margin.times(STOP_OUT_LEVEL)));
}

/** The server's rule for a new order (its margin locked and fee charged from the available balance in one move,
 * server/ledger/ledger.ts): refused with insufficient_balance when they exceed what is available. */
export function orderCostExceeds(available: Usd, margin: Usd, fee: Usd): boolean {
  return margin.plus(fee).gt(available);
}

/** Per-order figures shown in the order sheet. */
export function netValue(cautionMoney: Usd, floating: Usd): Usd {
  return usd(cautionMoney.plus(floating));
}

/** Prepayment ratio = margin / notional (lots × units × open price); for leveraged mode this is 1 / multiplier. */
export function prepaymentRatio(spec: ContractSpec, quantity: Lots, openPrice: Price, cautionMoney: Usd): Ratio {
  const notional = quantity.times(dec(spec.ForexContNum)).times(openPrice);
  return ratio(notional.isZero() ? dec(0) : cautionMoney.div(notional));
}

/** Per-order risk rate = (margin + floating P&L) / margin. */
export function orderRiskRate(cautionMoney: Usd, floating: Usd): Ratio | null {
  if (cautionMoney.lte(0)) return null;
  return ratio(cautionMoney.plus(floating).div(cautionMoney));
}

/** Lots are valid when ≥ minimum and a whole number of steps (Pip). */
export function lotsValid(quantity: Lots, minLots: string, step: string): boolean {
  const s = dec(step);
  if (quantity.lte(0) || quantity.lt(dec(minLots))) return false;
  return s.lte(0) ? true : quantity.mod(s).isZero();
}

/** docs/contract.md §5: the lot minus button is disabled when quantity − Pip would be zero or less. */
export function canDecreaseLots(quantity: Lots, step: string): boolean {
  return quantity.minus(dec(step)).gt(0);
}
