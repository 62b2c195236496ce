// /mine/password: a code to the account's e-mail (or phone) and the new password twice (SPEC §7 amend_password).
import { useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSignals } from '@preact/signals-react/runtime';
import { amendPassword, sendCode, type LoginType } from '../../api/account.ts';
import { $user } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { Field } from '../../components/field.tsx';
import { AreaPicker } from '../../components/area-picker.tsx';
import { SendCodeButton } from '../../components/send-code-button.tsx';
import { useAreas } from '../auth/use-areas.ts';
import { validateChange, type FieldError, type PasswordField } from '../auth/validation.ts';
import '../auth/auth.css';
import './mine.css';

type ChangeField = PasswordField | 'code';

export function PasswordPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = $user.value;
  const channel: LoginType = user?.email ? 'email' : 'mobile';
  const target = (channel === 'email' ? user?.email : user?.mobile) ?? '';
  // The user record has no area id, so a phone account picks its calling code for the SMS.
  const { areas, area, setArea } = useAreas(channel === 'mobile');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<FieldError<ChangeField> | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (field: ChangeField, set: (v: string) => void) => (v: string) => {
    set(v);
    if (error?.field === field) setError(null);
  };
  const fieldError = (field: ChangeField): string | null => (error?.field === field ? error.key : null);

  const send = async (): Promise<boolean> => {
    if (!target) return false;
    try {
      const env = await sendCode(channel, target, channel === 'mobile' ? area?.id : undefined, 2);
      toast(env.msg || t('auth.code_sent'));
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const problem = validateChange({ password, rePassword, code });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const env = await amendPassword({ new_password: password, auth_code: code.trim(), type: channel });
      toast(env.msg || t('auth.password_changed'));
      void navigate('/user', { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <TitleBar titleKey="page.password" back="/user" />
      <div className="page-body">
        <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="mine-target">
            <span className="muted">{t(channel === 'email' ? 'auth.code_to_email' : 'auth.code_to_mobile')}</span>
            <span className="mine-target__value">
              {channel === 'mobile' ? <AreaPicker areas={areas} value={area} onChange={setArea} /> : null}
              <span className="num">{target}</span>
            </span>
          </div>
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
            name="re_password"
            type="password"
            labelKey="auth.repassword"
            placeholderKey="auth.repassword_placeholder"
            value={rePassword}
            onChange={edit('rePassword', setRePassword)}
            errorKey={fieldError('rePassword')}
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="password-submit">
            {t('common.confirm')}
          </button>
        </form>
      </div>
    </div>
  );
}
