// The partial close's rules as the trader types, the same the server applies (server/engine/submit-order.ts
// closeLots): a plain positive number, at most what is held, on the lot step, at least the minimum, leaving at least the
// minimum open — unless it is all of it, which closes the whole position, and the button says so before the tap.
import { dec } from '../../../domain/decimal.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { lotsRule } from '../../../domain/order-rules.ts';
import type { Instrument } from '../../../domain/types.ts';
import type { FieldNote } from '../../components/forms/use-field-messages.ts';
import { lotsText } from '../../../domain/format/lots.ts';

/** The lots field's message: null while it may be sent (or is empty while typing). */
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

/** The action button's words: "Close all 0.05 lots" for the whole position, "Close 0.02 lots" for a part; the plain
 * words while what is typed would be refused (`refused`: the field has a message). */
export function partCloseAction(
  text: string,
  held: string,
  refused: boolean,
  /** The instrument's lot step: the button writes lots as everywhere else (domain/format/lots.ts). */
  step?: string,
): { key: string; params?: Record<string, string> } {
  const typed = readTypedNumber(text);
  if (refused || typed.kind !== 'number' || dec(typed.text).lte(0) || dec(typed.text).gt(held))
    return { key: 'orders.close_part_confirm' };
  if (dec(typed.text).eq(held)) return { key: 'orders.close_all_lots', params: { lots: lotsText(held, step) } };
  return { key: 'orders.close_some_lots', params: { lots: lotsText(typed.text, step) } };
}
