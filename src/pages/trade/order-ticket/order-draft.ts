// The order form's rules as pure data: the draft, its typed fields' checks, the stops and the size modes.
import { dec, isDecimalText, fixed } from '../../../../domain/decimal.ts';
import { FIXED_MARGIN_MODE, canDecreaseLots, sideOf } from '../../../../domain/trade-maths.ts';
import {
  riskCapPercent,
  lotsForNotional,
  lotsForRisk,
  lotsRule,
  stopSideKey,
  stopStart,
  lotsKeepRule,
} from '../../../../domain/order-rules.ts';
import type { FieldNote, FieldNotes } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { offeredLeverage } from '../../../state/account/retail.ts';
import type { NewOrder, OrderSide } from '../../../api/trading.ts';
import type { OrderPreviewInput } from '../../../../workers/protocol.ts';
import { readTypedNumber } from '../../../../domain/decimal-text.ts';
import { lots } from '../../../../domain/units.ts';
import { formatNumber } from '../../../i18n/format.ts';

export type { OrderSide };
export type OrderMode = 'market' | 'pending';
/** The date is a UTC day. */
export type ExpiryMode = 'gtc' | 'day' | 'date';
/** The lots are always what is sent and shown; a USD or % of equity size sets them. */
export type SizeMode = 'lots' | 'usd' | 'risk';

export interface OrderDraft {
  mode: OrderMode;
  targetPrice: string; // pending orders only
  lots: string;
  leverage: number | null; // the chosen multiplier's Value; null until picked
  stopProfitOn: boolean;
  stopProfit: string;
  stopLossOn: boolean;
  stopLoss: string;
  expiry: ExpiryMode; // pending orders only
  expiryDate: string; // YYYY-MM-DD, with expiry 'date'
  sizeMode: SizeMode;
  sizeValue: string; // USD or % as typed, with sizeMode 'usd' / 'risk'
}

/** The form's fields that can carry a message ('form': the whole order, e.g. no leverage configured). */
export type DraftField = 'lots' | 'target-price' | 'stop-profit' | 'stop-loss' | 'leverage' | 'expiry' | 'size';

export type OrderCheck =
  | { kind: 'login' }
  | { kind: 'error'; notes: FieldNotes<DraftField | 'form'> }
  | { kind: 'ok'; params: NewOrder };

export type StopKind = 'profit' | 'loss';

// The typed fields' checks (docs/contract.md §5). Pure; exact decimals through domain only.
/** Empty and malformed text are not. */
export function positive(text: string): boolean {
  const typed = readTypedNumber(text);
  return typed.kind === 'number' && dec(typed.text).gt(0);
}

/** '-1', '1,5', '1e3' are refused, never read as another number; an empty field waits until a submit. */
export function typedProblem(text: string, requiredKey: string, invalidKey: string, submit: boolean): FieldNote | null {
  const typed = readTypedNumber(text);
  if (typed.kind === 'invalid') return { key: invalidKey };
  if (typed.kind === 'number') return dec(typed.text).gt(0) ? null : { key: requiredKey };
  return submit ? { key: requiredKey } : null;
}

/** Off the instrument's limits, the allowed values are spelled out. */
export function lotsProblem(inst: Instrument, text: string, submit: boolean): FieldNote | null {
  const problem = typedProblem(text, 'trade.lots_required', 'errors.lots_invalid', submit);
  if (problem || text.trim() === '') return problem;
  const rule = lotsRule(inst.ForexMinCont, inst.Pip);
  if (lotsKeepRule(lots(text.trim()), rule)) return null;
  return {
    key: 'trade.lots_rule',
    params: { min: formatNumber(rule.min), step: formatNumber(rule.step), max: formatNumber(rule.max) },
  };
}

/** `today` is a UTC day. */
export function expiryProblem(draft: OrderDraft, today: string, submit: boolean): FieldNote | null {
  if (draft.mode !== 'pending' || draft.expiry !== 'date') return null;
  const d = draft.expiryDate.trim();
  if (d === '') return submit ? { key: 'errors.expiry_invalid' } : null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return { key: 'errors.expiry_invalid' };
  return d < today ? { key: 'errors.expiry_past' } : null;
}

// The draft's stop boxes (docs/trading.md "Stops in the form"). Pure.
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

// The lot stepper's steps and a size typed in USD or % of equity (docs/contract.md §5: step = Pip, never below 0).
/** Decimal places of a step like "0.01" (2) or "1" (0), so stepped lots print cleanly. */
function placesOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

/** The Pip as the stepper's step, 1 when it is none. */
export function stepOf(pip: string): string {
  return isDecimalText(pip) && dec(pip).gt(0) ? pip : '1';
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
  const stepText = stepOf(pip);
  const step = dec(stepText);
  const q = isDecimalText(current) ? dec(current) : dec(0);
  const onGrid = q.mod(step).isZero();
  let next;
  if (direction === 1) next = onGrid ? q.plus(step) : q.div(step).ceil().times(step);
  else next = onGrid ? q.minus(step) : q.div(step).floor().times(step);
  if (next.lt(0)) next = dec(0);
  return fixed(next, placesOf(stepText));
}

/** docs/contract.md §5: the minus is disabled when quantity − Pip would be zero or less. */
export function canStepDown(current: string, pip: string): boolean {
  if (!isDecimalText(current)) return false;
  return canDecreaseLots(lots(current), stepOf(pip));
}

export const isFixedMargin = (inst: Instrument): boolean => inst.MarginMode === FIXED_MARGIN_MODE;

/** Market order, minimum lots (or one step), the first multiplier. */
export function initialDraft(inst: Instrument): OrderDraft {
  const min = isDecimalText(inst.ForexMinCont) && dec(inst.ForexMinCont).gt(0) ? inst.ForexMinCont : null;
  return {
    mode: 'market',
    targetPrice: '',
    lots: min ?? stepOf(inst.Pip),
    leverage: offeredLeverage(inst)[0]?.Value ?? null,
    stopProfitOn: false,
    stopProfit: '',
    stopLossOn: false,
    stopLoss: '',
    expiry: 'gtc',
    expiryDate: '',
    sizeMode: 'lots',
    sizeValue: '',
  };
}

/** `submit` adds the empty required fields; the server judges the stops again at its own price. */
export function draftNotes(
  inst: Instrument,
  draft: OrderDraft,
  side: OrderSide,
  current: string,
  submit: boolean,
  today = '',
  equity: string | null = null,
  riskCap = riskCapPercent(null),
): FieldNotes<DraftField> {
  let target: FieldNote | null = null;
  if (draft.mode === 'pending') {
    target = typedProblem(draft.targetPrice, 'errors.price_required', 'errors.target_price_invalid', submit);
    if (!target && positive(draft.targetPrice) && isDecimalText(current) && dec(draft.targetPrice.trim()).eq(current)) {
      target = { key: 'errors.target_price_at_market' };
    }
  }
  return {
    lots: lotsProblem(inst, draft.lots, submit),
    'target-price': target,
    'stop-profit': stopProblem(draft, side, 'profit', current, submit),
    'stop-loss': stopProblem(draft, side, 'loss', current, submit),
    expiry: today ? expiryProblem(draft, today, submit) : null,
    size: sizeProblem(draft, equity, submit, riskCap),
  };
}

/** Multiplier 0 in fixed-margin mode; target price "0" for market orders. */
export function buildSubmitParams(inst: Instrument, draft: OrderDraft, side: OrderSide): NewOrder {
  return {
    side,
    lots: draft.lots.trim(),
    instrumentId: inst.Id,
    status: draft.mode === 'market' ? 1 : 0,
    targetPrice: draft.mode === 'pending' ? draft.targetPrice.trim() : '0',
    stopLossPrice: stopValue(draft.stopLossOn, draft.stopLoss),
    takeProfitPrice: stopValue(draft.stopProfitOn, draft.stopProfit),
    leverage: isFixedMargin(inst) ? 0 : (draft.leverage ?? 0),
    ...(draft.mode === 'pending' ? { expire: draft.expiry === 'date' ? draft.expiryDate.trim() : draft.expiry } : {}),
  };
}

/** The docs/contract.md §5 order checks, every field's message at once. */
export function checkOrder(
  inst: Instrument,
  draft: OrderDraft,
  side: OrderSide,
  loggedIn: boolean,
  current = '',
  today = '',
  equity: string | null = null,
  riskCap = riskCapPercent(null),
): OrderCheck {
  if (!loggedIn) return { kind: 'login' };
  // The account's offered multiples (retail caps, docs/retail-protection.md), the instrument's own until known.
  const offered = offeredLeverage(inst);
  if (offered.length === 0) return { kind: 'error', notes: { form: { key: 'errors.no_leverage' } } };
  if (!isFixedMargin(inst) && !offered.some((m) => m.Value === draft.leverage)) {
    return { kind: 'error', notes: { leverage: { key: 'trade.leverage_required' } } };
  }
  const notes = draftNotes(inst, draft, side, current, true, today, equity, riskCap);
  if (Object.values(notes).some(Boolean)) return { kind: 'error', notes };
  return { kind: 'ok', params: buildSubmitParams(inst, draft, side) };
}

/** Null while the draft is too incomplete or would be refused (no valid lots, target price or multiplier). */
export function previewInput(inst: Instrument, draft: OrderDraft, side: OrderSide): OrderPreviewInput | null {
  // A size that will be refused gets no figures: its message says why.
  if (!positive(draft.lots) || lotsProblem(inst, draft.lots, true)) return null;
  if (draft.mode === 'pending' && !positive(draft.targetPrice)) return null;
  const fixedMode = isFixedMargin(inst);
  if (!fixedMode && !(draft.leverage !== null && draft.leverage > 0)) return null;
  return {
    code: inst.Code,
    orderType: side,
    quantity: draft.lots.trim(),
    leverage: fixedMode ? 0 : (draft.leverage ?? 0),
    atPrice: draft.mode === 'pending' ? draft.targetPrice.trim() : null,
    stopProfit: draft.stopProfitOn && positive(draft.stopProfit) ? draft.stopProfit.trim() : null,
    stopLoss: draft.stopLossOn && positive(draft.stopLoss) ? draft.stopLoss.trim() : null,
  };
}
