// A tick starts a stop at a valid distance on its side (order-draft.ts); a typed price is kept.
import type { ReadonlySignal } from '@preact/signals-react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { FieldMessages, FieldNote } from '../../../components/forms/use-field-messages.ts';
import type { Instrument } from '../../../../domain/types.ts';
import type { DraftField, OrderDraft, OrderSide, StopKind } from './order-draft.ts';
import { stopOf, stopStartFor, toggleStop, typeStop } from './order-draft.ts';
import { NumberInput } from '../../../components/forms/number-input.tsx';
import { describedBy, FieldMessage } from '../../../components/forms/field-message.tsx';
import { LiveText } from '../../../components/text/live-text.tsx';
import './stop-box.css';

// The price is sent only while ticked.
export interface StopBoxProps {
  field: 'stop-profit' | 'stop-loss';
  label: string;
  on: boolean;
  value: string;
  placeholder: string;
  onToggle: (on: boolean) => void;
  onChange: (value: string) => void;
  note: FieldNote | null;
  messageId: string;
  /** Text only, in a fixed-height line. */
  $pips: ReadonlySignal<string>;
}

export function StopBox({
  field,
  label,
  on,
  value,
  placeholder,
  onToggle,
  onChange,
  note,
  messageId,
  $pips,
}: StopBoxProps) {
  return (
    <div className="tr-stop" data-on={on ? 'true' : 'false'}>
      <label className="tr-check">
        <input type="checkbox" checked={on} data-field={`${field}-on`} onChange={(e) => onToggle(e.target.checked)} />
        <span>{label}</span>
      </label>
      {/* The text as typed; the order checks refuse what is not a price. */}
      <NumberInput
        className="tr-input tw-num"
        aria-label={label}
        placeholder={placeholder}
        disabled={!on}
        data-field={field}
        {...describedBy(messageId, note)}
        value={value}
        onChange={onChange}
      />
      {on ? <LiveText className="tr-pips" $text={$pips} field={`${field}-pips`} prose /> : null}
      <FieldMessage id={messageId} field={field} note={note} />
    </div>
  );
}

export interface OrderStopsProps {
  inst: Instrument;
  draft: OrderDraft;
  side: OrderSide;
  /** Read on user input only. */
  nowPrice: () => string;
  msgs: FieldMessages<DraftField>;
  /** That field's shown message is dropped. */
  change: (field: DraftField, patch: Partial<OrderDraft>) => void;
  formId: string;
  $profitPips: ReadonlySignal<string>;
  $lossPips: ReadonlySignal<string>;
}

export function OrderStops({
  inst,
  draft,
  side,
  nowPrice,
  msgs,
  change,
  formId,
  $profitPips,
  $lossPips,
}: OrderStopsProps) {
  const { t } = useTranslation();
  const stopBox = (kind: StopKind) => {
    const field = kind === 'profit' ? 'stop-profit' : 'stop-loss';
    return {
      ...stopOf(draft, kind),
      placeholder: nowPrice(),
      note: msgs.of(field),
      onToggle: (on: boolean) =>
        change(
          field,
          toggleStop(draft, kind, on, () => stopStartFor(inst, draft, side, kind, nowPrice())),
        ),
      onChange: (v: string) => change(field, typeStop(kind, v)),
    };
  };
  return (
    <>
      <StopBox
        field="stop-profit"
        messageId={`${formId}-stop-profit`}
        label={t('trade.stop_profit')}
        $pips={$profitPips}
        {...stopBox('profit')}
      />
      <StopBox
        field="stop-loss"
        messageId={`${formId}-stop-loss`}
        label={t('trade.stop_loss')}
        $pips={$lossPips}
        {...stopBox('loss')}
      />
    </>
  );
}
