// A price input (target price, stop prices): the text as typed; the order checks refuse what is not a price.
import { NumberInput } from '../../components/number-input.tsx';

export interface PriceInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  disabled?: boolean;
  field: string;
}

export function PriceInput({ value, onChange, label, placeholder, disabled = false, field }: PriceInputProps) {
  return (
    <NumberInput
      className="tr-input tw-num"
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      data-field={field}
      value={value}
      onChange={onChange}
    />
  );
}
