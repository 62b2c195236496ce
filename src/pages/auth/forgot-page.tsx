// /forgot (docs/contract.md §7 forget_password).
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { forgetPassword } from '../../api/account.ts';
import { toast } from '../../state/shell/toasts.ts';
import { AuthForm } from '../../components/credentials/auth-form.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { ChannelAccount, useChannelAccount } from './channel-account.tsx';
import { CodeAndPasswords } from '../../components/credentials/code-and-passwords.tsx';
import { codeTarget, requestAccountCode } from '../../components/credentials/request-code.ts';
import type { SendResult } from '../../components/forms/send-code-button.tsx';
import { useFieldErrors } from '../../components/credentials/use-field-errors.ts';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { usePasswordForm } from '../../components/credentials/use-password-form.ts';
import { livePasswordProblem, validateForgot, type ResetField } from '../../components/credentials/validation.ts';

export function ForgotPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const who = useChannelAccount();
  const form = usePasswordForm();
  const { type, account, area } = who;
  // The password's length rule as typed: the message shows under the field at once, not after a submit.
  const errors = useFieldErrors<ResetField>({ password: livePasswordProblem(form.password) });

  const send = (): Promise<SendResult> =>
    requestAccountCode(
      { type, account, areaId: area?.id, purpose: 2, sentText: t('auth.code_sent'), onKey: form.setCodeKey },
      errors.setError,
    );

  const sending = useFormSubmit(
    () =>
      errors.accept(
        validateForgot({ type, account, code: form.code, password: form.password, rePassword: form.rePassword }),
      ),
    async () => {
      const env = await forgetPassword({
        type,
        account: account.trim(),
        area_id: type === 'mobile' ? area?.id : undefined,
        new_password: form.password,
        secondary_password: form.rePassword,
        auth_code: form.code.trim(),
        key: form.codeKey,
      });
      toast(env.msg || t('auth.password_reset_done'));
      void navigate('/login', { replace: true });
    },
  );

  return (
    <AuthScreen titleKey="page.forgot" heroKey="auth.forgot_title" hintKey="auth.forgot_hint">
      <AuthForm sending={sending} submitKey="auth.reset_password" testId="forgot-submit">
        <ChannelAccount state={who} errors={errors} labelKey="auth.reset_by" />
        <CodeAndPasswords
          form={form}
          errors={errors}
          onSend={send}
          target={account.trim() ? codeTarget(type, account) : undefined}
          rePasswordName="secondary_password"
        />
      </AuthForm>
    </AuthScreen>
  );
}
