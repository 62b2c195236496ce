// Edit stop-profit / stop-loss / trailing distance of a holding order: all boxes at once, empty (or 0) clears one,
// side hints against the live price. A box that is not a number says so under itself as it is typed; the server checks
// the sides and its refusal shows under the form (useFieldMessages), never as a toast over it.
import { useId, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Order } from '../../../domain/types.ts';
import { saveStops } from '../../state/orders/orders.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { describedBy, FieldMessage } from '../../components/forms/field-message.tsx';
import { useFieldMessages, type FieldNote } from '../../components/forms/use-field-messages.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { orderLiveText } from './order-live.ts';
import { trailOf } from '../../../domain/order-rules.ts';
import { stopHints, stopInput, stopParams } from './order-format.ts';
import { NumberInput } from '../../components/forms/number-input.tsx';
import { OrderEditForm } from './order-edit-form.tsx';

type StopField = 'stop-profit' | 'stop-loss' | 'trail-distance';

interface PriceBoxProps {
  field: StopField;
  label: string;
  hint: string;
  value: string;
  onChange: (v: string) => void;
  note: FieldNote | null;
}

function PriceBox({ field, label, hint, value, onChange, note }: PriceBoxProps): ReactElement {
  const id = useId();
  return (
    <>
      <label className="od-stop">
        <span className="od-stop__label">{label}</span>
        <NumberInput
          className="od-input num"
          data-field={field}
          value={value}
          onChange={onChange}
          {...describedBy(id, note)}
        />
        <span className="od-stop__hint muted" data-hint={field}>
          {hint}
        </span>
      </label>
      <FieldMessage id={id} field={field} note={note} />
    </>
  );
}

/** A box's message as typed: text that is not a number (empty clears the stop and is fine). */
const notANumber = (text: string, key: string): FieldNote | null =>
  readTypedNumber(text).kind === 'invalid' ? { key } : null;

export interface StopFormProps {
  order: Order;
  onDone: () => void;
}

export function StopForm({ order, onDone }: StopFormProps): ReactElement {
  const { t } = useTranslation();
  const [profit, setProfit] = useState(() => stopInput(order.TargetProfitPrice));
  const [loss, setLoss] = useState(() => stopInput(order.TargetLossPrice));
  const [trail, setTrail] = useState(() => trailOf(order) ?? '');
  const hints = stopHints(order.OrderType);
  const live = useMemo(() => orderLiveText(order, undefined), [order]);
  const msgs = useFieldMessages<StopField>({
    'stop-profit': notANumber(profit, 'errors.stop_price_invalid'),
    'stop-loss': notANumber(loss, 'errors.stop_price_invalid'),
    'trail-distance': notANumber(trail, 'errors.trail_distance_invalid'),
  });
  const formMsgId = useId();

  const send = (): Promise<boolean> | null => {
    const params = stopParams(order.Id, profit, loss, trail);
    if ('error' in params || msgs.blocked) return null; // each box already says why under itself
    return saveStops(params, { refused: (text) => msgs.show('form', { text }) });
  };

  return (
    <OrderEditForm
      testId="stop-form"
      send={send}
      onDone={onDone}
      actionKey="orders.save_stops"
      action="save-stops"
      tone="primary"
    >
      <p className="od-stops__now muted">
        <span>{t('orders.current_price')}</span>
        <LiveText $text={live.current} field="stop-current" />
      </p>
      <PriceBox
        field="stop-profit"
        label={t('trade.stop_profit')}
        hint={t(hints.profit)}
        value={profit}
        onChange={msgs.edit('stop-profit', setProfit)}
        note={msgs.of('stop-profit')}
      />
      <PriceBox
        field="stop-loss"
        label={t('trade.stop_loss')}
        hint={t(hints.loss)}
        value={loss}
        onChange={msgs.edit('stop-loss', setLoss)}
        note={msgs.of('stop-loss')}
      />
      <PriceBox
        field="trail-distance"
        label={t('orders.trail_distance')}
        hint={t('orders.trail_hint')}
        value={trail}
        onChange={msgs.edit('trail-distance', setTrail)}
        note={msgs.of('trail-distance')}
      />
      <p className="od-stops__note muted">{t('orders.stops_clear_hint')}</p>
      <FieldMessage id={formMsgId} field="form" note={msgs.of('form')} />
    </OrderEditForm>
  );
}
