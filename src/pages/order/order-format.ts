// Which figure each order-sheet row shows; the formatting itself is domain/format/'s.
import { dec, isDecimalText, exactText } from '../../../domain/decimal.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { netValue, orderRiskRate, prepaymentRatio, ratioText } from '../../../domain/trade-maths.ts';
import { trailOf } from '../../../domain/order-rules.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';
import { priceText } from '../../../domain/format/price.ts';
import { lots, price, usd } from '../../../domain/units.ts';
import type { Instrument, AppOrder } from '../../../domain/types.ts';
import type { StopParams } from '../../api/trading.ts';
import type { TFunction } from '../../i18n/index.ts';
import { formatDate } from '../../i18n/format.ts';
import { parseWireTime } from '../../../domain/wire-time.ts';
import { DAY_MS } from '../../../domain/time.ts';

const decimal = (v: string | null | undefined): v is string => isDecimalText(v);

/** A pending order the trader (or the engine) cancelled: it never traded, so it has no close price and no P&L. */
export function isCancelled(order: Pick<AppOrder, 'Status' | 'CloseReason'>): boolean {
  return order.Status === 3 && (order.CloseReason === 'cancel' || order.CloseReason === 'expired');
}

/** A stop price: "0" (or empty) means no stop. */
export function stopText(v: string | null | undefined, precision: number): string {
  if (!decimal(v) || dec(v).isZero()) return NO_VALUE;
  return priceText(v, precision, { missing: NO_VALUE });
}

/** Figures of the detail sheet that come from the order itself (the live ones override them while holding). */
export function orderFigures(order: AppOrder, inst: Instrument | undefined) {
  const margin = decimal(order.margin) ? usd(order.margin) : null;
  const profit = usd(decimal(order.FactProfits) && order.Status !== 0 ? order.FactProfits : '0');
  let prepayment: string | null = null;
  if (margin && inst && decimal(order.Quantity) && decimal(order.Price)) {
    prepayment = ratioText(prepaymentRatio(inst, lots(order.Quantity), price(order.Price), margin));
  } else if (order.leverage > 0) {
    prepayment = ratioText(dec(1).div(order.leverage)); // leveraged margin is notional / leverage
  }
  const rr = margin && order.Status === 1 ? orderRiskRate(margin, profit) : null;
  return {
    prepayment,
    riskRate: rr === null ? null : ratioText(rr), // holding only
    netValue: margin ? exactText(netValue(margin, profit)) : null, // margin + P&L
  };
}

/** An empty box sends "0" (clears); a box that is not a price gives its errors.* key (the text is never rewritten). */
export function stopParams(
  id: number,
  stopProfit: string,
  stopLoss: string,
  trail = '',
): StopParams | { error: 'stop_price_invalid' | 'trail_distance_invalid' } {
  const norm = (v: string): string | null => {
    const typed = readTypedNumber(v);
    if (typed.kind === 'empty') return '0';
    return typed.kind === 'number' ? typed.text : null;
  };
  const tp = norm(stopProfit);
  const sl = norm(stopLoss);
  const td = norm(trail);
  if (tp === null || sl === null) return { error: 'stop_price_invalid' };
  if (td === null) return { error: 'trail_distance_invalid' };
  return { id, target_profit_price: tp, stop_loss_price: sl, trail_distance: td };
}

/** The stop-loss row: the stop, and with a trailing distance "1.09900 (trailing 0.00200)". */
export function stopLossText(order: AppOrder, t: (key: string, o: Record<string, string>) => string): string {
  const stop = stopText(order.TargetLossPrice, order.instrument.PricePrecision);
  const trail = trailOf(order);
  if (!trail || stop === NO_VALUE) return stop;
  return t('orders.trailing_value', {
    stop,
    distance: priceText(trail, order.instrument.PricePrecision, { missing: NO_VALUE }),
  });
}

/** What a form box starts with: the order's stop, or empty when it has none ("0"). */
export function stopInput(v: string): string {
  return isDecimalText(v) && !dec(v).isZero() ? v : '';
}

/** A buy's stop-profit sits above the price and its stop-loss below; a sell is mirrored. i18n keys. */
export function stopHints(orderType: number): { profit: string; loss: string } {
  return orderType === 1
    ? { profit: 'orders.hint_above', loss: 'orders.hint_below' }
    : { profit: 'orders.hint_below', loss: 'orders.hint_above' };
}

// Named as the UTC day it ends: the stored instant, 00:00 UTC the day after, read as the wrong day in local time.
const DAY_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** '' for none (good till cancelled) or unreadable. */
export function expiryText(t: TFunction, expireTime: string | undefined): string {
  const ms = expireTime ? parseWireTime(expireTime) : null;
  if (ms === null) return '';
  // The last day the order lives: the UTC day that ends at the stored instant.
  return t('trade.expiry_end_of', { date: formatDate(ms - DAY_MS / 2, DAY_OPTIONS) });
}
