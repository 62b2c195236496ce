// A pending order's price from the chart's edit sheet; the server's refusal shows under the form, never as a toast.
import { useId, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { movePending } from '../../state/orders/orders.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { orderLiveText } from './order-live.ts';
import { OrderEditForm } from './order-edit-form.tsx';
import { PriceBox } from './stop-form.tsx';

export function PendingPriceForm({ order, onDone }: { order: AppOrder; onDone: () => void }): ReactElement {
  const { t } = useTranslation();
  const [text, setText] = useState(order.Price);
  const live = useMemo(() => orderLiveText(order, undefined), [order]);
  const typed = readTypedNumber(text);
  const msgs = useFieldMessages<'pending-price'>({
    'pending-price':
      typed.kind === 'number'
        ? null
        : { key: typed.kind === 'empty' ? 'errors.price_required' : 'errors.target_price_invalid' },
  });
  const formMsgId = useId();
  const send = (): Promise<boolean> | null => {
    if (msgs.blocked || typed.kind !== 'number') return null;
    return movePending(order.Id, text.trim(), { refused: (msg) => msgs.show('form', { text: msg }) });
  };
  return (
    <OrderEditForm
      testId="pending-price-form"
      send={send}
      onDone={onDone}
      actionKey="chart_lines.pending_save"
      action="save-pending-price"
      tone="primary"
    >
      <p className="od-stops__now muted">
        <span>{t('orders.current_price')}</span>
        <LiveText $text={live.current} field="pending-current" />
      </p>
      <PriceBox
        field="pending-price"
        label={t('chart_lines.pending_price')}
        value={text}
        onChange={msgs.edit('pending-price', setText)}
        note={msgs.of('pending-price')}
      />
      <FieldMessage id={formMsgId} field="form" note={msgs.of('form')} />
    </OrderEditForm>
  );
}
