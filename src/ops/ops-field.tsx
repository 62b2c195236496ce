// The console's form pieces, so every screen asks for a secret and shows a refusal the same way.
import type { InputHTMLAttributes, ReactElement } from 'react';
import { OPS_TEXT } from './texts.ts';

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

// Each secret keeps the name and autocomplete hint that password managers and the server key on.
const SECRETS = {
  current: { label: OPS_TEXT.password, name: 'password', type: 'password', autoComplete: 'current-password' },
  own: { label: OPS_TEXT.ownPassword, name: 'new_password', type: 'password', autoComplete: 'new-password' },
  code: { label: OPS_TEXT.code, name: 'code', inputMode: 'numeric', autoComplete: 'one-time-code' },
  token: { label: OPS_TEXT.token, name: 'token', type: 'password', autoComplete: 'off' },
} as const satisfies Record<string, Partial<OpsFieldProps>>;

export function SecretField({
  kind,
  ...field
}: Omit<OpsFieldProps, 'label'> & { kind: keyof typeof SECRETS; label?: string }): ReactElement {
  return <OpsField {...SECRETS[kind]} {...field} label={field.label ?? SECRETS[kind].label} />;
}

export function OpsAlert({ text }: { text: string | null }): ReactElement | null {
  return text ? (
    <p className="ops-error" role="alert">
      {text}
    </p>
  ) : null;
}
