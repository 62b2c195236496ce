// The order state changes, each inside the caller's transaction: the order row, every money movement through the
// ledger (one financial record per change of the available balance) and the user's next event number commit together.
import { positionPnl, proRata, sideOf } from '../../domain/trade-maths.ts';
import type { CloseReason } from '../../domain/types.ts';
import { lots, price, usd, type Lots, type Price, type Usd } from '../../domain/units.ts';
import { recordAbsorbed } from '../ledger/house-book.ts';
import type { Queryable } from '../db/db.ts';
import { move, moveAll, type AccountBalance, type Movement } from '../ledger/ledger.ts';
import { priceText } from './amounts.ts';
import { nextSeq } from './event-seq.ts';
import {
  advanceTrailStop,
  fillOrder,
  finishOrder,
  insertClosedPart,
  insertOrder,
  shrinkOrder,
  updateStopsAndTrail,
  type NewOrder,
} from './orders-repository.ts';
import { cappedRealised, trailedStop } from './triggers.ts';
import type { EngineInstrument, OrderRow, SubmitPlan } from './types.ts';
import { RecordType } from '../ledger/record-types.ts';
import { exactText } from '../../domain/decimal.ts';

export interface Committed {
  row: OrderRow;
  seq: number;
  /** The account after the last money movement, when money moved. */
  account: AccountBalance | null;
}

/** The ledger memo of a position's money: its records read as that position's. */
export const memoOf = (inst: EngineInstrument, orderId: number): string => `${inst.code} #${orderId}`;

/** Negative-balance protection's other side: the part of the loss the account could not pay, booked as the house's
 * (server/ledger/house-book.ts) in the close's transaction. */
async function bookAbsorbed(q: Queryable, row: OrderRow, full: Usd, realised: Usd, at: number): Promise<void> {
  if (!realised.gt(full)) return;
  const amount = realised.minus(full);
  await recordAbsorbed(q, {
    orderId: row.id,
    userId: row.userId,
    instrumentId: row.instrumentId,
    kind: 'close',
    amount,
    at,
  });
}

/** Thrown inside a transaction when a conditional update found the row already changed: the caller rolls back. */
export class RowChanged extends Error {}

/** The order row a checked submit books. */
export function newOrderOf(userId: number, inst: EngineInstrument, plan: SubmitPlan, now: number): NewOrder {
  const p = inst.pricePrecision;
  return {
    userId,
    instrumentId: inst.id,
    orderType: plan.orderType,
    quantity: exactText(plan.quantity),
    leverage: plan.leverage,
    price: priceText(plan.price, p),
    originPrice: priceText(plan.originPrice, p),
    margin: exactText(plan.margin),
    tradeFee: exactText(plan.fee),
    targetLossPrice: plan.stopLoss ? priceText(plan.stopLoss, p) : '0',
    targetProfitPrice: plan.stopProfit ? priceText(plan.stopProfit, p) : '0',
    status: plan.status,
    now,
  };
}

/** A booked order's money: its margin locked and its fee charged (one moveAll: the same two records and balances
 * as two moves, in two statements instead of four). */
export function openMovements(plan: SubmitPlan, memo: string, at: number): Movement[] {
  const lock: Movement = { balance: plan.margin.neg(), lock: plan.margin, type: RecordType.MARGIN_LOCK, memo, at };
  const fee: Movement = { balance: plan.fee.neg(), type: RecordType.TRADE_FEE, memo, at };
  return plan.fee.gt(0) ? [lock, fee] : [lock];
}

/** Books a checked submit: the order row, its margin locked and its fee charged. */
export async function openOrder(
  q: Queryable,
  userId: number,
  inst: EngineInstrument,
  plan: SubmitPlan,
  now: number,
): Promise<Committed> {
  const row = await insertOrder(q, newOrderOf(userId, inst, plan, now));
  // The ledger refuses (ApiError insufficient_balance) when margin + fee exceed the available balance.
  const account = await moveAll(q, userId, openMovements(plan, memoOf(inst, row.id), now));
  return { row, seq: await nextSeq(q, userId), account };
}

/** Closes a holding order (locked by the caller) at `closePrice`: margin released, P&L realised (capped so a gap
 * never takes the available balance below zero). */
export async function closeHolding(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  closePrice: Price,
  reason: CloseReason,
  now: number,
): Promise<Committed> {
  const memo = memoOf(inst, row.id);
  const margin = usd(row.margin);
  const full = positionPnl(inst.spec, sideOf(row.orderType), lots(row.quantity), price(row.price), closePrice);
  let account = await move(q, row.userId, {
    balance: margin,
    lock: margin.neg(),
    type: RecordType.MARGIN_RELEASE,
    memo,
    at: now,
  });
  // After the release the available balance already includes this margin: cap against it alone.
  const realised = cappedRealised(full, usd(account.balance), usd(0));
  if (!realised.isZero()) {
    account = await move(q, row.userId, { balance: realised, type: RecordType.PROFIT, memo, at: now });
  }
  await bookAbsorbed(q, row, full, realised, now);
  const closed = await finishOrder(q, row.id, 1, {
    updatePrice: priceText(closePrice, inst.pricePrecision),
    factProfits: exactText(realised),
    reason,
    now,
  });
  if (!closed) throw new RowChanged();
  return { row: closed, seq: await nextSeq(q, row.userId), account };
}

export interface PartCommitted {
  /** The position with the rest of its lots (still holding), and its event number. */
  rest: Committed;
  /** The closed part's history row, and its event number. */
  closed: Committed;
}

/** Closes `part` lots of a holding order (locked by the caller) at `closePrice`, in the caller's one transaction: the
 * part's margin share released and its P&L realised (capped as a full close is), the part written as a closed row of
 * its own, and the position shrunk to the rest, whose margin and fee are the exact remainders (trade-maths.ts proRata). */
export async function closePart(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  part: Lots,
  closePrice: Price,
  now: number,
): Promise<PartCommitted> {
  const whole = lots(row.quantity);
  const margin = proRata(usd(row.margin), part, whole);
  const fee = proRata(usd(row.tradeFee), part, whole);
  const rest = await shrinkOrder(q, row.id, {
    quantity: exactText(whole.minus(part)),
    margin: exactText(margin.rest),
    tradeFee: exactText(fee.rest),
    updatePrice: priceText(closePrice, inst.pricePrecision),
  });
  if (!rest) throw new RowChanged();
  // The ledger's memo names the position (its records read as that position's), as a full close's do.
  const memo = memoOf(inst, row.id);
  let account = await move(q, row.userId, {
    balance: margin.part,
    lock: margin.part.neg(),
    type: RecordType.MARGIN_RELEASE,
    memo,
    at: now,
  });
  const full = positionPnl(inst.spec, sideOf(row.orderType), part, price(row.price), closePrice);
  const realised = cappedRealised(full, usd(account.balance), usd(0));
  if (!realised.isZero()) {
    account = await move(q, row.userId, { balance: realised, type: RecordType.PROFIT, memo, at: now });
  }
  await bookAbsorbed(q, row, full, realised, now);
  const closed = await insertClosedPart(q, row, {
    quantity: exactText(part),
    margin: exactText(margin.part),
    tradeFee: exactText(fee.part),
    closePrice: priceText(closePrice, inst.pricePrecision),
    factProfits: exactText(realised),
    now,
  });
  const restSeq = await nextSeq(q, row.userId);
  const closedSeq = await nextSeq(q, row.userId);
  return { rest: { row: rest, seq: restSeq, account }, closed: { row: closed, seq: closedSeq, account } };
}

/** Cancels a pending order (locked by the caller): its margin released and its fee refunded — it never traded. */
export async function cancelPending(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  current: Price | null,
  now: number,
  reason: 'cancel' | 'expired' = 'cancel',
): Promise<Committed> {
  const memo = memoOf(inst, row.id);
  const margin = usd(row.margin);
  const fee = usd(row.tradeFee);
  let account = await move(q, row.userId, {
    balance: margin,
    lock: margin.neg(),
    type: RecordType.MARGIN_RELEASE,
    memo,
    at: now,
  });
  if (fee.gt(0)) account = await move(q, row.userId, { balance: fee, type: RecordType.FEE_REFUND, memo, at: now });
  const closed = await finishOrder(q, row.id, 0, {
    updatePrice: current ? priceText(current, inst.pricePrecision) : row.updatePrice,
    factProfits: '0',
    reason,
    now,
  });
  if (!closed) throw new RowChanged();
  return { row: closed, seq: await nextSeq(q, row.userId), account };
}

/** A pending order opens at the fill price; its margin and fee stay as locked and charged when it was placed. */
export async function fillPending(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  fillPrice: Price,
  now: number,
): Promise<Committed> {
  const filled = await fillOrder(q, row.id, priceText(fillPrice, inst.pricePrecision), now);
  if (!filled) throw new RowChanged();
  return { row: filled, seq: await nextSeq(q, row.userId), account: null };
}

/** New stop-profit / stop-loss / trailing distance of a holding order ("0" or null clears one). */
export async function changeStops(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  profit: Price | null,
  loss: Price | null,
  trail: Price | null,
  current: Price,
): Promise<Committed> {
  const p = inst.pricePrecision;
  const text = (v: Price | null): string => (v ? priceText(v, p) : '0');
  const changed = await updateStopsAndTrail(q, row.id, text(profit), text(loss), text(trail), priceText(current, p));
  if (!changed) throw new RowChanged();
  return { row: changed, seq: await nextSeq(q, row.userId), account: null };
}

/** The trailing stop of a holding order (locked by the caller) follows the price `at`: judged again on the stored row
 * (the database is the authority), moved only forward; RowChanged when there is nothing to move. */
export async function trailStop(q: Queryable, row: OrderRow, inst: EngineInstrument, at: Price): Promise<Committed> {
  const distance = price(row.trailDistance);
  if (distance.lte(0)) throw new RowChanged();
  const loss = price(row.targetLossPrice);
  const next = trailedStop(sideOf(row.orderType), at, distance, loss.isZero() ? null : loss);
  if (!next) throw new RowChanged();
  const p = inst.pricePrecision;
  const moved = await advanceTrailStop(q, row.id, priceText(next, p), priceText(at, p));
  if (!moved) throw new RowChanged();
  return { row: moved, seq: await nextSeq(q, row.userId), account: null };
}
