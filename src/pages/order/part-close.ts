// The server's partial close rules (server/engine/submit-order.ts closeLots): all of it closes the whole position.
import { dec } from '../../../domain/decimal.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { lotsRule } from '../../../domain/order-rules.ts';
import type { Instrument } from '../../../domain/types.ts';
import type { FieldNote } from '../../components/forms/use-field-messages.ts';
import { lotsText } from '../../../domain/format/lots.ts';

/** Null while it may be sent (or is empty while typing). */
export function partCloseNote(
  text: string,
  held: string,
  inst: Pick<Instrument, 'ForexMinCont' | 'Pip'> | undefined,
  submit: boolean,
): FieldNote | null {
  const typed = readTypedNumber(text);
  if (typed.kind === 'invalid' || (typed.kind === 'number' && dec(typed.text).lte(0)))
    return { key: 'errors.lots_invalid' };
  if (typed.kind !== 'number') return submit ? { key: 'trade.lots_required' } : null;
  const q = dec(typed.text);
  if (q.gt(held)) return { key: 'errors.close_lots_too_many', params: { max: held } };
  if (q.eq(held) || !inst) return null; // all of it: a full close
  const rule = lotsRule(inst.ForexMinCont, inst.Pip);
  if (!q.mod(rule.step).isZero()) return { key: 'errors.lots_step', params: { step: rule.step } };
  if (q.lt(rule.min)) return { key: 'errors.lots_below_min', params: { min: rule.min } };
  if (dec(held).minus(q).lt(rule.min)) return { key: 'errors.close_rest_below_min', params: { min: rule.min } };
  return null;
}

/** The plain words while what is typed would be refused (`refused`: the field has a message). */
export function partCloseAction(
  text: string,
  held: string,
  refused: boolean,
  /** So the button writes lots as everywhere else (domain/format/lots.ts). */
  step?: string,
): { key: string; params?: Record<string, string> } {
  const typed = readTypedNumber(text);
  if (refused || typed.kind !== 'number' || dec(typed.text).lte(0) || dec(typed.text).gt(held))
    return { key: 'orders.close_part_confirm' };
  if (dec(typed.text).eq(held)) return { key: 'orders.close_all_lots', params: { lots: lotsText(held, step) } };
  return { key: 'orders.close_some_lots', params: { lots: lotsText(typed.text, step) } };
}
