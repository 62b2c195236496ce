// /forgot: a code to the account's e-mail or phone, then a new password twice (SPEC §7 forget_password).
import { useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { forgetPassword, sendCode, type LoginType } from '../../api/account.ts';
import { toast } from '../../state/toasts.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { Field } from '../../components/field.tsx';
import { Segmented } from '../../components/segmented.tsx';
import { AreaPicker } from '../../components/area-picker.tsx';
import { SendCodeButton } from '../../components/send-code-button.tsx';
import { AuthHero } from './auth-hero.tsx';
import { CHANNEL_OPTIONS } from './channels.ts';
import { useAreas } from './use-areas.ts';
import { validateAccount, validateForgot, type FieldError, type ResetField } from './validation.ts';
import './auth.css';

export function ForgotPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [error, setError] = useState<FieldError<ResetField> | null>(null);
  const [busy, setBusy] = useState(false);
  const { areas, area, setArea } = useAreas(type === 'mobile');

  const edit = (field: ResetField, set: (v: string) => void) => (v: string) => {
    set(v);
    if (error?.field === field) setError(null);
  };
  const fieldError = (field: ResetField): string | null => (error?.field === field ? error.key : null);

  const send = async (): Promise<boolean> => {
    const problem = validateAccount(type, account);
    setError(problem);
    if (problem) return false;
    try {
      const env = await sendCode(type, account.trim(), type === 'mobile' ? area?.id : undefined, 2);
      toast(env.msg || t('auth.code_sent'));
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const problem = validateForgot({ type, account, code, password, rePassword });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const env = await forgetPassword({
        type,
        account: account.trim(),
        area_id: type === 'mobile' ? area?.id : undefined,
        new_password: password,
        secondary_password: rePassword,
        auth_code: code.trim(),
      });
      toast(env.msg || t('auth.password_reset_done'));
      void navigate('/login', { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page">
      <TitleBar titleKey="page.forgot" back />
      <div className="page-body">
        <AuthHero titleKey="auth.forgot_title" hintKey="auth.forgot_hint" />
        <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
          <Segmented
            labelKey="auth.reset_by"
            options={CHANNEL_OPTIONS}
            value={type}
            onChange={(v) => {
              setType(v);
              setAccount('');
              setError(null);
            }}
          />
          {type === 'email' ? (
            <Field
              name="email"
              type="email"
              labelKey="auth.email"
              placeholderKey="auth.email_placeholder"
              value={account}
              onChange={edit('account', setAccount)}
              errorKey={fieldError('account')}
              autoComplete="email"
              autoCapitalize="none"
            />
          ) : (
            <Field
              name="mobile"
              type="tel"
              labelKey="auth.mobile"
              placeholderKey="auth.mobile_placeholder"
              value={account}
              onChange={edit('account', setAccount)}
              errorKey={fieldError('account')}
              autoComplete="tel-national"
              inputMode="tel"
              start={<AreaPicker areas={areas} value={area} onChange={setArea} />}
            />
          )}
          <div className="auth-code-field">
            <Field
              name="code"
              labelKey="auth.code"
              placeholderKey="auth.code_placeholder"
              value={code}
              onChange={edit('code', setCode)}
              errorKey={fieldError('code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              end={<SendCodeButton onSend={send} />}
            />
          </div>
          <Field
            name="new_password"
            type="password"
            labelKey="auth.new_password"
            placeholderKey="auth.password_placeholder"
            value={password}
            onChange={edit('password', setPassword)}
            errorKey={fieldError('password')}
            autoComplete="new-password"
          />
          <Field
            name="secondary_password"
            type="password"
            labelKey="auth.repassword"
            placeholderKey="auth.repassword_placeholder"
            value={rePassword}
            onChange={edit('rePassword', setRePassword)}
            errorKey={fieldError('rePassword')}
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="forgot-submit">
            {t('auth.reset_password')}
          </button>
        </form>
      </div>
    </div>
  );
}
