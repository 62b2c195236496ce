// Shared by the password reset and the password change.
import type { ReactElement } from 'react';
import type { FieldErrors } from './use-field-errors.ts';
import type { PasswordForm } from './use-password-form.ts';
import type { ChangeField } from './validation.ts';
import { CodeInput } from './code-input.tsx';
import type { SendResult } from '../forms/send-code-button.tsx';
import { PasswordInputs } from './password-inputs.tsx';

export interface CodeAndPasswordsProps {
  form: PasswordForm;
  errors: Pick<FieldErrors<ChangeField>, 'inputProps'>;
  onSend: () => Promise<SendResult>;
  /** The server's wait survives leaving the page. */
  target?: string | undefined;
  /** As the screen's request calls it. */
  rePasswordName: string;
}

export function CodeAndPasswords({
  form,
  errors,
  onSend,
  target,
  rePasswordName,
}: CodeAndPasswordsProps): ReactElement {
  return (
    <>
      <CodeInput {...errors.inputProps('code', form.code, form.setCode)} onSend={onSend} target={target} />
      <PasswordInputs
        names={['new_password', rePasswordName]}
        labelKey="auth.new_password"
        form={form}
        errors={errors}
      />
    </>
  );
}
