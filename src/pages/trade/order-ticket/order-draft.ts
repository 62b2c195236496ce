// The order form's rules as pure data; re-exports draft-*.ts so the form imports its rules from one place.
import { dec, isDecimalText } from '../../../../domain/decimal.ts';
import { FIXED_MARGIN_MODE } from '../../../../domain/trade-maths.ts';
import { riskCapPercent } from '../../../../domain/order-rules.ts';
import type { FieldNote, FieldNotes } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import { offeredLeverage } from '../../../state/account/retail.ts';
import type { NewOrder } from '../../../api/trading.ts';
import type { OrderPreviewInput } from '../../../../workers/protocol.ts';
import { expiryProblem, lotsProblem, positive, typedProblem } from './draft-fields.ts';
import { stopProblem, stopValue } from './draft-stops.ts';
import { sizeProblem, validStep } from './draft-size.ts';
import type { DraftField, OrderCheck, OrderDraft, OrderSide } from './draft-types.ts';

export type { DraftField, ExpiryMode, OrderCheck, OrderDraft, OrderSide, SizeMode } from './draft-types.ts';
export { expiryProblem, lotsProblem } from './draft-fields.ts';
export { restartStops, stopOf, stopStartFor, stopValue, toggleStop, typeStop } from './draft-stops.ts';
export { canStepDown, pickSizeMode, sized, sizeProblem, stepLots } from './draft-size.ts';

export const isFixedMargin = (inst: Instrument): boolean => inst.MarginMode === FIXED_MARGIN_MODE;

/** Market order, minimum lots (or one step), the first multiplier. */
export function initialDraft(inst: Instrument): OrderDraft {
  const min = isDecimalText(inst.ForexMinCont) && dec(inst.ForexMinCont).gt(0) ? inst.ForexMinCont : null;
  const step = validStep(inst.Pip) ? inst.Pip : '1';
  return {
    mode: 'market',
    targetPrice: '',
    lots: min ?? step,
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

const hasNotes = (notes: FieldNotes<string>): boolean => Object.values(notes).some(Boolean);

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
  if (hasNotes(notes)) return { kind: 'error', notes };
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
