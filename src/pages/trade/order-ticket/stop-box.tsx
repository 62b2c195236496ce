// The price is sent only while ticked.
import { PriceInput } from './price-input.tsx';
import { FieldMessage } from '../../../components/forms/field-message.tsx';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
import type { ReadonlySignal } from '@preact/signals-react';
import { LiveText } from '../../../components/text/live-text.tsx';
import './stop-box.css';

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
      <PriceInput
        field={field}
        label={label}
        value={value}
        placeholder={placeholder}
        disabled={!on}
        onChange={onChange}
        note={note}
        messageId={messageId}
      />
      {on ? <LiveText className="tr-pips" $text={$pips} field={`${field}-pips`} prose /> : null}
      <FieldMessage id={messageId} field={field} note={note} />
    </div>
  );
}
