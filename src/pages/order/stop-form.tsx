// Each box is checked as typed with the server's rule (domain/order-rules.ts); a refusal shows under the form.
import { useId, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Instrument, AppOrder } from '../../../domain/types.ts';
import { livePosition, saveStops } from '../../state/orders/orders.ts';
import { isDecimalText, readTypedNumber } from '../../../domain/decimal-text.ts';
import { describedBy, FieldMessage } from '../../components/forms/field-message.tsx';
import { useFieldMessages, type FieldNote } from '../../components/forms/use-field-messages.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { orderLiveText } from './order-live.ts';
import { pipsBetween, stopSideKey, trailOf } from '../../../domain/order-rules.ts';
import { positionPnl, sideOf } from '../../../domain/trade-maths.ts';
import { lots, price } from '../../../domain/units.ts';
import { dec, exactText } from '../../../domain/decimal.ts';
import { formatPnl } from '../../i18n/format.ts';
import { stopHints, stopInput, stopParams } from './order-format.ts';
import { NumberInput } from '../../components/forms/number-input.tsx';
import { ActionPair } from '../../components/overlays/action-pair.tsx';
import { submitHandler } from '../../components/forms/submit-handler.ts';

// `send` returns null when it has shown why nothing is sent, else whether the server took it; taken closes the form.
interface OrderEditFormProps {
  testId: string;
  send: () => Promise<boolean> | null;
  onDone: () => void;
  actionKey: string;
  /** When they change as the trader types. */
  actionText?: string;
  action: string;
  tone: 'primary' | 'danger';
  children: ReactNode;
}

export function OrderEditForm(p: OrderEditFormProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    const sending = p.send();
    if (sending === null) return;
    setBusy(true);
    const ok = await sending;
    setBusy(false);
    if (ok) p.onDone();
  };
  return (
    <form className="od-stops" data-testid={p.testId} onSubmit={submitHandler(submit)}>
      {p.children}
      <ActionPair
        className="od-actions"
        onBack={p.onDone}
        actionKey={p.actionKey}
        actionText={p.actionText}
        tone={p.tone}
        action={p.action}
        busy={busy}
      />
    </form>
  );
}

type StopField = 'stop-profit' | 'stop-loss' | 'trail-distance';

interface PriceBoxProps {
  field: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (v: string) => void;
  note: FieldNote | null;
  /** "54.0 pips · P&L at stop loss −12.34": what this stop means, '' when it means nothing yet. */
  outcome?: string;
}

/** One price or lots box of the order sheet's forms, its message under it. */
export function PriceBox({ field, label, hint, value, onChange, note, outcome }: PriceBoxProps): ReactElement {
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
        {hint ? (
          <span className="od-stop__hint muted" data-hint={field}>
            {hint}
          </span>
        ) : null}
      </label>
      {outcome ? (
        <p className="od-stop__outcome num" data-outcome={field}>
          {outcome}
        </p>
      ) : null}
      <FieldMessage id={id} field={field} note={note} />
    </>
  );
}

// The TP/SL sheet's rules are the order form's (docs/orders-screen.md "Decisions the spec left open").
/** Null when kept (empty clears it). */
function stopNote(orderType: number, kind: 'profit' | 'loss', ref: string, text: string): FieldNote | null {
  const typed = readTypedNumber(text);
  if (typed.kind === 'invalid') return { key: 'errors.stop_price_invalid' };
  if (typed.kind === 'empty' || dec(typed.text).isZero()) return null;
  const side = stopSideKey(sideOf(orderType), kind, ref, typed.text);
  return side ? { key: `errors.${side}` } : null;
}

/** Null while it is no price. */
function stopOutcome(
  order: AppOrder,
  inst: Pick<Instrument, 'MarginMode' | 'ForexContNum' | 'ForexFeeRate'> | undefined,
  text: string,
): { pips: string; pnl: string } | null {
  const typed = readTypedNumber(text);
  if (!inst || typed.kind !== 'number' || dec(typed.text).isZero() || !isDecimalText(order.Price)) return null;
  const pips = pipsBetween(order.Price, typed.text, order.instrument.PricePrecision);
  if (pips === null) return null;
  const at = positionPnl(inst, sideOf(order.OrderType), lots(order.Quantity), price(order.Price), price(typed.text));
  return { pips, pnl: formatPnl(exactText(at)) };
}

/** Empty clears the stop and is fine. */
const notANumber = (text: string, key: string): FieldNote | null =>
  readTypedNumber(text).kind === 'invalid' ? { key } : null;

interface StopFormProps {
  order: AppOrder;
  /** Units per lot for the P&L at a stop; undefined until the list is in. */
  inst: Instrument | undefined;
  onDone: () => void;
}

export function StopForm({ order, inst, onDone }: StopFormProps): ReactElement {
  const { t } = useTranslation();
  const [profit, setProfit] = useState(() => stopInput(order.TargetProfitPrice));
  const [loss, setLoss] = useState(() => stopInput(order.TargetLossPrice));
  const [trail, setTrail] = useState(() => trailOf(order) ?? '');
  const hints = stopHints(order.OrderType);
  const live = useMemo(() => orderLiveText(order, undefined), [order]);
  // The server judges stops against the closing side; read per render, as a render follows every keystroke.
  const ref = livePosition(order.Id).$current.peek() ?? order.UpdatePrice;
  // A trailing distance replaces the typed stop-loss on the server, so the typed one is not side-checked then.
  const trailing = readTypedNumber(trail).kind === 'number' && Number(trail) > 0;
  const msgs = useFieldMessages<StopField>({
    'stop-profit': stopNote(order.OrderType, 'profit', ref, profit),
    'stop-loss': trailing
      ? notANumber(loss, 'errors.stop_price_invalid')
      : stopNote(order.OrderType, 'loss', ref, loss),
    'trail-distance': notANumber(trail, 'errors.trail_distance_invalid'),
  });
  const outcome = (kind: 'profit' | 'loss', text: string): string => {
    const o = stopOutcome(order, inst, text);
    return o ? `${t('trade.pips', { pips: o.pips })} · ${t(`trade.pnl_at_stop_${kind}`)} ${o.pnl}` : '';
  };
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
        outcome={msgs.of('stop-profit') ? '' : outcome('profit', profit)}
      />
      <PriceBox
        field="stop-loss"
        label={t('trade.stop_loss')}
        hint={t(hints.loss)}
        value={loss}
        onChange={msgs.edit('stop-loss', setLoss)}
        note={msgs.of('stop-loss')}
        outcome={msgs.of('stop-loss') || trailing ? '' : outcome('loss', loss)}
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
