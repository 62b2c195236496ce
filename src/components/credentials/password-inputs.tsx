// A new password and its repetition, each with its own message (rules in validation.ts validatePasswords).
import type { ReactElement } from 'react';
import { Field } from '../forms/field.tsx';
import { NEW_PASSWORD_FIELD, REPEAT_PASSWORD_FIELD } from './auth-fields.ts';
import type { FieldErrors } from './use-field-errors.ts';
import type { PasswordForm } from './use-password-form.ts';
import type { PasswordField } from './validation.ts';

export interface PasswordInputsProps {
  /** Input names, as each screen's request calls them (password/re_password, new_password/secondary_password). */
  names: readonly [password: string, rePassword: string];
  /** Label of the first field ("Password" on register, "New password" elsewhere). */
  labelKey: string;
  form: Pick<PasswordForm, 'password' | 'setPassword' | 'rePassword' | 'setRePassword'>;
  errors: Pick<FieldErrors<PasswordField>, 'inputProps'>;
}

export function PasswordInputs({ names, labelKey, form, errors }: PasswordInputsProps): ReactElement {
  return (
    <>
      <Field
        {...NEW_PASSWORD_FIELD}
        name={names[0]}
        labelKey={labelKey}
        {...errors.inputProps('password', form.password, form.setPassword)}
      />
      <Field
        {...REPEAT_PASSWORD_FIELD}
        name={names[1]}
        {...errors.inputProps('rePassword', form.rePassword, form.setRePassword)}
      />
    </>
  );
}
