// docs/trading.md "Moving a pending order": margin and fee made again at the new price through the ledger.
import { exactText } from '../../domain/decimal.ts';
import { orderAmounts, sideOf } from '../../domain/trade-maths.ts';
import { lots, price, usd, type Price } from '../../domain/units.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { moveAll, type AccountBalance, type Movement } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { priceText } from '../../domain/format/price.ts';
import { repriceOrder } from './orders-repository.ts';
import { checkStops, checkTarget } from './submit-order.ts';
import { committed, memoOf, type Committed } from './transitions.ts';
import type { EngineInstrument, OrderRow } from './types.ts';
import { getSetting } from '../settings/settings.ts';
import type { KnownInstruments } from './known-instruments.ts';

/** Refused when a new pending order would be; the same price again moves no money, so a retry answers the same. */
export async function movePendingPrice(
  q: Queryable,
  row: OrderRow,
  inst: EngineInstrument,
  text: string,
  live: Pick<KnownInstruments, 'refuseOnBlock' | 'openPrice'>,
  market: { isOpen(code: string): boolean },
  now: number,
): Promise<Committed> {
  live.refuseOnBlock(inst.code);
  if (!market.isOpen(inst.code)) throw new ApiError('market_closed');
  const current = live.openPrice(inst, row.orderType);
  if (!current) throw new ApiError('no_price');
  const target = checkTarget(text, inst, current);
  const stop = (t: string): Price | null => (price(t).isZero() ? null : price(t));
  // The stops were judged against the old target; the trader must move a stop the new one breaks first.
  checkStops(sideOf(row.orderType), target, stop(row.targetProfitPrice), stop(row.targetLossPrice));
  const tradeFeeType = Number(await getSetting(q, 'trade_fee_type'));
  const p = inst.pricePrecision;
  const amounts = orderAmounts(inst.spec, lots(row.quantity), target, row.leverage, tradeFeeType);
  const marginDelta = amounts.margin.minus(usd(row.margin));
  const feeDelta = amounts.fee.minus(usd(row.tradeFee));
  const memo = memoOf(inst, row.id);
  const moves: Movement[] = [];
  if (!marginDelta.isZero()) {
    const type = marginDelta.gt(0) ? RecordType.MARGIN_LOCK : RecordType.MARGIN_RELEASE;
    moves.push({ balance: marginDelta.neg(), lock: marginDelta, type, memo, at: now });
  }
  if (!feeDelta.isZero()) {
    const type = feeDelta.gt(0) ? RecordType.TRADE_FEE : RecordType.FEE_REFUND;
    moves.push({ balance: feeDelta.neg(), type, memo, at: now });
  }
  // The ledger refuses, nothing changed, when a dearer price needs more than is available.
  const account: AccountBalance | null = moves.length > 0 ? await moveAll(q, row.userId, moves) : null;
  const changed = await repriceOrder(q, row.id, {
    price: priceText(target, p),
    origin: priceText(current, p),
    margin: exactText(amounts.margin),
    fee: exactText(amounts.fee),
  });
  return committed(q, changed, account);
}
