// Each change runs in the caller's transaction so the row, its ledger records and the event number commit together.
import { positionPnl, proRata, sideOf } from '../../domain/trade-maths.ts';
import type { CloseReason } from '../../domain/types.ts';
import { lots, price, usd, type Lots, type Price, type Usd } from '../../domain/units.ts';
import { bookAbsorbed } from '../ledger/house-book.ts';
import type { Queryable } from '../db/db.ts';
import { move, moveAll, type AccountBalance, type Movement } from '../ledger/ledger.ts';
import { priceText } from '../../domain/format/price.ts';
import { nextSeq } from './event-seq.ts';
import {
  advanceTrailStop,
  fillOrder,
  finishOrders,
  insertClosedParts,
  insertOrders,
  shrinkOrders,
  updateStopsMany,
  type NewOrder,
} from './orders-repository.ts';
import { cappedRealised, trailedStop } from './triggers.ts';
import type { EngineInstrument, OrderRow, SubmitPlan } from './types.ts';
import { RecordType } from '../ledger/record-types.ts';
import { exactText, type Dec } from '../../domain/decimal.ts';

export interface Committed {
  row: OrderRow;
  seq: number;
  /** null when no money moved. */
  account: AccountBalance | null;
}

/** Its ledger records read as that position's. */
export const memoOf = (inst: EngineInstrument, orderId: number): string => `${inst.code} #${orderId}`;

/** The caller rolls back. */
export class RowChanged extends Error {}

/** The row a conditional write returned, with its event number; RowChanged when the write matched nothing. */
export async function committed(
  q: Queryable,
  row: OrderRow | null | undefined,
  account: AccountBalance | null,
): Promise<Committed> {
  if (!row) throw new RowChanged();
  return { row, seq: await nextSeq(q, row.userId), account };
}

/** Releases `margin`, then books the P&L of `part`, capped, under the position's memo. */
async function realise(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  part: Lots,
  margin: Usd,
  closePrice: Price,
  now: number,
): Promise<{ account: AccountBalance; realised: Usd }> {
  const memo = memoOf(inst, row.id);
  let account = await move(q, row.userId, marginRelease(margin, memo, now));
  const full = positionPnl(inst.spec, sideOf(row.orderType), part, price(row.price), closePrice);
  // After the release the available balance already includes this margin: cap against it alone.
  const realised = cappedRealised(full, usd(account.balance));
  if (!realised.isZero()) {
    account = await move(q, row.userId, { balance: realised, type: RecordType.PROFIT, memo, at: now });
  }
  await bookAbsorbed(q, row, full, realised, now);
  return { account, realised };
}

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

/** Back from locked to available: an order's close, cancel or partial close, and a copy's release. */
export const marginRelease = (margin: Dec, memo: string, at: number): Movement => ({
  balance: margin,
  lock: margin.neg(),
  type: RecordType.MARGIN_RELEASE,
  memo,
  at,
});

export function openMovements(plan: SubmitPlan, memo: string, at: number): Movement[] {
  const lock: Movement = { balance: plan.margin.neg(), lock: plan.margin, type: RecordType.MARGIN_LOCK, memo, at };
  const fee: Movement = { balance: plan.fee.neg(), type: RecordType.TRADE_FEE, memo, at };
  return plan.fee.gt(0) ? [lock, fee] : [lock];
}

export async function openOrder(
  q: Queryable,
  userId: number,
  inst: EngineInstrument,
  plan: SubmitPlan,
  now: number,
): Promise<Committed> {
  const row = (await insertOrders(q, [newOrderOf(userId, inst, plan, now)]))[0] as OrderRow;
  // The ledger refuses (ApiError insufficient_balance) when margin + fee exceed the available balance.
  const account = await moveAll(q, userId, openMovements(plan, memoOf(inst, row.id), now));
  return committed(q, row, account);
}

/** Realised P&L is capped so a gap never takes the available balance below zero. */
export async function closeHolding(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  closePrice: Price,
  reason: CloseReason,
  now: number,
): Promise<Committed> {
  const { account, realised } = await realise(q, row, inst, lots(row.quantity), usd(row.margin), closePrice, now);
  const updatePrice = priceText(closePrice, inst.pricePrecision);
  const [closed] = await finishOrders(q, [{ id: row.id, updatePrice, factProfits: exactText(realised) }], reason, now);
  return committed(q, closed, account);
}

export interface PartCommitted {
  rest: Committed;
  closed: Committed;
}

/** The rest keeps the exact remainders of margin and fee (trade-maths.ts proRata); P&L capped as a full close. */
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
  const [rest] = await shrinkOrders(q, [
    {
      id: row.id,
      quantity: exactText(whole.minus(part)),
      margin: exactText(margin.rest),
      tradeFee: exactText(fee.rest),
      updatePrice: priceText(closePrice, inst.pricePrecision),
    },
  ]);
  if (!rest) throw new RowChanged();
  const { account, realised } = await realise(q, row, inst, part, margin.part, closePrice, now);
  const [closed] = await insertClosedParts(
    q,
    [
      {
        from: row,
        quantity: exactText(part),
        margin: exactText(margin.part),
        tradeFee: exactText(fee.part),
        closePrice: priceText(closePrice, inst.pricePrecision),
        factProfits: exactText(realised),
      },
    ],
    now,
  );
  return { rest: await committed(q, rest, account), closed: await committed(q, closed, account) };
}

/** The fee is refunded: it never traded. */
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
  let account = await move(q, row.userId, marginRelease(margin, memo, now));
  if (fee.gt(0)) account = await move(q, row.userId, { balance: fee, type: RecordType.FEE_REFUND, memo, at: now });
  const updatePrice = current ? priceText(current, inst.pricePrecision) : row.updatePrice;
  const [closed] = await finishOrders(q, [{ id: row.id, updatePrice, factProfits: '0' }], reason, now, 0);
  return committed(q, closed, account);
}

/** Margin and fee stay as locked and charged when it was placed. */
export async function fillPending(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  fillPrice: Price,
  now: number,
): Promise<Committed> {
  return committed(q, await fillOrder(q, row.id, priceText(fillPrice, inst.pricePrecision), now), null);
}

/** "0" or null clears one. */
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
  const [changed] = await updateStopsMany(q, [
    { id: row.id, profit: text(profit), loss: text(loss), trail: text(trail), updatePrice: priceText(current, p) },
  ]);
  return committed(q, changed, null);
}

/** Judged again on the stored row (the database is the authority); RowChanged when there is nothing to move. */
export async function trailStop(q: Queryable, row: OrderRow, inst: EngineInstrument, at: Price): Promise<Committed> {
  const distance = price(row.trailDistance);
  if (distance.lte(0)) throw new RowChanged();
  const loss = price(row.targetLossPrice);
  const next = trailedStop(sideOf(row.orderType), at, distance, loss.isZero() ? null : loss);
  if (!next) throw new RowChanged();
  const p = inst.pricePrecision;
  return committed(q, await advanceTrailStop(q, row.id, priceText(next, p), priceText(at, p)), null);
}
