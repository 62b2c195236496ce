// Pure checks and sums for a submit (docs/contract.md §5, §9): every rejection with its errors.* key, and the margin and fee
// the order will hold. Nothing here touches the database; the balance check is the ledger's, inside the transaction.
import { dec, exactText, isDecimalText } from '../../domain/decimal.ts';
import { FIXED_MARGIN_MODE, orderAmounts, sideOf, type Side } from '../../domain/trade-maths.ts';
import { MAX_LOTS } from '../../domain/order-rules.ts';
import { lots, price, type Lots, type Price, type Usd } from '../../domain/units.ts';
import { ApiError } from '../http/envelope.ts';
import { placesOf } from './amounts.ts';
import { stopSideError } from './triggers.ts';
import type { EngineInstrument } from './types.ts';

export { MAX_LOTS };
/** A pending target must lie within this factor of the current price (either way). */
export const TARGET_BAND = 2;
/** A stop price must lie within this factor of its reference price (either way). */
export const STOP_BAND = 10;

export interface SubmitInput {
  type: number; // 1 buy up, 2 buy low
  cont: string; // lots
  status: number; // 1 market, 0 pending
  target_price: string;
  stop_loss_price: string;
  target_profit_price: string;
  multiple: number;
  /** A pending order's expiry: "gtc" or none, "day", or "YYYY-MM-DD" (pending-expiry.ts expiryOf). */
  expire?: string;
}

export interface SubmitPlan {
  orderType: 1 | 2;
  side: Side;
  status: 0 | 1;
  quantity: Lots;
  multiple: number; // 0 in fixed-margin mode
  price: Price; // open price (market) or target price (pending)
  originPrice: Price; // the current price at submit
  margin: Usd;
  fee: Usd;
  stopProfit: Price | null;
  stopLoss: Price | null;
}

const reject = (key: string, params: Record<string, string | number> = {}): never => {
  throw new ApiError(key, undefined, params);
};

function withinBand(p: Price, ref: Price, band: number): boolean {
  return p.gte(ref.div(band)) && p.lte(ref.times(band));
}

/** A price parameter: "" or "0" is none (null); otherwise a positive decimal at the instrument's precision. */
export function optionalPrice(text: string, inst: EngineInstrument, invalidKey: string): Price | null {
  const t = text.trim();
  if (t === '' || (isDecimalText(t) && dec(t).isZero())) return null;
  if (!isDecimalText(t) || dec(t).lte(0)) return reject(invalidKey);
  if (placesOf(t) > inst.pricePrecision) return reject('price_precision', { places: inst.pricePrecision });
  return price(t);
}

/** Validates stops against a reference price: positive, sane, and on the correct side. */
export function checkStops(side: Side, ref: Price, stopProfit: Price | null, stopLoss: Price | null): void {
  for (const s of [stopProfit, stopLoss]) if (s && !withinBand(s, ref, STOP_BAND)) reject('stop_price_far');
  const sideError = stopSideError(side, ref, stopProfit, stopLoss);
  if (sideError) reject(sideError);
}

function checkLots(text: string, inst: EngineInstrument): Lots {
  const t = text.trim();
  if (!isDecimalText(t) || dec(t).lte(0)) return reject('lots_invalid');
  const q = lots(t);
  if (q.gt(MAX_LOTS)) return reject('lots_too_large', { max: MAX_LOTS });
  if (q.lt(dec(inst.minLots))) return reject('lots_below_min', { min: inst.minLots });
  const step = dec(inst.pip);
  if (step.gt(0) && !q.mod(step).isZero()) return reject('lots_step', { step: inst.pip });
  return q;
}

/** The lots of a partial close: empty, or all the lots, is a full close (null). Otherwise a plain positive
 * decimal on the lot step, at least the minimum, and leaving at least the minimum open. */
export function closeLots(text: string, held: Lots, inst: EngineInstrument): Lots | null {
  const t = text.trim();
  if (t === '') return null;
  if (!isDecimalText(t) || dec(t).lte(0)) return reject('lots_invalid');
  const q = lots(t);
  if (q.gt(held)) return reject('close_lots_too_many', { max: exactText(held) });
  if (q.eq(held)) return null;
  const step = dec(inst.pip);
  if (step.gt(0) && !q.mod(step).isZero()) return reject('lots_step', { step: inst.pip });
  if (q.lt(dec(inst.minLots))) return reject('lots_below_min', { min: inst.minLots });
  if (held.minus(q).lt(dec(inst.minLots))) return reject('close_rest_below_min', { min: inst.minLots });
  return q;
}

function checkMultiple(requested: number, inst: EngineInstrument): number {
  if (inst.multiples.length === 0) return reject('no_leverage');
  const offered = inst.multiples.includes(requested);
  if (inst.spec.MarginMode === FIXED_MARGIN_MODE) {
    // Fixed margin ignores leverage; a client may still send the picked value, but never an unknown one.
    if (requested !== 0 && !offered) reject('multiple_invalid');
    return 0;
  }
  if (!offered) reject('multiple_invalid');
  return requested;
}

/** Checks a submit against the instrument and the live price; throws ApiError, or returns what to book. */
export function planSubmit(
  input: SubmitInput,
  inst: EngineInstrument,
  /** current: where this order opens (a buy's ask, a sell's bid; docs/trading.md "Bid and ask"); closeAt: where a
   * position of its side would close (a market order's stops are judged against it, so none fires at once). */
  market: { open: boolean; current: Price | null; closeAt?: Price | null },
  tradeFeeType: number,
): SubmitPlan {
  if (!market.open) return reject('market_closed');
  const current = market.current;
  if (!current || current.lte(0)) return reject('no_price');
  if (input.type !== 1 && input.type !== 2) return reject('order_type_invalid');
  if (input.status !== 0 && input.status !== 1) return reject('order_status_invalid');
  const multiple = checkMultiple(input.multiple, inst);
  const quantity = checkLots(input.cont, inst);
  const side = sideOf(input.type);

  let at: Price = current;
  if (input.status === 0) {
    const target = optionalPrice(input.target_price, inst, 'target_price_invalid');
    if (!target) return reject('price_required');
    if (!withinBand(target, current, TARGET_BAND)) return reject('target_price_far');
    if (target.eq(current)) return reject('target_price_at_market');
    at = target;
  }
  const stopProfit = optionalPrice(input.target_profit_price, inst, 'stop_price_invalid');
  const stopLoss = optionalPrice(input.stop_loss_price, inst, 'stop_price_invalid');
  // A pending order's stops are judged against where it will open: its target; a market order's against its
  // closing side.
  checkStops(side, input.status === 0 ? at : (market.closeAt ?? at), stopProfit, stopLoss);

  const { margin: m, fee: f } = orderAmounts(inst.spec, quantity, at, multiple, tradeFeeType);
  if (m.lte(0)) return reject('lots_invalid');
  return {
    orderType: input.type,
    side,
    status: input.status,
    quantity,
    multiple,
    price: at,
    originPrice: current,
    margin: m,
    fee: f,
    stopProfit,
    stopLoss,
  };
}
