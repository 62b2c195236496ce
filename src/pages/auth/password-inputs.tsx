// A new password and its repetition, each with its own message (rules in validation.ts validatePasswords).
import type { ReactElement } from 'react';
import { Field } from '../../components/field.tsx';
import type { FieldErrors } from './use-field-errors.ts';
import type { PasswordForm } from './use-password-form.ts';
import type { PasswordField } from './validation.ts';

export interface PasswordInputsProps {
  /** Input names, as each screen's request calls them (password/re_password, new_password/secondary_password). */
  names: readonly [password: string, rePassword: string];
  /** Label of the first field ("Password" on register, "New password" elsewhere). */
  labelKey: string;
  form: Pick<PasswordForm, 'password' | 'setPassword' | 'rePassword' | 'setRePassword'>;
  errors: Pick<FieldErrors<PasswordField>, 'edit' | 'fieldError'>;
}

export function PasswordInputs({ names, labelKey, form, errors }: PasswordInputsProps): ReactElement {
  const { edit, fieldError } = errors;
  return (
    <>
      <Field
        name={names[0]}
        type="password"
        labelKey={labelKey}
        placeholderKey="auth.password_placeholder"
        value={form.password}
        onChange={edit('password', form.setPassword)}
        errorKey={fieldError('password')}
        autoComplete="new-password"
      />
      <Field
        name={names[1]}
        type="password"
        labelKey="auth.repassword"
        placeholderKey="auth.repassword_placeholder"
        value={form.rePassword}
        onChange={edit('rePassword', form.setRePassword)}
        errorKey={fieldError('rePassword')}
        autoComplete="new-password"
      />
    </>
  );
}
