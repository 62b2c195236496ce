import type { InputHTMLAttributes, ReactElement } from 'react';

export interface OpsFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function OpsField({ label, value, onChange, ...input }: OpsFieldProps): ReactElement {
  return (
    <label className="ops-field">
      <span>{label}</span>
      <input {...input} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
