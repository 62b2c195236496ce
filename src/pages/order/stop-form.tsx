// Edit stop-profit / stop-loss / trailing distance of a holding order: all boxes at once, empty (or 0) clears one,
// side hints against the live price; the server checks the sides and its message is the toast.
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../domain/types.ts';
import { saveStops } from '../../state/orders.ts';
import { toast } from '../../state/toasts.ts';
import { LiveText } from '../../components/live-text.tsx';
import { orderLiveText } from './order-live.ts';
import { stopHints, stopInput, stopParams, trailOf } from './order-format.ts';
import { NumberInput } from '../../components/number-input.tsx';
import { OrderEditForm } from './order-edit-form.tsx';

function PriceBox({ field, label, hint, value, onChange }: { field: string; label: string; hint: string; value: string; onChange: (v: string) => void }): ReactElement {
  return (
    <label className="od-stop">
      <span className="od-stop__label">{label}</span>
      <NumberInput className="od-input num" data-field={field} value={value} onChange={onChange} />
      <span className="od-stop__hint muted" data-hint={field}>
        {hint}
      </span>
    </label>
  );
}

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

  const send = (): Promise<boolean> | null => {
    const params = stopParams(order.Id, profit, loss, trail);
    if ('error' in params) {
      toast(t(`errors.${params.error}`));
      return null;
    }
    return saveStops(params);
  };

  return (
    <OrderEditForm testId="stop-form" send={send} onDone={onDone} actionKey="orders.save_stops" action="save-stops" tone="primary">
      <p className="od-stops__now muted">
        <span>{t('orders.current_price')}</span>
        <LiveText $text={live.current} field="stop-current" />
      </p>
      <PriceBox field="stop-profit" label={t('trade.stop_profit')} hint={t(hints.profit)} value={profit} onChange={setProfit} />
      <PriceBox field="stop-loss" label={t('trade.stop_loss')} hint={t(hints.loss)} value={loss} onChange={setLoss} />
      <PriceBox field="trail-distance" label={t('orders.trail_distance')} hint={t('orders.trail_hint')} value={trail} onChange={setTrail} />
      <p className="od-stops__note muted">{t('orders.stops_clear_hint')}</p>
    </OrderEditForm>
  );
}
