// The app's number field (lots, prices, stops, fund amounts): a text input with the decimal keypad that hands on
// exactly what was typed. It never filters or rewrites the text; the form reads it with readTypedNumber
// (domain/decimal-text.ts) and refuses what is not a number with its own message.
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
