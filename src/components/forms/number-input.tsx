// Hands on exactly what was typed: the form reads it with readTypedNumber (domain/decimal-text.ts).
import type { InputHTMLAttributes, ReactElement } from 'react';

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  value: string;
  onChange: (text: string) => void;
}

export function NumberInput({ value, onChange, ...input }: NumberInputProps): ReactElement {
  return (
    <input
      {...input}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
