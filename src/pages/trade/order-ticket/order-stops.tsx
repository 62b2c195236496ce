// A stop of the order form: its switch, its price box and the distance in pips.
import type { ReadonlySignal } from '@preact/signals-react';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';
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

export function StopBox(p: StopBoxProps) {
  const { field, on } = p;
  return (
    <div className="tr-stop" data-on={on ? 'true' : 'false'}>
      <label className="tr-check">
        <input type="checkbox" checked={on} data-field={`${field}-on`} onChange={(e) => p.onToggle(e.target.checked)} />
        <span>{p.label}</span>
      </label>
      {/* The text as typed; the order checks refuse what is not a price. */}
      <NumberInput
        className="tr-input tw-num"
        aria-label={p.label}
        placeholder={p.placeholder}
        disabled={!on}
        data-field={field}
        {...describedBy(p.messageId, p.note)}
        value={p.value}
        onChange={p.onChange}
      />
      {on ? <LiveText className="tr-pips" $text={p.$pips} field={`${field}-pips`} prose /> : null}
      <FieldMessage id={p.messageId} field={field} note={p.note} />
    </div>
  );
}
