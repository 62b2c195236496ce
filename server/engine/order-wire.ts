// docs/contract.md §3: prices at the instrument's precision, money at 6 decimals.
import { positionPnl, sideOf } from '../../domain/trade-maths.ts';
import { moneyText } from '../../domain/format/money-text.ts';
import type { CloseReason, Order } from '../../domain/types.ts';
import type { ServerMessage } from '../../domain/ws-protocol.ts';
import { lots, price, type Price } from '../../domain/units.ts';
import { priceText } from '../../domain/format/price.ts';
import type { EngineInstrument, OrderRow } from './types.ts';

const iso = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());

/** Exact, 6 decimals. */
export function floatingOf(row: OrderRow, inst: EngineInstrument, current: Price): string {
  return moneyText(positionPnl(inst.spec, sideOf(row.orderType), lots(row.quantity), price(row.price), current));
}

/** `current` is null when the market has none; only a holding order's figures depend on it. */
export function toWireOrder(row: OrderRow, inst: EngineInstrument, current: Price | null): Order {
  const p = inst.pricePrecision;
  const live = row.status !== 3 && current !== null;
  const updatePrice = live ? current : price(row.updatePrice);
  // Without a live quote a holding order shows its P&L at the last price the engine saw for it.
  const factProfits =
    row.status === 1
      ? floatingOf(row, inst, updatePrice)
      : row.status === 3
        ? moneyText(row.factProfits)
        : moneyText('0');
  const stop = (v: string): string => (price(v).isZero() ? '0' : priceText(v, p));
  return {
    Id: row.id,
    ForexId: row.instrumentId,
    ForexTradeLists: { ShowCode: inst.showCode, Code: inst.code, PricePrecision: p },
    OrderType: row.orderType,
    Quantity: lots(row.quantity).toString(),
    Multiple: row.leverage,
    Price: priceText(row.price, p),
    OriginPrice: priceText(row.originPrice, p),
    UpdatePrice: priceText(updatePrice, p),
    FactProfits: factProfits,
    CautionMoney: moneyText(row.margin),
    TradeFee: moneyText(row.tradeFee),
    TargetLossPrice: stop(row.targetLossPrice),
    TargetProfitPrice: stop(row.targetProfitPrice),
    TrailDistance: stop(row.trailDistance),
    Status: row.status,
    CloseReason: row.closeReason,
    CreateTimeHandler: iso(row.createdAt),
    CompleteTimeHandler: iso(row.completedAt),
    ExpireTimeHandler: (row.expiresAt ?? 0) > 0 ? iso(row.expiresAt ?? 0) : '',
    Swap: moneyText(row.swap ?? '0'),
  };
}

export type OrderChange = 'changed' | 'closed';

export function orderPush(change: OrderChange, seq: number, order: Order, reason: CloseReason | null): ServerMessage {
  if (change === 'closed' && reason) return { type: 'FOREX_CLOSED', seq, data: { ...order, CloseReason: reason } };
  return { type: 'FOREX_TRADE', seq, data: order };
}
