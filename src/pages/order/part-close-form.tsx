// Sent as typed; the button says what it will do ("Close all 0.05 lots" for all of it).
import { useMemo, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { $instruments } from '../../state/market/instruments.ts';
import { closePosition } from '../../state/orders/orders.ts';
import { OrderEditForm } from './order-edit-form.tsx';
import { PriceBox } from './stop-form.tsx';
import { partCloseAction, partCloseNote } from './part-close.ts';
import { orderLots } from '../../state/market/lot-step.ts';

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
