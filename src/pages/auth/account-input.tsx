// The address a code goes to: an e-mail field, or a phone field with its calling-code picker, by the channel tab.
import type { ReactElement } from 'react';
import type { LoginType } from '../../api/account.ts';
import type { AreaCode } from '../../domain/types.ts';
import { Field } from '../../components/field.tsx';
import { AreaPicker } from '../../components/area-picker.tsx';

export interface AccountInputProps {
  type: LoginType;
  value: string;
  onChange: (value: string) => void;
  errorKey: string | null;
  areas: readonly AreaCode[];
  area: AreaCode | null;
  onArea: (area: AreaCode) => void;
}

export function AccountInput({ type, value, onChange, errorKey, areas, area, onArea }: AccountInputProps): ReactElement {
  return type === 'email' ? (
    <Field
      name="email"
      type="email"
      labelKey="auth.email"
      placeholderKey="auth.email_placeholder"
      value={value}
      onChange={onChange}
      errorKey={errorKey}
      autoComplete="email"
      autoCapitalize="none"
    />
  ) : (
    <Field
      name="mobile"
      type="tel"
      labelKey="auth.mobile"
      placeholderKey="auth.mobile_placeholder"
      value={value}
      onChange={onChange}
      errorKey={errorKey}
      autoComplete="tel-national"
      inputMode="tel"
      start={<AreaPicker areas={areas} value={area} onChange={onArea} />}
    />
  );
}
