// /forgot: a code to the account's e-mail or phone, then a new password twice (SPEC §7 forget_password).
import { useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { forgetPassword, type LoginType } from '../../api/account.ts';
import { toast } from '../../state/toasts.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { Segmented } from '../../components/segmented.tsx';
import { AuthHero } from './auth-hero.tsx';
import { AccountInput } from './account-input.tsx';
import { CodeInput } from './code-input.tsx';
import { PasswordInputs } from './password-inputs.tsx';
import { CHANNEL_OPTIONS } from './channels.ts';
import { requestAccountCode } from './request-code.ts';
import { useAreas } from './use-areas.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { validateForgot, type ResetField } from './validation.ts';
import './auth.css';

export function ForgotPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [codeKey, setCodeKey] = useState(''); // the sent code's key, sent back with the code
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const { setError, edit, fieldError } = useFieldErrors<ResetField>();
  const [busy, setBusy] = useState(false);
  const { areas, area, setArea } = useAreas(type === 'mobile');

  const send = (): Promise<boolean> =>
    requestAccountCode(
      { type, account, areaId: area?.id, purpose: 2, sentText: t('auth.code_sent'), onKey: setCodeKey },
      setError,
    );

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
        key: codeKey,
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
          <AccountInput
            type={type}
            value={account}
            onChange={edit('account', setAccount)}
            errorKey={fieldError('account')}
            areas={areas}
            area={area}
            onArea={setArea}
          />
          <CodeInput value={code} onChange={edit('code', setCode)} errorKey={fieldError('code')} onSend={send} />
          <PasswordInputs
            names={['new_password', 'secondary_password']}
            labelKey="auth.new_password"
            password={password}
            rePassword={rePassword}
            onPassword={edit('password', setPassword)}
            onRePassword={edit('rePassword', setRePassword)}
            errorOf={fieldError}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="forgot-submit">
            {t('auth.reset_password')}
          </button>
        </form>
      </div>
    </div>
  );
}
