// The order form as plain data: lot stepping, the SPEC §5 checks and the submit parameters (pure, unit-tested).
// Exact decimals through src/domain only; the form keeps what the user typed as strings.
import { dec, fixed, isDecimalText } from '../../domain/decimal.ts';
import { readTypedNumber } from '../../domain/decimal-text.ts';
import { canDecreaseLots, FIXED_MARGIN_MODE, lotsValid } from '../../domain/money.ts';
import { lots } from '../../domain/units.ts';
import type { Instrument } from '../../domain/types.ts';
import type { SubmitParams } from '../../api/trading.ts';
import type { OrderPreviewInput } from '../../../workers/protocol.ts';

export type OrderSide = SubmitParams['type']; // 1 buy up, 2 buy low
export type OrderMode = 'market' | 'pending';

export interface OrderDraft {
  mode: OrderMode;
  targetPrice: string; // pending orders only
  lots: string;
  multiple: number | null; // the chosen multiplier's Value; null until picked
  stopProfitOn: boolean;
  stopProfit: string;
  stopLossOn: boolean;
  stopLoss: string;
}

/** What the submit button leads to: a login, a message (i18n key), or a valid order. */
export type OrderCheck =
  | { kind: 'login' }
  | { kind: 'error'; key: string }
  | { kind: 'ok'; params: SubmitParams };

export const isFixedMargin = (inst: Instrument): boolean => inst.MarginMode === FIXED_MARGIN_MODE;

/** Decimal places of a step like "0.01" (2) or "1" (0), so stepped lots print cleanly. */
function placesOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

function validStep(step: string): boolean {
  return isDecimalText(step) && dec(step).gt(0);
}

export type StopKind = 'profit' | 'loss';

/** A stop box's tick and price in the draft. */
export function stopOf(draft: OrderDraft, kind: StopKind): { on: boolean; value: string } {
  return kind === 'profit' ? { on: draft.stopProfitOn, value: draft.stopProfit } : { on: draft.stopLossOn, value: draft.stopLoss };
}

/** Ticking a stop box with no price typed starts it at the current price; unticking keeps what was typed. */
export function toggleStop(draft: OrderDraft, kind: StopKind, on: boolean, nowPrice: () => string): Partial<OrderDraft> {
  const typed = stopOf(draft, kind).value;
  const value = on && typed === '' ? nowPrice() : typed;
  return kind === 'profit' ? { stopProfitOn: on, stopProfit: value } : { stopLossOn: on, stopLoss: value };
}

/** A price typed into a stop box. */
export function typeStop(kind: StopKind, value: string): Partial<OrderDraft> {
  return kind === 'profit' ? { stopProfit: value } : { stopLoss: value };
}

/** The first draft for an instrument: market order, minimum lots (or one step), the first multiplier. */
export function initialDraft(inst: Instrument): OrderDraft {
  const min = isDecimalText(inst.ForexMinCont) && dec(inst.ForexMinCont).gt(0) ? inst.ForexMinCont : null;
  const step = validStep(inst.Pip) ? inst.Pip : '1';
  return {
    mode: 'market',
    targetPrice: '',
    lots: min ?? step,
    multiple: inst.HasForexMultiple[0]?.Value ?? null,
    stopProfitOn: false,
    stopProfit: '',
    stopLossOn: false,
    stopLoss: '',
  };
}

/**
 * One press of the lot stepper: ± one Pip, never below 0 (SPEC §5: input minimum 0, step = Pip).
 * A typed value off the Pip grid snaps to the grid in the pressed direction first.
 */
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

/** SPEC §5: the minus is disabled when quantity − Pip would be zero or less. */
export function canStepDown(current: string, pip: string): boolean {
  if (!isDecimalText(current)) return false;
  return canDecreaseLots(lots(current), validStep(pip) ? pip : '1');
}

/** A positive decimal typed by the user (prices, lots); empty and malformed text are not. */
function positive(text: string): boolean {
  const typed = readTypedNumber(text);
  return typed.kind === 'number' && dec(typed.text).gt(0);
}

/**
 * A typed field's message: `invalidKey` when the text is not a number at all ('-1', '1,5', 'abc': refused, never read
 * as another number), `requiredKey` when it is empty or zero; null when it is a positive number.
 */
function typedProblem(text: string, requiredKey: string, invalidKey: string): string | null {
  const typed = readTypedNumber(text);
  if (typed.kind === 'invalid') return invalidKey;
  return typed.kind === 'number' && dec(typed.text).gt(0) ? null : requiredKey;
}

/** Stop prices go out only when their box is ticked; an unticked box sends "0" (SPEC §5). */
export function stopValue(on: boolean, value: string): string {
  return on ? value.trim() : '0';
}

/** The submit parameters for a draft. Multiplier 0 in fixed-margin mode; target price "0" for market orders. */
export function buildSubmitParams(inst: Instrument, draft: OrderDraft, side: OrderSide): SubmitParams {
  return {
    type: side,
    cont: draft.lots.trim(),
    forex_id: inst.Id,
    status: draft.mode === 'market' ? 1 : 0,
    target_price: draft.mode === 'pending' ? draft.targetPrice.trim() : '0',
    stop_loss_price: stopValue(draft.stopLossOn, draft.stopLoss),
    target_profit_price: stopValue(draft.stopProfitOn, draft.stopProfit),
    multiple: isFixedMargin(inst) ? 0 : (draft.multiple ?? 0),
  };
}

/**
 * The SPEC §5 order checks in their order: login, multipliers configured, a multiplier chosen (leveraged mode),
 * lots, target price for pending orders, ticked stop boxes filled.
 */
export function checkOrder(inst: Instrument, draft: OrderDraft, side: OrderSide, loggedIn: boolean): OrderCheck {
  if (!loggedIn) return { kind: 'login' };
  if (inst.HasForexMultiple.length === 0) return { kind: 'error', key: 'errors.no_leverage' };
  if (!isFixedMargin(inst) && !inst.HasForexMultiple.some((m) => m.Value === draft.multiple)) {
    return { kind: 'error', key: 'trade.multiple_required' };
  }
  const lotsProblem = typedProblem(draft.lots, 'trade.lots_required', 'errors.lots_invalid');
  if (lotsProblem) return { kind: 'error', key: lotsProblem };
  const min = isDecimalText(inst.ForexMinCont) ? inst.ForexMinCont : '0';
  if (!lotsValid(lots(draft.lots.trim()), min, validStep(inst.Pip) ? inst.Pip : '1')) {
    return { kind: 'error', key: 'trade.lots_invalid' };
  }
  const problem =
    (draft.mode === 'pending' ? typedProblem(draft.targetPrice, 'errors.price_required', 'errors.target_price_invalid') : null) ??
    (draft.stopProfitOn ? typedProblem(draft.stopProfit, 'trade.stop_profit_required', 'errors.stop_price_invalid') : null) ??
    (draft.stopLossOn ? typedProblem(draft.stopLoss, 'trade.stop_loss_required', 'errors.stop_price_invalid') : null);
  if (problem) return { kind: 'error', key: problem };
  return { kind: 'ok', params: buildSubmitParams(inst, draft, side) };
}

/**
 * What the worker previews for a draft (margin, fee, P&L at the stops), or null while the draft is too
 * incomplete to say anything (no lots, no target price, no multiplier in leveraged mode).
 */
export function previewInput(inst: Instrument, draft: OrderDraft, side: OrderSide): OrderPreviewInput | null {
  if (!positive(draft.lots)) return null;
  if (draft.mode === 'pending' && !positive(draft.targetPrice)) return null;
  const fixedMode = isFixedMargin(inst);
  if (!fixedMode && !(draft.multiple !== null && draft.multiple > 0)) return null;
  return {
    code: inst.Code,
    orderType: side,
    quantity: draft.lots.trim(),
    multiple: fixedMode ? 0 : (draft.multiple ?? 0),
    atPrice: draft.mode === 'pending' ? draft.targetPrice.trim() : null,
    stopProfit: draft.stopProfitOn && positive(draft.stopProfit) ? draft.stopProfit.trim() : null,
    stopLoss: draft.stopLossOn && positive(draft.stopLoss) ? draft.stopLoss.trim() : null,
  };
}
