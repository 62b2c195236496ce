// A decimal price input (target price, stop prices): digits and one dot only, minimum 0.
import { typedDecimal } from '../../domain/decimal-text.ts';

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
    <input
      className="tr-input tw-num"
      type="text"
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      data-field={field}
      value={value}
      onChange={(e) => onChange(typedDecimal(e.target.value))}
    />
  );
}
