// The form part a password reset and a password change share: the code (with its send button), then the new
// password twice.
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
  /** Where the code goes (codeTarget): the server's wait survives leaving the page. */
  target?: string | undefined;
  /** The repeated password's input name, as the screen's request calls it. */
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
