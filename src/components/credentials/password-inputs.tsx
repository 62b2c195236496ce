import type { ReactElement } from 'react';
import { Field } from '../forms/field.tsx';
import { NEW_PASSWORD_FIELD, REPEAT_PASSWORD_FIELD, type FieldErrors } from './use-field-errors.ts';
import type { PasswordForm } from './use-password-form.ts';
import type { PasswordField } from './validation.ts';

export interface PasswordInputsProps {
  /** As each screen's request calls them. */
  names: readonly [password: string, rePassword: string];
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
