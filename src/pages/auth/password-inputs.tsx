// A new password and its repetition, each with its own message (rules in validation.ts validatePasswords).
import type { ReactElement } from 'react';
import { Field } from '../../components/field.tsx';
import type { PasswordField } from './validation.ts';

export interface PasswordInputsProps {
  /** Input names, as each screen's request calls them (password/re_password, new_password/secondary_password). */
  names: readonly [password: string, rePassword: string];
  /** Label of the first field ("Password" on register, "New password" elsewhere). */
  labelKey: string;
  password: string;
  rePassword: string;
  onPassword: (value: string) => void;
  onRePassword: (value: string) => void;
  errorOf: (field: PasswordField) => string | null;
}

export function PasswordInputs({ names, labelKey, password, rePassword, onPassword, onRePassword, errorOf }: PasswordInputsProps): ReactElement {
  return (
    <>
      <Field
        name={names[0]}
        type="password"
        labelKey={labelKey}
        placeholderKey="auth.password_placeholder"
        value={password}
        onChange={onPassword}
        errorKey={errorOf('password')}
        autoComplete="new-password"
      />
      <Field
        name={names[1]}
        type="password"
        labelKey="auth.repassword"
        placeholderKey="auth.repassword_placeholder"
        value={rePassword}
        onChange={onRePassword}
        errorKey={errorOf('rePassword')}
        autoComplete="new-password"
      />
    </>
  );
}
