// The draft's stop boxes (docs/trading.md "Stops in the form"). Pure.
import { sideOf } from '../../../../domain/trade-maths.ts';
import { stopSideKey, stopStart } from '../../../../domain/order-rules.ts';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { positive, typedProblem } from './draft-fields.ts';
import type { OrderDraft, OrderSide, StopKind } from './draft-types.ts';

export function stopOf(draft: OrderDraft, kind: StopKind): { on: boolean; value: string } {
  return kind === 'profit'
    ? { on: draft.stopProfitOn, value: draft.stopProfit }
    : { on: draft.stopLossOn, value: draft.stopLoss };
}

/** Ticking an empty box starts it at `start()`; unticking keeps what was typed. */
export function toggleStop(draft: OrderDraft, kind: StopKind, on: boolean, start: () => string): Partial<OrderDraft> {
  const typed = stopOf(draft, kind).value;
  const value = on && typed === '' ? start() : typed;
  return kind === 'profit' ? { stopProfitOn: on, stopProfit: value } : { stopLossOn: on, stopLoss: value };
}

/** A ticked stop restarts at a valid distance from the new reference; an unticked one forgets its price. */
export function restartStops(inst: Instrument, draft: OrderDraft, side: OrderSide, current: string): OrderDraft {
  const at = (kind: StopKind): string => stopStartFor(inst, draft, side, kind, current);
  return {
    ...draft,
    stopProfit: draft.stopProfitOn ? at('profit') : '',
    stopLoss: draft.stopLossOn ? at('loss') : '',
  };
}

export function typeStop(kind: StopKind, value: string): Partial<OrderDraft> {
  return kind === 'profit' ? { stopProfit: value } : { stopLoss: value };
}

/** The price stops are judged against: a pending order's target once it is a price, else the market price. */
export function stopReference(draft: OrderDraft, current: string): string {
  const target = draft.targetPrice.trim();
  return draft.mode === 'pending' && positive(target) ? target : current;
}

/** Where a ticked stop starts: a valid distance on its side of the reference price (domain/order-rules.ts). */
export function stopStartFor(
  inst: Instrument,
  draft: OrderDraft,
  side: OrderSide,
  kind: StopKind,
  current: string,
): string {
  return stopStart(sideOf(side), kind, stopReference(draft, current), inst.PricePrecision);
}

export function stopProblem(
  draft: OrderDraft,
  side: OrderSide,
  kind: StopKind,
  current: string,
  submit: boolean,
): FieldNote | null {
  const { on, value } = stopOf(draft, kind);
  if (!on) return null;
  const problem = typedProblem(value, `trade.stop_${kind}_required`, 'errors.stop_price_invalid', submit);
  if (problem || value.trim() === '') return problem;
  const sideKey = stopSideKey(sideOf(side), kind, stopReference(draft, current), value.trim());
  return sideKey ? { key: `errors.${sideKey}` } : null;
}

/** Stop prices go out only when their box is ticked; an unticked box sends "0" (docs/contract.md §5). */
export function stopValue(on: boolean, value: string): string {
  return on ? value.trim() : '0';
}
