// Sent as typed; the button says what it will do ("Close all 0.05 lots" for all of it).
import { useMemo, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AppOrder, Instrument } from '../../../domain/types.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { dec } from '../../../domain/decimal.ts';
import { lotsRule } from '../../../domain/order-rules.ts';
import { lotsText } from '../../../domain/format/lots.ts';
import { useFieldMessages, type FieldNote } from '../../components/forms/use-field-messages.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { closePosition } from '../../state/orders/orders.ts';
import { OrderEditForm, PriceBox } from './stop-form.tsx';
import { orderLots } from '../../state/market/lot-step.ts';

// The server's partial close rules (server/engine/submit-order.ts closeLots): all of it closes the whole position.
/** Null while it may be sent (or is empty while typing). */
function partCloseNote(
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
function partCloseAction(
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

export function PartCloseForm({ order, onDone }: { order: AppOrder; onDone: () => void }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const [lots, setLots] = useState('');
  const list = $instruments.value;
  const inst = useMemo(() => list.find((i) => i.Code === order.instrument.Code), [list, order.instrument.Code]);
  const held = order.Quantity;
  const msgs = useFieldMessages<'close-lots'>({ 'close-lots': partCloseNote(lots, held, inst, false) });

  const send = (): Promise<boolean> | null => {
    if (!msgs.showAll({ 'close-lots': partCloseNote(lots, held, inst, true) })) return null;
    const typed = readTypedNumber(lots);
    if (typed.kind !== 'number') return null;
    return closePosition(order.Id, typed.text, { held, refused: (text) => msgs.show('close-lots', { text }) });
  };
  const action = partCloseAction(lots, held, msgs.of('close-lots') !== null, inst?.Pip);

  return (
    <OrderEditForm
      testId="part-close-form"
      send={send}
      onDone={onDone}
      actionKey="orders.close_part_confirm"
      actionText={t(action.key, action.params)}
      action="close-part"
      tone="danger"
    >
      <PriceBox
        field="close-lots"
        label={t('orders.close_lots')}
        hint={t('orders.close_lots_hint', { lots: orderLots(order) })}
        value={lots}
        onChange={msgs.edit('close-lots', setLots)}
        note={msgs.of('close-lots')}
      />
    </OrderEditForm>
  );
}
