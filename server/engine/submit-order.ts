// A new order's every rule, checked once inside its transaction in the order of docs/trading.md "Submit".
import type { Services } from '../core/services.ts';
import { FIXED_MARGIN_MODE, orderAmounts, orderTypeOf, type Side } from '../../domain/trade-maths.ts';
import { DAY_MS } from '../../domain/time.ts';
import type { Order } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';
import type { AccountBalance } from '../ledger/ledger.ts';
import { checkRetailOrder } from '../retail/retail-terms.ts';
import { getSetting } from '../settings/settings.ts';
import { checkSameParams, claimKey, saveAnswer, storedAnswer } from './idempotency.ts';
import type { KnownInstruments } from './known-instruments.ts';
import { toWireOrder } from './order-wire.ts';
import { closeSide, openSide } from './sides.ts';
import { openOrder, type Committed } from './transitions.ts';
import type { EngineInstrument, SubmitPlan } from './types.ts';
import { dec, exactText, isDecimalText } from '../../domain/decimal.ts';
import { MAX_LOTS } from '../../domain/order-rules.ts';
import { placesWritten } from '../../domain/numerics/parse.ts';
import { lots, price, type Lots, type Price } from '../../domain/units.ts';
import { ApiError } from '../http/envelope.ts';
import { stopSideError } from './triggers.ts';
import { parseUtcTime } from '../market/closures/closure-window.ts';

export interface Submission {
  userId: number;
  inst: EngineInstrument;
  input: SubmitInput;
  idemKey: string | null;
  params: string;
}

/** Replays the first answer when the idempotency key was already used with the same parameters. */
export async function submitInTx(
  q: Queryable,
  deps: Pick<Services, 'clock' | 'market'> & { instruments: KnownInstruments },
  s: Submission,
): Promise<{ replay: Order } | { done: Committed; order: Order }> {
  const { userId, inst, input, idemKey, params } = s;
  const now = deps.clock.now();
  // Claiming the key first makes a concurrent retry wait here until this transaction ends.
  if (idemKey && !(await claimKey(q, userId, idemKey, params, now))) {
    const stored = await storedAnswer(q, userId, idemKey);
    if (!stored) throw new Error('idempotency key claimed without an answer');
    checkSameParams(stored, params);
    return { replay: stored.first };
  }
  // Refused before anything is locked: an instrument taken off the list, or halted or stale on the price desk.
  if (inst.tradable === false) throw new ApiError('instrument_not_found');
  deps.instruments.refuseOnBlock(inst.code);
  // The account's row lock, held to the end of the submit: parallel submits of one user cannot all pass the cap.
  await lockAccounts(q, [userId]);
  // docs/retail-protection.md: every new order, demo or real, passes the retail rules.
  const multiples = await checkRetailOrder(q, userId, inst, input.leverage, inst.spec.MarginMode === FIXED_MARGIN_MODE);
  const tradeFeeType = Number(await getSetting(q, 'trade_fee_type'));
  // One quote for the whole submit: the price it opens at and the side it is shown at come from the same tick.
  const sides = deps.instruments.currentSides(inst);
  const side = input.side;
  const plan = planSubmit(
    input,
    { ...inst, multiples },
    {
      open: deps.market.isOpen(inst.code),
      current: sides && openSide(side, sides),
      closeAt: sides && closeSide(side, sides),
    },
    tradeFeeType,
  );
  // A malformed expiry is refused even on a market order, never silently ignored (docs/trading.md "Submit").
  const expiresAt = expiryOf(input.expire, now, plan.status === 0);
  await checkOpenOrderCap(q, userId);
  const done = await openOrder(q, userId, inst, plan, now);
  if (expiresAt > 0) {
    await q.query('UPDATE orders SET expires_at = $1 WHERE id = $2 AND status = 0', [expiresAt, done.row.id]);
    done.row = { ...done.row, expiresAt };
  }
  // A position is shown at its closing side at once (a buy bought at the ask shows its P&L at the bid).
  const shown = plan.status === 1 && sides ? closeSide(plan.side, sides) : plan.originPrice;
  const order = toWireOrder(done.row, inst, shown);
  if (idemKey) await saveAnswer(q, userId, idemKey, order);
  return { done, order };
}

/** A pending target must lie within this factor of the current price (either way). */
export const TARGET_BAND = 2;
/** A stop price must lie within this factor of its reference price (either way). */
export const STOP_BAND = 10;

/** In the glossary's words; the route translates the contract's query (server/http/wire/submit-query.ts). */
export interface SubmitInput {
  side: Side;
  lots: string;
  status: number; // 1 market, 0 pending
  targetPrice: string; // a pending order's price; "0" none
  stopLossPrice: string; // "0" none
  takeProfitPrice: string; // "0" none
  leverage: number; // 0 in fixed-margin mode
  /** A pending order's expiry: "gtc" or none, "day", or "YYYY-MM-DD" (pending-expiry.ts expiryOf). */
  expire?: string;
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
  if (placesWritten(t) > inst.pricePrecision) return reject('price_precision', { places: inst.pricePrecision });
  return price(t);
}

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

/** Empty or all the lots is a full close (null); otherwise on the lot step, leaving at least the minimum open. */
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

function checkLeverage(requested: number, inst: EngineInstrument): number {
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

/** A pending order's price, new or moved: given, within the band around the current price, and not at it. */
export function checkTarget(text: string, inst: EngineInstrument, current: Price): Price {
  const target = optionalPrice(text, inst, 'target_price_invalid');
  if (!target) return reject('price_required');
  if (!withinBand(target, current, TARGET_BAND)) return reject('target_price_far');
  if (target.eq(current)) return reject('target_price_at_market');
  return target;
}

export function planSubmit(
  input: SubmitInput,
  inst: EngineInstrument,
  /** current: where this order opens; closeAt: where it would close, so a market order's stops never fire at once. */
  market: { open: boolean; current: Price | null; closeAt?: Price | null },
  tradeFeeType: number,
): SubmitPlan {
  if (!market.open) return reject('market_closed');
  const current = market.current;
  if (!current || current.lte(0)) return reject('no_price');
  if (input.status !== 0 && input.status !== 1) return reject('order_status_invalid');
  const leverage = checkLeverage(input.leverage, inst);
  const quantity = checkLots(input.lots, inst);
  const side = input.side;

  const at = input.status === 0 ? checkTarget(input.targetPrice, inst, current) : current;
  const stopProfit = optionalPrice(input.takeProfitPrice, inst, 'stop_price_invalid');
  const stopLoss = optionalPrice(input.stopLossPrice, inst, 'stop_price_invalid');
  // A pending order's stops are judged against its target; a market order's against its closing side.
  checkStops(side, input.status === 0 ? at : (market.closeAt ?? at), stopProfit, stopLoss);

  const { margin: m, fee: f } = orderAmounts(inst.spec, quantity, at, leverage, tradeFeeType);
  if (m.lte(0)) return reject('lots_invalid');
  return {
    orderType: orderTypeOf(side),
    side,
    status: input.status,
    quantity,
    leverage,
    price: at,
    originPrice: current,
    margin: m,
    fee: f,
    stopProfit,
    stopLoss,
  };
}

/** Every open order is watched by the trigger index on every tick, so one account must not load it without bound. */
export const MAX_OPEN_ORDERS = 200;

/** In user-id order, so two batches over overlapping accounts queue instead of deadlocking. */
export async function lockAccounts(q: Queryable, userIds: readonly number[]): Promise<Map<number, AccountBalance>> {
  const rows = await q.query<AccountBalance & { user_id: number }>(
    `SELECT user_id, balance, lock_balance FROM accounts WHERE user_id = ANY($1::int[]) ORDER BY user_id FOR UPDATE`,
    [[...userIds].sort((a, b) => a - b)],
  );
  return new Map(rows.map((r) => [r.user_id, { balance: r.balance, lock_balance: r.lock_balance }]));
}

export async function openOrderCounts(q: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await q.query<{ user_id: number; n: string }>(
    `SELECT user_id, count(*)::text AS n FROM orders WHERE user_id = ANY($1::int[]) AND status IN (0, 1)
      GROUP BY user_id`,
    [userIds],
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

/** Run under the account's lock, or parallel submits could all pass the cap. */
export async function checkOpenOrderCap(q: Queryable, userId: number, max: number = MAX_OPEN_ORDERS): Promise<void> {
  const n = (await openOrderCounts(q, [userId])).get(userId) ?? 0;
  if (n >= max) throw new ApiError('too_many_open_orders', undefined, { max });
}

export const MAX_EXPIRY_DAYS = 365;

/** The ms epoch an `expire` parameter asks for at `now`; 0 = good till cancelled, or a market order's (form only). */
export function expiryOf(text: string | undefined, now: number, pending = true): number {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '' || t === 'gtc' || (t === 'day' && !pending)) return 0;
  if (t === 'day') return (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  // A date that does not exist (2026-02-31) is refused, not moved to March.
  const start = parseUtcTime(`${t}T00:00Z`);
  if (start === null) throw new ApiError('expiry_invalid');
  const end = start + DAY_MS;
  if (!pending) return 0;
  if (end <= now) throw new ApiError('expiry_past');
  if (end - now > MAX_EXPIRY_DAYS * DAY_MS) throw new ApiError('expiry_too_far', undefined, { days: MAX_EXPIRY_DAYS });
  return end;
}
