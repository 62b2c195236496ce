// A pushed FOREX_CLOSED for this order closes the sheet (the store clears $openOrderId).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { $instruments } from '../../state/market/instruments.ts';
import { quote } from '../../state/market/quotes.ts';
import { $openOrder, cancelPending, closePosition, closeSheet } from '../../state/orders/orders.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderEditForm, PriceBox, StopForm } from './stop-form.tsx';
import type { AppOrder, Instrument } from '../../../domain/types.ts';
import { readTypedNumber } from '../../../domain/decimal-text.ts';
import { dec } from '../../../domain/decimal.ts';
import { canCloseInPart, lotsRule } from '../../../domain/order-rules.ts';
import { lotsText } from '../../../domain/format/lots.ts';
import { useFieldMessages, type FieldNote } from '../../components/forms/use-field-messages.ts';
import { orderLots } from '../../state/market/lot-step.ts';

// A part close is sent as typed; the button says what it will do ("Close all 0.05 lots" for all of it).
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

function PartCloseForm({ order, onDone }: { order: AppOrder; onDone: () => void }): ReactElement {
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
  // At the minimum lots no part can be closed: the whole position only (an unknown instrument leaves it to the server).
  const splittable = !order || !inst || canCloseInPart(order.Quantity, lotsRule(inst.ForexMinCont, inst.Pip));

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
                {ACTIONS.filter((a) => a.status === order.Status && (a.then !== 'part' || splittable)).map((a) => (
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
