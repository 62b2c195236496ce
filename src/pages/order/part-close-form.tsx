// Partial close of a holding order (issue 25): how many lots to close, sent as typed; the server checks the lot step,
// the minimum and what stays open, and answers with a translated message. The button is the confirmation.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../domain/types.ts';
import { readTypedNumber } from '../../domain/decimal-text.ts';
import { NumberInput } from '../../components/number-input.tsx';
import { closePosition } from '../../state/orders.ts';
import { toast } from '../../state/toasts.ts';
import { OrderEditForm } from './order-edit-form.tsx';

export function PartCloseForm({ order, onDone }: { order: Order; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const [lots, setLots] = useState('');

  const send = (): Promise<boolean> | null => {
    const typed = readTypedNumber(lots);
    if (typed.kind !== 'number') {
      toast(t('errors.lots_invalid'));
      return null;
    }
    return closePosition(order.Id, typed.text);
  };

  return (
    <OrderEditForm testId="part-close-form" send={send} onDone={onDone} actionKey="orders.close_part_confirm" action="close-part" tone="danger">
      <label className="od-stop">
        <span className="od-stop__label">{t('orders.close_lots')}</span>
        <NumberInput className="od-input num" data-field="close-lots" value={lots} onChange={setLots} />
        <span className="od-stop__hint muted">{t('orders.close_lots_hint', { lots: order.Quantity })}</span>
      </label>
    </OrderEditForm>
  );
}
