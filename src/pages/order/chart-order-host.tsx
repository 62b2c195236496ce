// What the orders on the chart ask for (src/chart/chart-order-edit.ts); a chunk of its own, loaded on first request.
import { useEffect, useId, useMemo, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $heldPositions, cancelPending, movePending, orderLists, saveStops } from '../../state/orders/orders.ts';
import { $chartOrderEdit, $chartStopMove, closeChartOrder, endStopMove } from '../../chart/chart-order-edit.ts';
import { movedStopParams } from '../../chart/order-lines.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { OrderEditForm, PriceBox, StopForm } from './stop-form.tsx';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { orderLiveText } from './order-live.ts';
import { OrderDetail } from './order-detail.tsx';
import type { AppOrder } from '../../../domain/types.ts';
import './orders.css';
import { orderLots } from '../../state/market/lot-step.ts';

// A pending order's price from the chart's edit sheet; the server's refusal shows under the form, never as a toast.
function PendingPriceForm({ order, onDone }: { order: AppOrder; onDone: () => void }): ReactElement {
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

export function ChartOrderHost(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const edit = $chartOrderEdit.value;
  const move = $chartStopMove.value;
  // The order as it is now (an event may change it while the sheet is open); gone (closed, cancelled): no sheet.
  const order: AppOrder | undefined =
    edit === null
      ? undefined
      : ($heldPositions.value.find((o) => o.Id === edit.orderId) ??
        orderLists[0].value.items.find((o) => o.Id === edit.orderId));
  useEffect(() => {
    if (edit !== null && !order) closeChartOrder();
  }, [edit, order]);

  const confirmMove = async () => {
    if (!move) return;
    endStopMove();
    const { line, price } = move;
    if (line.role === 'pending') {
      move.answer(await movePending(line.order.Id, price));
      return;
    }
    move.answer(await saveStops(movedStopParams(line.order, line.role === 'tp' ? 'tp' : 'sl', price)));
  };
  const side = (o: AppOrder) => t(o.OrderType === 1 ? 'trade.buy_up' : 'trade.buy_low');

  return (
    <>
      <BottomSheet open={order !== undefined} onClose={closeChartOrder} titleKey="chart_lines.edit_title">
        {order && edit ? (
          <div className="od-sheet" data-testid="chart-order-sheet" data-order={order.Id}>
            <OrderDetail order={order} inst={edit.inst} headOnly />
            {order.Status === 1 ? (
              <StopForm order={order} inst={edit.inst} onDone={closeChartOrder} />
            ) : (
              <>
                <PendingPriceForm order={order} onDone={closeChartOrder} />
                <div className="od-actions">
                  <button
                    type="button"
                    className="btn btn-danger"
                    data-action="cancel-order"
                    onClick={() => {
                      closeChartOrder();
                      void cancelPending(order.Id);
                    }}
                  >
                    {t('orders.cancel_order')}
                  </button>
                </div>
              </>
            )}
          </div>
        ) : null}
      </BottomSheet>
      <ConfirmDialog
        open={move !== null}
        titleKey={move?.line.role === 'pending' ? 'chart_lines.move_pending_title' : 'chart_lines.move_title'}
        messageKey={`chart_lines.move_${move?.line.role === 'pending' ? 'pending' : move?.line.role === 'tp' ? 'tp' : 'sl'}`}
        messageParams={
          move
            ? {
                side: side(move.line.order),
                lots: orderLots(move.line.order),
                name: move.inst.ShowCode,
                from: move.line.priceText,
                price: move.price,
              }
            : {}
        }
        onConfirm={() => void confirmMove()}
        onCancel={() => {
          move?.answer(false);
          endStopMove();
        }}
      />
    </>
  );
}
