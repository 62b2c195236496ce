// The lot stepper's steps and a size typed in USD or % of equity (docs/contract.md §5: step = Pip, never below 0).
import { dec, fixed, isDecimalText } from '../../../../domain/decimal.ts';
import { readTypedNumber } from '../../../../domain/decimal-text.ts';
import { canDecreaseLots } from '../../../../domain/trade-maths.ts';
import { lotsForNotional, lotsForRisk, lotsRule, riskCapPercent } from '../../../../domain/order-rules.ts';
import { lots } from '../../../../domain/units.ts';
import { formatNumber } from '../../../i18n/format.ts';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { typedProblem } from './draft-fields.ts';
import { stopReference } from './draft-stops.ts';
import type { OrderDraft, SizeMode } from './draft-types.ts';

/** Decimal places of a step like "0.01" (2) or "1" (0), so stepped lots print cleanly. */
function placesOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

export function validStep(step: string): boolean {
  return isDecimalText(step) && dec(step).gt(0);
}

/** A new size mode: the number typed for the old one means something else (USD is not %), so it is cleared. */
export function pickSizeMode(sizeMode: SizeMode): Partial<OrderDraft> {
  return { sizeMode, sizeValue: '' };
}

/** Lots from the size in USD or % of equity at `current`; unchanged in lots mode or while sizeProblem has a message. */
export function sized(
  inst: Instrument,
  draft: OrderDraft,
  current: string,
  equity: string | null,
  riskCap = riskCapPercent(null),
): OrderDraft {
  if (draft.sizeMode === 'lots') return draft;
  const typed = readTypedNumber(draft.sizeValue);
  if (typed.kind !== 'number') return draft;
  // A risk above the cap sets nothing: its message says so (sizeProblem), and the lots are not offered.
  if (draft.sizeMode === 'risk' && dec(typed.text).gt(riskCapPercent(riskCap))) return draft;
  const entry = stopReference(draft, current);
  const step = lotsRule(inst.ForexMinCont, inst.Pip).step;
  const lotsText =
    draft.sizeMode === 'usd'
      ? lotsForNotional(typed.text, entry, inst.ForexContNum, step)
      : draft.stopLossOn && equity
        ? lotsForRisk(equity, typed.text, entry, draft.stopLoss.trim(), inst.ForexContNum, step)
        : null;
  return lotsText === null ? draft : { ...draft, lots: lotsText };
}

/** `riskCap` is the `risk_cap_percent` setting (never above 100); a risk size needs a stop loss and a known equity. */
export function sizeProblem(
  draft: OrderDraft,
  equity: string | null,
  submit: boolean,
  riskCap = riskCapPercent(null),
): FieldNote | null {
  if (draft.sizeMode === 'lots') return null;
  const problem = typedProblem(draft.sizeValue, 'trade.size_required', 'trade.size_invalid', submit);
  if (problem || draft.sizeMode === 'usd') return problem;
  const cap = riskCapPercent(riskCap);
  const typed = readTypedNumber(draft.sizeValue);
  if (typed.kind === 'number' && dec(typed.text).gt(cap)) {
    return { key: 'trade.size_risk_cap', params: { max: formatNumber(cap) } };
  }
  if (!draft.stopLossOn) return { key: 'trade.size_needs_stop' };
  return equity ? null : { key: 'trade.size_needs_equity' };
}

/** ± one Pip, never below 0 (docs/contract.md §5); a value off the Pip grid snaps to it in the pressed direction. */
export function stepLots(current: string, pip: string, direction: 1 | -1): string {
  const step = validStep(pip) ? dec(pip) : dec(1);
  const places = placesOf(validStep(pip) ? pip : '1');
  const q = isDecimalText(current) ? dec(current) : dec(0);
  const onGrid = q.mod(step).isZero();
  let next;
  if (direction === 1) next = onGrid ? q.plus(step) : q.div(step).ceil().times(step);
  else next = onGrid ? q.minus(step) : q.div(step).floor().times(step);
  if (next.lt(0)) next = dec(0);
  return fixed(next, places);
}

/** docs/contract.md §5: the minus is disabled when quantity − Pip would be zero or less. */
export function canStepDown(current: string, pip: string): boolean {
  if (!isDecimalText(current)) return false;
  return canDecreaseLots(lots(current), validStep(pip) ? pip : '1');
}
