// A pushed FOREX_CLOSED for this order closes the sheet (the store clears $openOrderId).
import { useEffect, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { $instruments } from '../../state/market/instruments.ts';
import { quote } from '../../state/market/quotes.ts';
import { $openOrder, cancelPending, closePosition, closeSheet } from '../../state/orders/orders.ts';
import { OrderDetail } from './order-detail.tsx';
import { StopForm } from './stop-form.tsx';
import { PartCloseForm } from './part-close-form.tsx';

type Confirming = 'close' | 'cancel' | null;

// The buttons each order state offers; `frozen` is only ever true for an open position, so cancelling stays allowed.
const ACTIONS = [
  { status: 0, name: 'cancel-order', label: 'orders.cancel_order', tone: 'danger', then: 'cancel' },
  { status: 1, name: 'edit-stops', label: 'orders.edit_stops', tone: 'secondary', then: 'stops' },
  { status: 1, name: 'close-part-open', label: 'orders.close_part', tone: 'secondary', then: 'part' },
  { status: 1, name: 'close-order', label: 'orders.close_position', tone: 'danger', then: 'close' },
] as const;

export function OrderSheet(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const order = $openOrder.value;
  const inst = order ? $instruments.value.find((i) => i.Id === order.instrumentId) : undefined;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [editing, setEditing] = useState<'stops' | 'part' | null>(null);
  const id = order?.Id ?? null;
  const status = order?.Status ?? null;
  // The server refuses closing or re-stopping during a halt (docs/trading.md "Holding orders"); cancel stays allowed.
  const halt = order ? quote(order.instrument.Code).$halt.value : '';
  const frozen = halt !== '' && order?.Status === 1;

  // Another order, or this one changed state (filled, closed): start from its plain view.
  useEffect(() => {
    setConfirming(null);
    setEditing(null);
  }, [id, status]);

  const confirm = async (): Promise<void> => {
    const what = confirming;
    setConfirming(null);
    if (!order || !what) return;
    if (what === 'close') await closePosition(order.Id);
    else await cancelPending(order.Id);
  };

  return (
    <>
      <BottomSheet open={order !== null} onClose={closeSheet} titleKey="orders.detail">
        {order ? (
          <div className="od-sheet">
            <OrderDetail order={order} inst={inst} headOnly={editing !== null && order.Status === 1} />
            {editing === 'stops' && order.Status === 1 ? (
              <StopForm order={order} inst={inst} onDone={() => setEditing(null)} />
            ) : editing === 'part' && order.Status === 1 ? (
              <PartCloseForm order={order} onDone={() => setEditing(null)} />
            ) : (
              <div className="od-actions">
                {frozen ? (
                  <p className="od-halted" role="status" data-field="halted">
                    {t('trade.halted', { reason: halt })}
                  </p>
                ) : null}
                {ACTIONS.filter((a) => a.status === order.Status).map((a) => (
                  <button
                    key={a.name}
                    type="button"
                    className={`btn btn-${a.tone}`}
                    data-action={a.name}
                    disabled={frozen}
                    onClick={() =>
                      a.then === 'cancel' || a.then === 'close' ? setConfirming(a.then) : setEditing(a.then)
                    }
                  >
                    {t(a.label)}
                  </button>
                ))}
              </div>
            )}
          </div>
        ) : null}
      </BottomSheet>
      <ConfirmDialog
        open={confirming !== null && order !== null}
        titleKey={confirming === 'cancel' ? 'orders.cancel_order' : 'orders.close_position'}
        messageKey={confirming === 'cancel' ? 'orders.cancel_confirm' : 'orders.close_confirm'}
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
