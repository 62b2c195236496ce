// /login: account (e-mail or phone) + password, then back to `from`; the demo login keeps this browser's demo_id.
import { useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { LoginResult } from '../../../domain/types.ts';
import { demoLogin, login } from '../../api/account.ts';
import { needsSecondFactor } from '../../api/security.ts';
import { demoId, signIn } from '../../state/account/session.ts';
import { safeFrom } from '../../state/shell/navigator.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { Field } from '../../components/forms/field.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import { LanguageButton } from '../../components/icons/language-button.tsx';
import { ACCOUNT_FIELD, LOGIN_PASSWORD_FIELD, useFieldErrors } from '../../components/credentials/use-field-errors.ts';
import { AuthForm } from '../../components/credentials/auth-form.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { validateLogin, type LoginField } from '../../components/credentials/validation.ts';

export function LoginPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery();
  const from = safeFrom(query.get('from'));
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  // Asked once the server says the account has a second factor (docs/security.md "Second factor").
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const { accept, inputProps } = useFieldErrors<LoginField>();

  const finish = (r: LoginResult): void => {
    signIn(r);
    void navigate(from, { replace: true });
  };

  const sending = useFormSubmit(
    () => accept(validateLogin({ account, password })),
    async () => {
      try {
        finish(await login(account, password, askCode ? code : undefined));
      } catch (err) {
        if (needsSecondFactor(err)) setAskCode(true);
        throw err;
      }
    },
  );

  const registerTo = from === '/' ? '/register' : `/register?from=${encodeURIComponent(from)}`;

  return (
    <AuthScreen titleKey="page.login" heroKey="auth.welcome" hintKey="auth.welcome_hint" right={<LanguageButton />}>
      <AuthForm sending={sending} submitKey="auth.login" testId="login-submit">
        <Field {...ACCOUNT_FIELD} {...inputProps('account', account, setAccount)} />
        <Field {...LOGIN_PASSWORD_FIELD} {...inputProps('password', password, setPassword)} />
        {askCode ? (
          <FactorCodeField
            hintKey="security.login_code_hint"
            value={code}
            onChange={setCode}
            inputMode="text"
            autoFocus
            data-testid="login-code"
          />
        ) : null}
        <div className="auth-row-end">
          <Link to="/forgot">{t('auth.forgot')}</Link>
        </div>
      </AuthForm>
      <div className="auth-divider">
        <span>{t('auth.or')}</span>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={sending.busy}
        onClick={() => void sending.during(async () => finish(await demoLogin(await demoId())))}
        data-testid="demo-login"
      >
        {t('auth.demo_login')}
      </button>
      <p className="auth-foot">
        {t('auth.no_account')} <Link to={registerTo}>{t('auth.register_now')}</Link>
      </p>
    </AuthScreen>
  );
}
