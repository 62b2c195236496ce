// /mine/password (docs/contract.md §7 amend_password).
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { amendPassword, type LoginType } from '../../api/account.ts';
import { $user } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { AreaPicker } from '../../components/forms/area-picker.tsx';
import { AuthForm } from '../../components/credentials/auth-form.tsx';
import { CodeAndPasswords } from '../../components/credentials/code-and-passwords.tsx';
import { codeTarget, requestCode } from '../../components/credentials/request-code.ts';
import type { SendResult } from '../../components/forms/send-code-button.tsx';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { FORM_FIELD } from '../../components/forms/use-field-messages.ts';
import { refusalText } from '../../api/client.ts';
import { useAreas } from '../../components/credentials/use-areas.ts';
import { useFieldErrors } from '../../components/credentials/use-field-errors.ts';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { usePasswordForm } from '../../components/credentials/use-password-form.ts';
import { livePasswordProblem, validateChange, type ChangeField } from '../../components/credentials/validation.ts';
import './password-page.css';

export function PasswordPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = $user.value;
  const channel: LoginType = user?.email ? 'email' : 'mobile';
  const target = (channel === 'email' ? user?.email : user?.mobile) ?? '';
  // The user record has no area id, so a phone account picks its calling code for the SMS.
  const { areas, area, setArea } = useAreas(channel === 'mobile');
  const form = usePasswordForm();
  // The length rule as typed; the server's refusal (the current password again, a wrong code) under the form.
  const errors = useFieldErrors<ChangeField>({ password: livePasswordProblem(form.password) });

  const send = async (): Promise<SendResult> => {
    if (!target) return false;
    return requestCode(
      channel,
      target,
      channel === 'mobile' ? area?.id : undefined,
      2,
      t('auth.code_sent'),
      form.setCodeKey,
    );
  };

  const sending = useFormSubmit(
    () => errors.accept(validateChange({ password: form.password, rePassword: form.rePassword, code: form.code })),
    async () => {
      try {
        const env = await amendPassword({
          new_password: form.password,
          auth_code: form.code.trim(),
          type: channel,
          key: form.codeKey,
        });
        toast(env.msg || t('auth.password_changed'));
        void navigate('/user', { replace: true });
      } catch (err) {
        const text = refusalText(err);
        if (text) errors.messages.show(FORM_FIELD, { text });
        throw err;
      }
    },
  );

  return (
    <div className="page">
      <TitleBar titleKey="page.password" back="/user" />
      <div className="page-body">
        <AuthForm sending={sending} submitKey="common.confirm" testId="password-submit">
          <div className="mine-target">
            <span className="muted">{t(channel === 'email' ? 'auth.code_to_email' : 'auth.code_to_mobile')}</span>
            <span className="mine-target__value">
              {channel === 'mobile' ? <AreaPicker areas={areas} value={area} onChange={setArea} /> : null}
              <span className="num">{target}</span>
            </span>
          </div>
          <CodeAndPasswords
            form={form}
            errors={errors}
            onSend={send}
            target={target ? codeTarget(channel, target) : undefined}
            rePasswordName="re_password"
          />
          <FieldMessage id="password-form-message" note={errors.messages.of(FORM_FIELD)} field={FORM_FIELD} />
        </AuthForm>
      </div>
    </div>
  );
}
