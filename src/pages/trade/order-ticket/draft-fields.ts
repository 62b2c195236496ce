// The typed fields' checks (docs/contract.md §5). Pure; exact decimals through domain only.
import { dec } from '../../../../domain/decimal.ts';
import { readTypedNumber } from '../../../../domain/decimal-text.ts';
import { lotsKeepRule, lotsRule } from '../../../../domain/order-rules.ts';
import { lots } from '../../../../domain/units.ts';
import { formatNumber } from '../../../i18n/format.ts';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import type { OrderDraft } from './draft-types.ts';

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
