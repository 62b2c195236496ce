// Same checks, submit path and errors as the order form; no stops are sent.
import { signal } from '@preact/signals-react';
import type { TFunction } from '../../../i18n/index.ts';
import { submitOrder } from '../../../api/trading.ts';
import { quote } from '../../../state/market/quotes.ts';
import { $loggedIn } from '../../../state/account/session.ts';
import { toast } from '../../../state/shell/toasts.ts';
import { currentPath, loginPath, navigateTo } from '../../../state/shell/navigator.ts';
import { $lastOrders, rememberOrder, type LastOrder } from '../../../state/orders/one-click.ts';
import { rowSignals } from '../../../state/market/row-signals.ts';
import { firstNote, noteText } from '../../../components/forms/field-message.tsx';
import { checkOrder, initialDraft, type OrderCheck, type OrderDraft, type OrderSide } from './order-draft.ts';
import type { Instrument, AppOrder } from '../../../../domain/types.ts';
import { orderLots } from '../../../state/market/lot-step.ts';

/** Why the buttons are disabled right now (an i18n key), or null when trading is possible. */
export function blockedReason(open: boolean, stale: boolean, halted = false): string | null {
  if (halted) return 'trade.halted';
  if (!open) return 'trade.market_closed';
  if (stale) return 'trade.price_stale';
  return null;
}

/** What the order form's popup and a one-click toast say of a placed order. */
export function placedText(t: TFunction, order: AppOrder, side: number): string {
  return t('trade.placed_text', {
    side: t(side === 1 ? 'trade.buy_up' : 'trade.buy_low'),
    code: order.instrument.ShowCode,
    lots: orderLots(order),
    price: order.Price,
  });
}

export function oneClickDraft(inst: Instrument, last: LastOrder | undefined): OrderDraft {
  const first = initialDraft(inst);
  return last ? { ...first, lots: last.lots, leverage: last.leverage ?? first.leverage } : first;
}

/** The blocked reason first: its message names the desk's reason, so no "{{reason}}" is ever shown. */
export function oneClickCheck(
  inst: Instrument,
  last: LastOrder | undefined,
  side: OrderSide,
  loggedIn: boolean,
  reason: string | null,
  halt = '',
): OrderCheck {
  if (reason) return { kind: 'error', notes: { form: { key: reason, params: { reason: halt } } } };
  return checkOrder(inst, oneClickDraft(inst, last), side, loggedIn, quote(inst.Code).$close.peek());
}

/** True while a one-click order is on its way: a second press (button or key) waits for the answer. */
export const $oneClickBusy = signal(false, { name: 'one-click.$oneClickBusy' });

/** Null when refused (the reason has been shown). */
export async function placeOneClick(inst: Instrument, side: OrderSide, t: TFunction): Promise<AppOrder | null> {
  if ($oneClickBusy.peek()) return null;
  const q = quote(inst.Code);
  const s = rowSignals(inst, q);
  const last = $lastOrders.peek()[inst.Code];
  const check = oneClickCheck(
    inst,
    last,
    side,
    $loggedIn.peek(),
    blockedReason(s.$open.peek(), q.$stale.peek(), q.$halt.peek() !== ''),
    q.$halt.peek(),
  );
  if (check.kind === 'login') {
    navigateTo(loginPath(currentPath()));
    return null;
  }
  if (check.kind === 'error') {
    // A press has no field to show a message under: the toast (at the top edge) says why.
    const note = firstNote(check.notes);
    if (note) toast(noteText(t, note));
    return null;
  }
  $oneClickBusy.value = true;
  try {
    const order = await submitOrder(check.params);
    rememberOrder(inst.Code, {
      lots: check.params.lots,
      leverage: check.params.leverage === 0 ? null : check.params.leverage,
    });
    toast(placedText(t, order, side));
    return order;
  } catch {
    return null; // the API client has shown the server's message
  } finally {
    $oneClickBusy.value = false;
  }
}
