// The TP/SL sheet's rules are the order form's (docs/orders-screen.md "Decisions the spec left open"). Pure.
import { pipsBetween, stopSideKey } from '../../../domain/order-rules.ts';
import { positionPnl, sideOf } from '../../../domain/trade-maths.ts';
import { isDecimalText, readTypedNumber } from '../../../domain/decimal-text.ts';
import { lots, price } from '../../../domain/units.ts';
import { dec, exactText } from '../../../domain/decimal.ts';
import type { FieldNote } from '../../components/forms/use-field-messages.ts';
import type { Instrument, AppOrder } from '../../../domain/types.ts';
import { formatPnl } from '../../i18n/format.ts';

/** Null when kept (empty clears it). */
export function stopNote(orderType: number, kind: 'profit' | 'loss', ref: string, text: string): FieldNote | null {
  const typed = readTypedNumber(text);
  if (typed.kind === 'invalid') return { key: 'errors.stop_price_invalid' };
  if (typed.kind === 'empty' || dec(typed.text).isZero()) return null;
  const side = stopSideKey(sideOf(orderType), kind, ref, typed.text);
  return side ? { key: `errors.${side}` } : null;
}

/** Null while it is no price. */
export function stopOutcome(
  order: AppOrder,
  inst: Pick<Instrument, 'MarginMode' | 'ForexContNum' | 'ForexFeeRate'> | undefined,
  text: string,
): { pips: string; pnl: string } | null {
  const typed = readTypedNumber(text);
  if (!inst || typed.kind !== 'number' || dec(typed.text).isZero() || !isDecimalText(order.Price)) return null;
  const pips = pipsBetween(order.Price, typed.text, order.instrument.PricePrecision);
  if (pips === null) return null;
  const at = positionPnl(inst, sideOf(order.OrderType), lots(order.Quantity), price(order.Price), price(typed.text));
  return { pips, pnl: formatPnl(exactText(at)) };
}
