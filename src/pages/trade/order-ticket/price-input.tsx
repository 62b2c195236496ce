// The text as typed; the order checks refuse what is not a price.
import { NumberInput } from '../../../components/forms/number-input.tsx';
import { describedBy } from '../../../components/forms/field-message.tsx';
import type { FieldNote } from '../../../components/forms/use-field-messages.ts';

export interface PriceInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  disabled?: boolean;
  field: string;
  /** For aria-invalid / aria-describedby. */
  note?: FieldNote | null;
  messageId?: string;
}

export function PriceInput({
  value,
  onChange,
  label,
  placeholder,
  disabled = false,
  field,
  note = null,
  messageId = '',
}: PriceInputProps) {
  return (
    <NumberInput
      className="tr-input tw-num"
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      data-field={field}
      {...describedBy(messageId, note)}
      value={value}
      onChange={onChange}
    />
  );
}
